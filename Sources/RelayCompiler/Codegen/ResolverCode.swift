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
        SwiftDeclaration(
            .variable(
                SwiftVariable(
                    access: .generatedPlumbing, isStatic: true, name: Self.propertyName(definition),
                    initialValue: .identifier(initializer(definition, diagnostics: &diagnostics)))))
    }

    /// The `RelayResolverFunction(…)` that calls the app's function, typed by what it returns.
    private func initializer(_ definition: ResolverDefinition, diagnostics: inout [Diagnostic]) -> String {
        let location = definition.field.definition?.location ?? SourceLocation(file: "", line: 0, column: 0)
        let type = definition.field.type.nullable
        let function = definition.functionName
        if definition.isModelResolver, let fragment = definition.fragmentName {
            // A strong model's model resolver: the app's value for an id.
            return "RelayResolverFunction(modelOf: \(fragment).self, \(function))"
        }
        if definition.returns == .weakObject {
            guard !type.isList, let model = schema[type.namedType].flatMap(modelSwiftType) else {
                diagnostics.append(
                    .error(
                        "The Relay Resolver \(definition.name) returns "
                            + (type.isList ? "a list of weak models" : "a weak model that names no Swift type")
                            + ", which relay-swift does not support yet.", at: location))
                return "RelayResolverFunction(returning: Never?.self) { nil }"
            }
            guard let fragment = definition.fragmentName else {
                return "RelayResolverFunction(returningModel: \(model)?.self, \(function))"
            }
            return "RelayResolverFunction(\(fragment).self, returningModel: \(model)?.self, \(function))"
        }
        let swiftType: String
        switch definition.returns {
        case .serverObject, .clientObject:
            // A client edge's resolver gives the id of the object the edge leads to.
            swiftType = SwiftTypeMapping.wrap(type, around: "String")
        case .abstractClientObject:
            swiftType = SwiftTypeMapping.wrap(type, around: "Environment.ClientObjectID")
        case .outputObject:
            // An output type's resolver gives the object's data.
            swiftType = SwiftTypeMapping.wrap(type, around: "VariableValue")
        case .value, .weakObject:
            switch mapping.swiftType(type, schema: schema, at: location) {
            case .success(let mapped): swiftType = SchemaTypesGenerator.optional(mapped)
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                swiftType = "Never?"
            }
        }
        let fragmentArguments = definition.fragmentName.flatMap { self.fragmentArguments[$0] } ?? []
        let labelled = definition.field.arguments.filter { !fragmentArguments.contains($0.name) }.map {
            "\($0.name): arguments[\(SwiftNames.stringLiteral($0.name))]"
        }
        if definition.injectedField == ResolverModels.instanceField, let fragment = definition.fragmentName {
            return modelField(
                definition, fragment: fragment, returning: swiftType, labelled: labelled, at: location,
                diagnostics: &diagnostics)
        }
        // Without arguments the function itself is passed (a `try` on a call of a function that
        // does not throw would be a warning in the app's build); with them, a closure reads each
        // one from the field's arguments.
        // A live resolver's function returns `Environment.LiveState<…>` of the type instead.
        let live = definition.isLive ? "live: " : ""
        switch (definition.fragmentName, labelled.isEmpty) {
        case (let fragment?, true):
            return "RelayResolverFunction(\(live)\(fragment).self, returning: \(swiftType).self, \(function))"
        case (let fragment?, false):
            let call = "\(function)(" + (["data"] + labelled).joined(separator: ", ") + ")"
            let returns = definition.isLive ? "" : " -> \(swiftType)"
            let returning = definition.isLive ? ", returning: \(swiftType).self" : ""
            return
                "RelayResolverFunction(\(live)\(fragment).self\(returning)) { (data: \(fragment).Data, arguments: SelectionFields) throws\(returns) in try \(call) }"
        case (nil, true):
            return "RelayResolverFunction(\(live.isEmpty ? "returning: " : live)\(swiftType).self, \(function))"
        case (nil, false):
            let call = "\(function)(" + labelled.joined(separator: ", ") + ")"
            return definition.isLive
                ? "RelayResolverFunction(live: \(swiftType).self) { (arguments: SelectionFields) throws in try \(call) }"
                : "RelayResolverFunction { (arguments: SelectionFields) throws -> \(swiftType) in try \(call) }"
        }
    }

    /// A model's field: a function of the model's value — a weak model's Swift type, or the
    /// type a strong model's model resolver returns (named by that function).
    private func modelField(
        _ definition: ResolverDefinition, fragment: String, returning swiftType: String, labelled: [String],
        at location: SourceLocation, diagnostics: inout [Diagnostic]
    ) -> String {
        let model: String
        if let parent = schema[definition.typeName], let weak = modelSwiftType(parent) {
            model = "model: \(weak).self"
        } else if let parent = schema[definition.typeName],
            let instance = parent.field(ResolverModels.instanceField),
            let modelResolver = ResolverDefinition.of(instance, on: parent.name, schema: schema)
        {
            model = "modelFrom: \(modelResolver.functionName)"
        } else {
            diagnostics.append(
                .error(
                    "The Relay Resolver \(definition.name) is on a model with no model resolver or Swift type.",
                    at: location))
            return "RelayResolverFunction(returning: Never?.self) { nil }"
        }
        if definition.isLive {
            diagnostics.append(
                .error(
                    "A live Relay Resolver on a model (\(definition.name)) is not supported by relay-swift yet.",
                    at: location))
        }
        guard !labelled.isEmpty else {
            return
                "RelayResolverFunction(\(fragment).self, \(model), returning: \(swiftType).self, \(definition.functionName))"
        }
        let call = "\(definition.functionName)(" + (["model"] + labelled).joined(separator: ", ") + ")"
        return
            "RelayResolverFunction(\(fragment).self, \(model), returning: \(swiftType).self) { (model, arguments) throws -> \(swiftType) in try \(call) }"
    }

    /// A weak model's Swift type (its instance scalar's `export_name`); nil for another type.
    private func modelSwiftType(_ type: SchemaType) -> String? {
        ResolverModels.isWeak(type) ? ResolverModels.weakInstanceSwiftType(of: type, schema: schema) : nil
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
