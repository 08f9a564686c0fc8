import GraphQLParser

/// The Swift that runs Relay Resolvers: for each resolver, a `RelayResolverFunction` calling the
/// app's function (declared once, in its root fragment's file, so every read shares its memo;
/// a resolver without a root fragment, in each file that reads it), and for each operation or
/// fragment that reads resolver fields, the `resolvers` table the reader finds them in.
///
/// The app's function takes the root fragment's `Data` (unlabelled) and the field's other
/// arguments (labelled by name) and returns the field's Swift type:
/// `func fullName(_ user: UserFullNameResolver.Data) -> String`. The generated closure states
/// that type, so a function that does not fit does not compile.
struct ResolverCode: Sendable {
    let schema: Schema
    let mapping: SwiftTypeMapping
    private let byFragment: [String: [ResolverDefinition]]
    private let byName: [String: ResolverDefinition]
    /// Each root fragment's argument names: the field arguments that go to the fragment.
    private let fragmentArguments: [String: Set<String>]

    init(schema: Schema, mapping: SwiftTypeMapping, program: IRProgram) {
        self.schema = schema
        self.mapping = mapping
        byFragment = ResolverDefinition.byRootFragment(in: schema)
        byName = Dictionary(
            byFragment.values.flatMap { $0 }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let rootNames = Set(byFragment.keys)
        fragmentArguments = Dictionary(
            program.fragments.filter { rootNames.contains($0.name) }.map {
                ($0.name, Set($0.argumentDefinitions.map(\.name)))
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The resolver functions `fragment`'s file declares: those whose root fragment it is.
    func rootFragmentMembers(_ fragment: IRFragment, diagnostics: inout [Diagnostic]) -> [SwiftDeclaration] {
        (byFragment[fragment.name] ?? []).sorted { $0.name < $1.name }
            .map { function($0, diagnostics: &diagnostics) }
    }

    /// `resolvers` (and the fragment-less resolvers it names) for a definition reading
    /// `selections`; nothing when it reads no resolver field.
    func table(for selections: [IRSelection], diagnostics: inout [Diagnostic]) -> [SwiftDeclaration] {
        var names: Set<String> = []
        var edgeQueries: Set<String> = []
        collect(selections, into: &names, edgeQueries: &edgeQueries)
        let definitions = names.sorted().compactMap { byName[$0] }
        guard !definitions.isEmpty else { return [] }
        var members: [SwiftDeclaration] = []
        if !edgeQueries.isEmpty {
            // The queries the runtime fetches a client edge's record with, found by name.
            let entries = edgeQueries.sorted().map { SwiftNames.stringLiteral($0) + ": " + $0 + ".self" }
            members.append(
                SwiftDeclaration(
                    .variable(
                        SwiftVariable(
                            access: .generatedPlumbing, isStatic: true, name: "clientEdgeQueries",
                            type: "[String: any Relay.Operation.Type]",
                            getter: [.return(.identifier("[" + entries.joined(separator: ", ") + "]"))]))))
        }
        let entries = definitions.map { definition -> String in
            guard let fragment = definition.fragmentName else {
                members.append(function(definition, diagnostics: &diagnostics))
                return SwiftNames.stringLiteral(definition.name) + ": " + Self.propertyName(definition)
            }
            return SwiftNames.stringLiteral(definition.name) + ": " + fragment + "." + Self.propertyName(definition)
        }
        members.append(
            SwiftDeclaration(
                .variable(
                    SwiftVariable(
                        access: .generatedPlumbing, isStatic: true, name: "resolvers",
                        type: "[String: RelayResolverFunction]",
                        initialValue: .identifier("[" + entries.joined(separator: ", ") + "]")))))
        return members
    }

    private static func propertyName(_ definition: ResolverDefinition) -> String {
        "resolver_" + definition.typeName + "_" + definition.field.name
    }

    /// `static let resolver_<Type>_<field> = RelayResolverFunction(…) { … }`.
    private func function(_ definition: ResolverDefinition, diagnostics: inout [Diagnostic]) -> SwiftDeclaration {
        let location = definition.field.definition?.location
        let swiftType: String
        if definition.returnsObject {
            // A client edge's resolver gives the id of the record the edge leads to.
            swiftType = "String?"
        } else {
            switch mapping.swiftType(
                definition.field.type.nullable, schema: schema,
                at: location ?? SourceLocation(file: "", line: 0, column: 0)
            )
            {
            case .success(let type): swiftType = SchemaTypesGenerator.optional(type)
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                swiftType = "Never?"
            }
        }
        let fragmentArguments = definition.fragmentName.flatMap { self.fragmentArguments[$0] } ?? []
        let labelled = definition.field.arguments.filter { !fragmentArguments.contains($0.name) }.map {
            "\($0.name): arguments[\(SwiftNames.stringLiteral($0.name))]"
        }
        // Without arguments the function itself is passed (a `try` on a call of a function that
        // does not throw would be a warning in the app's build); with them, a closure reads each
        // one from the field's arguments.
        let function = definition.functionName
        // A live resolver's function returns `Environment.LiveState<…>` of the type instead.
        let live = definition.isLive ? "live: " : ""
        let closure: String
        switch (definition.fragmentName, labelled.isEmpty) {
        case (let fragment?, true):
            closure = "RelayResolverFunction(\(live)\(fragment).self, returning: \(swiftType).self, \(function))"
        case (let fragment?, false):
            let call = "\(function)(" + (["data"] + labelled).joined(separator: ", ") + ")"
            let returns = definition.isLive ? "" : " -> \(swiftType)"
            let returning = definition.isLive ? ", returning: \(swiftType).self" : ""
            closure =
                "RelayResolverFunction(\(live)\(fragment).self\(returning)) { (data: \(fragment).Data, arguments: SelectionFields) throws\(returns) in try \(call) }"
        case (nil, true):
            closure = "RelayResolverFunction(\(live.isEmpty ? "returning: " : live)\(swiftType).self, \(function))"
        case (nil, false):
            let call = "\(function)(" + labelled.joined(separator: ", ") + ")"
            closure =
                definition.isLive
                ? "RelayResolverFunction(live: \(swiftType).self) { (arguments: SelectionFields) throws in try \(call) }"
                : "RelayResolverFunction { (arguments: SelectionFields) throws -> \(swiftType) in try \(call) }"
        }
        return SwiftDeclaration(
            .variable(
                SwiftVariable(
                    access: .generatedPlumbing, isStatic: true, name: Self.propertyName(definition),
                    initialValue: .identifier(closure))))
    }

    private func collect(_ selections: [IRSelection], into names: inout Set<String>, edgeQueries: inout Set<String>) {
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                if let resolver = field.resolver { names.insert(resolver.name) }
            case .linkedField(let field):
                if let resolver = field.resolver { names.insert(resolver.name) }
                if let query = field.clientEdgeQuery { edgeQueries.insert(query) }
                collect(field.selections, into: &names, edgeQueries: &edgeQueries)
            case .inlineFragment(let fragment): collect(fragment.selections, into: &names, edgeQueries: &edgeQueries)
            case .condition(let condition): collect(condition.selections, into: &names, edgeQueries: &edgeQueries)
            case .fragmentSpread: continue
            }
        }
    }
}
