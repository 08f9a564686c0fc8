import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// The Swift file of one operation or fragment, in Relay.swift's shape: the type with its
/// `node`, its `Variables` (operations) or key (fragments), its `Data`, and the conformance to
/// `Relay.Operation` / `Relay.Fragment`.
struct DefinitionFiles: Sendable {
    let programs: Programs
    let schema: Schema
    let mapping: SwiftTypeMapping
    let dataTypes: DataTypeGenerator
    let updatableTypes: UpdatableTypeGenerator
    let resolverCode: ResolverCode
    /// Every operation's `node` carries its selection types (`TestSelectionTypes`).
    let testSupport: Bool

    init(programs: Programs, schema: Schema, mapping: SwiftTypeMapping, testSupport: Bool = false) {
        self.programs = programs
        self.testSupport = testSupport
        self.schema = schema
        self.mapping = mapping
        dataTypes = DataTypeGenerator(schema: schema, mapping: mapping, program: programs.typegen)
        resolverCode = ResolverCode(schema: schema, mapping: mapping, program: programs.reader)
        updatableTypes = UpdatableTypeGenerator(
            schema: schema, mapping: mapping,
            assignableFragments: Set(programs.typegen.fragments.filter(\.isAssignable).map(\.name)))
    }

    /// `variables` and `init(variables:)`, which every operation type starts with.
    private static let variablesStorage: [SwiftDeclaration] = [
        SwiftDeclaration(
            .variable(SwiftVariable(access: .public, isMutable: true, name: "variables", type: "Variables"))),
        SwiftDeclaration(
            .function(
                SwiftFunction(
                    .initializer(failable: false), access: .public,
                    parameters: [SwiftParameter(label: "variables", type: "Variables")],
                    body: [.assignment(.member(.identifier("self"), "variables"), .identifier("variables"))]))),
    ]

    func operationFile(_ operation: IROperation, diagnostics: inout [Diagnostic]) -> SwiftFile {
        if operation.isUpdatable { return updatableQueryFile(operation, diagnostics: &diagnostics) }
        let variables = variableMembers(operation, diagnostics: &diagnostics)
        let main = SwiftTypeDeclaration(
            .struct, access: .public, name: operation.name,
            members: Self.variablesStorage + [
                SwiftDeclaration(
                    .variable(
                        SwiftVariable(
                            access: .generatedPlumbing, isStatic: true, name: "node",
                            initialValue: RequestNode.concreteRequest(
                                operation, programs: programs, schema: schema, testSupport: testSupport))))
            ] + providedVariables(operation, diagnostics: &diagnostics), isCompact: true)
        let data = dataTypes.dataStruct(
            named: Self.dataStructName(operation.catchTo), parentType: operation.rootType,
            selections: operation.selections, isTopLevel: true, diagnostics: &diagnostics)
        var namedTypes = operation.selections.scalarFieldTypes + operation.variables.map(\.type)
        var members =
            variables + Self.caughtData(data, operation.catchTo)
            + resolverCode.table(for: operation.selections, diagnostics: &diagnostics)
        if operation.hasRawResponseType {
            let stored = programs.normalizationOperation(named: operation.name)?.selections ?? []
            members.append(
                RawResponseTypeGenerator(schema: schema, mapping: mapping).rawResponseStruct(
                    named: "RawResponse", parentType: operation.rootType, selections: stored,
                    diagnostics: &diagnostics))
            namedTypes += stored.scalarFieldTypes
        }
        let conformance = operation.hasRawResponseType ? "Relay.RawResponseOperation" : "Relay.Operation"
        return SwiftFile(
            headerComments: [], imports: mapping.imports(naming: namedTypes.map(\.namedType)),
            declarations: [
                SwiftDeclaration(.type(main)),
                SwiftDeclaration(.type(SwiftTypeDeclaration(.extension, name: operation.name, members: members))),
                SwiftDeclaration(
                    .type(SwiftTypeDeclaration(.extension, name: operation.name, conformances: [conformance]))),
            ])
    }

    /// An `@updatable` query's file: the type with its `Variables` (never sent, so no `node`),
    /// its `UpdatableData`, and the conformance `readUpdatableQuery` takes.
    private func updatableQueryFile(_ operation: IROperation, diagnostics: inout [Diagnostic]) -> SwiftFile {
        let main = SwiftTypeDeclaration(
            .struct, access: .public, name: operation.name, members: Self.variablesStorage, isCompact: true)
        let data = updatableTypes.dataStruct(
            named: "UpdatableData", selections: operation.selections, diagnostics: &diagnostics)
        let namedTypes = operation.selections.scalarFieldTypes + operation.variables.map(\.type)
        return SwiftFile(
            headerComments: [], imports: mapping.imports(naming: namedTypes.map(\.namedType)),
            declarations: [
                SwiftDeclaration(.type(main)),
                SwiftDeclaration(
                    .type(
                        SwiftTypeDeclaration(
                            .extension, name: operation.name,
                            members: variableMembers(operation, diagnostics: &diagnostics) + [data]))),
                Self.updatableConformance(
                    operation.name, "Relay.RecordSourceSelectorProxy.UpdatableQuery",
                    extra: Self.updatableVariableDefaults(operation)),
            ])
    }

