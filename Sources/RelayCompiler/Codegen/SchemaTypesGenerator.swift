import GraphQLParser

/// The schema enums and input objects a program uses, as Swift declarations for the one shared
/// generated file of an output folder: each type is emitted once, in name order, whichever
/// operation uses it first.
public struct SchemaTypesGenerator {
    public let schema: Schema
    public let mapping: SwiftTypeMapping

    public init(schema: Schema, mapping: SwiftTypeMapping) {
        self.schema = schema
        self.mapping = mapping
    }

    /// The declarations and the problems (unmapped custom scalars).
    public func declarations(for program: IRProgram) -> ([SwiftDeclaration], [Diagnostic]) {
        declarations(of: usedTypes(program))
    }

    /// What the shared file imports to name the custom scalars of `types`' input fields.
    func imports(for types: [SchemaType]) -> [String] {
        mapping.imports(naming: types.flatMap { $0.inputFields.map(\.type.namedType) })
    }

    func declarations(of types: [SchemaType]) -> ([SwiftDeclaration], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var declarations: [SwiftDeclaration] = []
        for type in types {
            switch type.kind {
            case .enumType: declarations.append(enumDeclaration(type))
            case .inputObject where type.isOneOf:
                declarations.append(oneOfDeclaration(type, diagnostics: &diagnostics))
            case .inputObject: declarations.append(inputObjectDeclaration(type, diagnostics: &diagnostics))
            default: continue
            }
        }
        return (declarations, diagnostics)
    }

    // MARK: Which types

    /// Enums and input objects reachable from variables, fragment arguments and selected fields,
    /// sorted by name.
    func usedTypes(_ program: IRProgram) -> [SchemaType] {
        var names: Set<String> = []
        var pending: [String] = []
        func use(_ type: TypeRef) {
            let name = type.namedType
            guard let schemaType = schema[name], schemaType.kind == .enumType || schemaType.kind == .inputObject,
                names.insert(name).inserted
            else { return }
            pending.append(name)
        }
        for operation in program.operations { operation.variables.forEach { use($0.type) } }
        for fragment in program.fragments { fragment.argumentDefinitions.forEach { use($0.type) } }
        program.operations.forEach { $0.selections.scalarFieldTypes.forEach(use) }
        program.fragments.forEach { $0.selections.scalarFieldTypes.forEach(use) }
        while let name = pending.popLast() {
            schema[name]?.inputFields.forEach { use($0.type) }
        }
        return names.sorted().compactMap { schema[$0] }
    }

    // MARK: Enums