    /// `variableDefaults`, the declared defaults the runtime gives variables left out; nothing
    /// when no variable has one.
    private static func updatableVariableDefaults(_ operation: IROperation) -> [SwiftDeclaration] {
        let defaults = operation.variables.compactMap { variable -> String? in
            guard let value = variable.defaultValue, value != .null else { return nil }
            return SwiftNames.stringLiteral(variable.name) + ": " + UpdatableTypeGenerator.value(value)
        }
        guard !defaults.isEmpty else { return [] }
        return [
            SwiftDeclaration(
                .variable(
                    SwiftVariable(
                        access: .generatedPlumbing, isStatic: true, name: "variableDefaults", type: "VariableData",
                        initialValue: .identifier("[" + defaults.joined(separator: ", ") + "]"))))
        ]
    }

    /// An `@updatable` fragment's file: the type made from a key (any data that spreads the
    /// fragment), its `UpdatableData`, the key protocol, and the conformance
    /// `readUpdatableFragment` takes.
    private func updatableFragmentFile(_ fragment: IRFragment, diagnostics: inout [Diagnostic]) -> SwiftFile {
        let main = SwiftTypeDeclaration(
            .struct, access: .public, name: fragment.name, members: Self.pointerMembers(of: fragment.name),
            isCompact: true)
        let data = updatableTypes.dataStruct(
            named: "UpdatableData", selections: fragment.selections, diagnostics: &diagnostics)
        return SwiftFile(
            headerComments: [], imports: mapping.imports(naming: fragment.selections.scalarFieldTypes.map(\.namedType)),
            declarations: [
                SwiftDeclaration(.type(main)),
                SwiftDeclaration(.type(SwiftTypeDeclaration(.extension, name: fragment.name, members: [data]))),
                DataTypeGenerator.keyProtocol(forFragment: fragment.name),
                Self.updatableConformance(fragment.name, "Relay.RecordSourceSelectorProxy.UpdatableFragment"),
            ])
    }

    /// `fragmentPointer` and `init(key:)`: a fragment type made from the key of any data that
    /// spreads it.
    private static func pointerMembers(of fragmentName: String) -> [SwiftDeclaration] {
        [
            SwiftDeclaration(
                .variable(
                    SwiftVariable(access: .public, isMutable: true, name: "fragmentPointer", type: "FragmentPointer"))),
            SwiftDeclaration(
                .function(
                    SwiftFunction(
                        .initializer(failable: false), access: .public,
                        parameters: [SwiftParameter(label: "key", type: "any \(fragmentName)_Key")],
                        body: [
                            .assignment(
                                .member(.identifier("self"), "fragmentPointer"),
                                .member(.identifier("key"), "fragment_" + fragmentName))
                        ]))),
        ]
    }