    /// A `String`-backed enum of the schema's values and nothing else: Swift derives its raw-value
    /// conformance, `Hashable` and `CaseIterable`, `SchemaEnum` adds variables and reading, and
    /// `@frozen` lets Swift infer its `Sendable`. Values added to the schema later are carried by
    /// the runtime's `GraphQLEnum` wrapper where data is read, not by a case of every enum.
    func enumDeclaration(_ type: SchemaType) -> SwiftDeclaration {
        let caseNames = Self.caseNames(type.enumValues.map(\.name))
        let members: [SwiftDeclaration] = zip(type.enumValues, caseNames).map { value, caseName in
            // A deprecated value is documented, not marked `@available(*, deprecated)`: the
            // derived `init(rawValue:)` and `allCases` construct it.
            SwiftDeclaration(
                .enumCase(
                    name: caseName, associatedValues: [],
                    // Swift's own raw value for a case is its name.
                    rawValue: caseName == value.name ? nil : .string(value.name)),
                documentation: [value.description, value.deprecationReason.map { "Deprecated: " + $0 }]
                    .compactMap { $0 }.joined(separator: "\n\n").nilIfEmpty)
        }
        return SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .enum, access: .public, name: type.name, conformances: ["String", "SchemaEnum"], members: members)),
            documentation: type.description, attributes: ["@frozen"])
    }

    /// Swift case names: `IN_PROGRESS` → `inProgress`, `Open` → `open`. If that would make two
    /// values collide, the enum keeps the GraphQL names as they are.
    public static func caseNames(_ values: [String]) -> [String] {
        let converted = values.map(lowerCamelCase)
        return Set(converted).count == converted.count && !converted.contains("") ? converted : values
    }

    static func lowerCamelCase(_ value: String) -> String {
        let leading = value.prefix { $0 == "_" }
        let parts = value.dropFirst(leading.count).split(separator: "_")
        let isScreaming = !value.contains { $0.isLowercase }
        var result = String(leading)
        for (index, part) in parts.enumerated() {
            let word = isScreaming ? part.lowercased() : String(part)
            if index == 0 {
                result += word.prefix(1).lowercased() + word.dropFirst()
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        return result
    }

    static func unknownCaseName(avoiding taken: Set<String>) -> String {
        var name = "unknown"
        while taken.contains(name) { name += "_" }
        return name
    }

    static func deprecation(_ reason: String?) -> [String] {
        reason.map { ["@available(*, deprecated, message: \(SwiftNames.stringLiteral($0, escapedOnly: true)))"] } ?? []
    }

    // MARK: Input objects

    func inputObjectDeclaration(_ type: SchemaType, diagnostics: inout [Diagnostic]) -> SwiftDeclaration {
        let location = type.definition.map(\.node.location) ?? SourceLocation(file: "<schema>", line: 1, column: 1)
        let fields: [(field: SchemaInputValue, swiftType: String)] = type.inputFields.map { field in
            switch mapping.swiftType(field.type, schema: schema, at: location) {
            case .success(let swiftType):
                let optional = field.type.isNonNull && field.defaultValue == nil ? swiftType : Self.optional(swiftType)
                return (field, optional)
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                return (field, "Never?")
            }
        }
        let inputFields = InputFields(
            fields: fields.map { ($0.field.name, $0.swiftType) }, reservedNames: ["variableValue"])
        var members: [SwiftDeclaration] = fields.map { field, swiftType in
            inputFields.storedProperty(
                field.name, type: swiftType, documentation: field.description,
                attributes: (leadsBack(field.type, to: type.name) ? ["@Indirect"] : [])
                    + Self.deprecation(field.deprecationReason))
        }
        members.append(inputFields.initializer)
        members.append(inputFields.variableValueProperty)
        return SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .struct, access: .public, name: type.name,
                    conformances: ["Hashable", "Sendable", "VariableValueConvertible"], members: members)),
            documentation: type.description)
    }

    /// A `@oneOf` input object (exactly one field given, and not null) as an enum with a case per
    /// field: a value with two fields, or none, cannot be built.
    func oneOfDeclaration(_ type: SchemaType, diagnostics: inout [Diagnostic]) -> SwiftDeclaration {
        let location = type.definition.map(\.node.location) ?? SourceLocation(file: "<schema>", line: 1, column: 1)
        let caseNames = Self.caseNames(type.inputFields.map(\.name))
        var members: [SwiftDeclaration] = []
        var cases: [(pattern: String, body: [SwiftStatement])] = []
        for (field, caseName) in zip(type.inputFields, caseNames) {
            var swiftType = "Never"
            switch mapping.swiftType(.nonNull(field.type.nullable), schema: schema, at: location) {
            case .success(let mapped): swiftType = mapped
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
            // A case whose value leads back to this enum needs a box (`indirect`).
            let attributes = (leadsBack(field.type, to: type.name) ? ["indirect"] : [])
            members.append(
                SwiftDeclaration(
                    .enumCase(name: caseName, associatedValues: [SwiftParameter(type: swiftType)], rawValue: nil),
                    documentation: field.description, attributes: attributes + Self.deprecation(field.deprecationReason)
                ))
            cases.append(
                (
                    "." + SwiftNames.identifier(caseName) + "(let value)",
                    [
                        .return(
                            .call(
                                .member(nil, "object"),
                                [
                                    (
                                        nil,
                                        .dictionary([
                                            (.string(field.name), .member(.identifier("value"), "variableValue"))
                                        ])
                                    )
                                ]))
                    ]
                ))
        }
        members.append(
            SwiftDeclaration(
                .variable(
                    SwiftVariable(
                        access: .public, name: "variableValue", type: "VariableValue",
                        getter: [.switch(.identifier("self"), cases: cases, default: nil)]))))
        return SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .enum, access: .public, name: type.name,
                    conformances: ["Hashable", "Sendable", "VariableValueConvertible"], members: members)),
            documentation: type.description)
    }

    static func optional(_ swiftType: String) -> String {
        swiftType.hasSuffix("?") ? swiftType : swiftType + "?"
    }

    /// True when a field of this type (not inside a list) leads back to `target` through
    /// input-object fields that are not lists either: such a struct would contain itself.
    func leadsBack(_ type: TypeRef, to target: String) -> Bool {
        var seen: Set<String> = []
        var pending: [TypeRef] = [type]
        while let next = pending.popLast() {
            guard case .named(let name) = next.nullable, let inputType = schema[name], inputType.kind == .inputObject
            else { continue }
            if name == target { return true }
            guard seen.insert(name).inserted else { continue }
            pending += inputType.inputFields.map(\.type)
        }
        return false
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