    private static func updatableConformance(
        _ name: String, _ conformance: String, extra: [SwiftDeclaration] = []
    ) -> SwiftDeclaration {
        SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .extension, name: name, conformances: [conformance],
                    members: extra + [
                        SwiftDeclaration(
                            .function(
                                SwiftFunction(
                                    .function(name: "updatableData"), access: .generatedPlumbing, isStatic: true,
                                    parameters: [SwiftParameter(label: "_", name: "record", type: "UpdatableRecord")],
                                    returnType: "UpdatableData",
                                    body: [.return(.identifier("UpdatableData(__record: record)"))])))
                    ])))
    }

    /// The struct of a definition's fields: its `Data`, unless `@catch` on the definition makes
    /// `Data` a `Result` (or optional) of it.
    static func dataStructName(_ catchTo: CatchTo?) -> String { catchTo == nil ? "Data" : "Fields" }

    /// The struct of a definition's fields, and under `@catch` the `Data` that wraps it.
    static func caughtData(_ fields: SwiftDeclaration, _ catchTo: CatchTo?) -> [SwiftDeclaration] {
        switch catchTo {
        case nil: [fields]
        case .result?:
            [
                SwiftDeclaration(
                    .typeAlias(name: "Data", type: "Swift.Result<Fields, Relay.FieldErrors>", access: .public)), fields,
            ]
        case .null?: [SwiftDeclaration(.typeAlias(name: "Data", type: "Fields?", access: .public)), fields]
        }
    }

    /// A variable's Swift type; `Never?` after a diagnostic (an unmapped custom scalar the
    /// project requires a type for).
    private func swiftType(of variable: IRVariableDefinition, diagnostics: inout [Diagnostic]) -> String {
        switch mapping.swiftType(variable.type, schema: schema, at: variable.location) {
        case .success(let type): return type
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return "Never?"
        }
    }

    /// `providedVariables`: how the runtime gets each provided variable, from its provider's
    /// `get()` (`VariableData.Provider`); its `Value` must be the variable's Swift type, or the
    /// app does not compile. None when the operation has no provided variable.
    private func providedVariables(_ operation: IROperation, diagnostics: inout [Diagnostic]) -> [SwiftDeclaration] {
        let provided = operation.variables.filter { $0.provider != nil }
        guard !provided.isEmpty else { return [] }
        let entries = provided.map { variable -> String in
            let swiftType = self.swiftType(of: variable, diagnostics: &diagnostics)
            let provider = ProvidedVariablesTransform.swiftTypeName(variable.provider ?? "") ?? "Never"
            return
                "\(SwiftNames.stringLiteral(variable.name)): { VariableData.provided(\(provider).self, as: \(swiftType).self) }"
        }
        return [
            SwiftDeclaration(
                .variable(
                    SwiftVariable(
                        access: .generatedPlumbing, isStatic: true, name: "providedVariables",
                        type: "[String: @Sendable () -> VariableValue]",
                        initialValue: .identifier("[" + entries.joined(separator: ", ") + "]"))))
        ]
    }

    /// `Variables` and a convenience initializer taking them directly. Provided variables are
    /// not among them: the runtime fills them in.
    private func variableMembers(_ operation: IROperation, diagnostics: inout [Diagnostic]) -> [SwiftDeclaration] {
        var operation = operation
        operation.variables.removeAll { $0.provider != nil }
        guard !operation.variables.isEmpty else {
            return [
                SwiftDeclaration(.typeAlias(name: "Variables", type: "EmptyVariables", access: .public)),
                SwiftDeclaration(
                    .function(
                        SwiftFunction(
                            .initializer(failable: false), access: .public,
                            body: [
                                .expression(
                                    .call(
                                        .identifier("self.init"),
                                        [("variables", .call(.identifier("EmptyVariables"), []))]))
                            ]))),
            ]
        }
        let fields = operation.variables.map { variable -> (name: String, type: String) in
            var swiftType = self.swiftType(of: variable, diagnostics: &diagnostics)
            // A variable with a default may be left out; the server then uses the default.
            if variable.defaultValue != nil { swiftType = SchemaTypesGenerator.optional(swiftType) }
            return (variable.name, swiftType)
        }
        let defaults = operation.variables.compactMap { variable in
            variable.defaultValue.flatMap { VariableDefaults.expression($0, type: variable.type, schema: schema) }
                .map { (variable.name, $0) }
        }
        let inputFields = InputFields(
            fields: fields.map { ($0.name, $0.type) }, reservedNames: ["variableData"],
            defaults: Dictionary(defaults, uniquingKeysWith: { first, _ in first }))
        // Not `Hashable`: the runtime compares and keys requests by `variableData`, and a derived
        // `==` and `hash(into:)` per operation cost every build (601 definitions' object: -3.7%
        // without them; the 120-definition subset's type-check: -4% in instructions).
        let variablesStruct = SwiftTypeDeclaration(
            .struct, access: .public, name: "Variables", conformances: ["VariableDataConvertible"],
            members: fields.map { inputFields.storedProperty($0.name, type: $0.type) } + [
                inputFields.initializer,
                SwiftDeclaration(
                    .variable(
                        SwiftVariable(
                            access: .public, name: "variableData", type: "VariableData",
                            getter: [
                                .return(.call(.identifier("VariableData"), [("omittingNil", inputFields.values)]))
                            ]))),
            ])
        let convenience = SwiftFunction(
            .initializer(failable: false), access: .public, parameters: inputFields.parameters,
            body: [
                .expression(
                    .call(
                        .identifier("self.init"),
                        [
                            (
                                "variables",
                                .call(
                                    .identifier(".init"),
                                    fields.map {
                                        (
                                            $0.name,
                                            .identifier(SwiftNames.identifier(inputFields.parameterName($0.name)))
                                        )
                                    })
                            )
                        ]))
            ])
        return [SwiftDeclaration(.type(variablesStruct)), SwiftDeclaration(.function(convenience))]
    }

    func fragmentFile(_ fragment: IRFragment, diagnostics: inout [Diagnostic]) -> SwiftFile {
        if fragment.isInline { return inlineDataFragmentFile(fragment, diagnostics: &diagnostics) }
        if fragment.isUpdatable { return updatableFragmentFile(fragment, diagnostics: &diagnostics) }
        let keyProperty = "fragment_" + fragment.name
        let keyType = "any " + fragment.name + "_Key"
        let pointerMembers: [SwiftDeclaration] =
            fragment.isPlural
            ? [
                SwiftDeclaration(
                    .variable(
                        SwiftVariable(
                            access: .public, isMutable: true, name: "fragmentPointers", type: "[FragmentPointer]"))),
                SwiftDeclaration(
                    .function(
                        SwiftFunction(
                            .initializer(failable: false), access: .public,
                            parameters: [SwiftParameter(label: "keys", type: "[\(keyType)]")],
                            body: [
                                .assignment(
                                    .member(.identifier("self"), "fragmentPointers"),
                                    .identifier("keys.map(\\.\(keyProperty))"))
                            ]))),
            ]
            : Self.pointerMembers(of: fragment.name)
        let main = SwiftTypeDeclaration(
            .struct, access: .public, name: fragment.name,
            members: pointerMembers + [
                SwiftDeclaration(
                    .variable(
                        SwiftVariable(
                            access: .generatedPlumbing, isStatic: true, name: "node",
                            initialValue: RequestNode.readerFragment(fragment, schema: schema))))
            ], isCompact: true)
        return fragmentFile(fragment, main: main, conformance: Self.fragmentConformance(fragment), &diagnostics)
    }

    /// A fragment's file: its type, its `Data`, its key protocol and its conformance.
    private func fragmentFile(
        _ fragment: IRFragment, main: SwiftTypeDeclaration, conformance: SwiftDeclaration,
        _ diagnostics: inout [Diagnostic]
    ) -> SwiftFile {
        let data = dataTypes.dataStruct(
            named: Self.dataStructName(fragment.catchTo), parentType: fragment.typeCondition,
            selections: fragment.selections, isTopLevel: true, diagnostics: &diagnostics)
        return SwiftFile(
            headerComments: [], imports: mapping.imports(naming: fragment.selections.scalarFieldTypes.map(\.namedType)),
            declarations: [
                SwiftDeclaration(.type(main)),
                SwiftDeclaration(
                    .type(
                        SwiftTypeDeclaration(
                            .extension, name: fragment.name,
                            members: Self.caughtData(data, fragment.catchTo)
                                + resolverCode.table(for: fragment.selections, diagnostics: &diagnostics)
                                + resolverCode.rootFragmentMembers(fragment, diagnostics: &diagnostics)))),
                DataTypeGenerator.keyProtocol(forFragment: fragment.name, isInline: fragment.isInline),
                conformance,
            ])
    }

    /// An `@inline` fragment's file: an enum whose `read(_:)` takes the data from the key (the
    /// parent's read put it there), its `Data`, and a key protocol whose property is that data.
    private func inlineDataFragmentFile(_ fragment: IRFragment, diagnostics: inout [Diagnostic]) -> SwiftFile {
        let keyProperty = "fragment_" + fragment.name
        let keyType = "any " + fragment.name + "_Key"
        // Each record's key carries its own data, so a plural fragment's are read one by one.
        let read = SwiftFunction(
            .function(name: "read"), access: .public, isStatic: true,
            parameters: [SwiftParameter(label: "_", name: "key", type: keyType)], returnType: "Data",
            body: [.return(.member(.identifier("key"), keyProperty))])
        let main = SwiftTypeDeclaration(
            .enum, access: .public, name: fragment.name, members: [SwiftDeclaration(.function(read))],
            isCompact: true)
        let conformance = SwiftDeclaration(
            .type(SwiftTypeDeclaration(.extension, name: fragment.name, conformances: ["Relay.InlineDataFragment"])))
        return fragmentFile(fragment, main: main, conformance: conformance, &diagnostics)
    }

    /// `Relay.Fragment`, `Relay.PluralFragment`, or — for a `@refetchable` fragment, with the
    /// query that refetches it — `Relay.RefetchableFragment`, `Relay.PaginationFragment` when it
    /// has a `@connection` to page through.
    private static func fragmentConformance(_ fragment: IRFragment) -> SwiftDeclaration {
        guard let refetchQuery = fragment.refetchQueryName, !fragment.isPlural else {
            return SwiftDeclaration(
                .type(
                    SwiftTypeDeclaration(
                        .extension, name: fragment.name,
                        conformances: [fragment.isPlural ? "Relay.PluralFragment" : "Relay.Fragment"])))
        }
        let pages = FragmentMetadata.hasConnection(fragment)
        return SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .extension, name: fragment.name,
                    conformances: [pages ? "Relay.PaginationFragment" : "Relay.RefetchableFragment"],
                    members: [SwiftDeclaration(.typeAlias(name: "RefetchQuery", type: refetchQuery, access: .public))]))
        )
    }
}
