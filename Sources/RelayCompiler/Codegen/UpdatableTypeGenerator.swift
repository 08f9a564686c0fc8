import GraphQLParser

/// The Swift types of an `@updatable` query or fragment: structs over one record of an updater's
/// store (`UpdatableRecord`) whose properties read it and whose setters write it. Scalars and
/// lists of them are settable (reads are optional: the store may not have the field); a linked
/// field reads as its own struct, or — with inline fragments on an abstract type — as an enum
/// with a case per type; a linked field that spreads `@assignable` fragments gets a
/// `set<Field>(_:)` per fragment, taking the key of any data that spreads it.
struct UpdatableTypeGenerator {
    let schema: Schema
    let mapping: SwiftTypeMapping
    let assignableFragments: Set<String>

    func dataStruct(
        named name: String, selections: [IRSelection], diagnostics: inout [Diagnostic]
    ) -> SwiftDeclaration {
        var members = Self.recordMembers
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                members.append(scalarProperty(field, diagnostics: &diagnostics))
            case .linkedField(let field):
                members += linkedMembers(field, diagnostics: &diagnostics)
            case .inlineFragment, .fragmentSpread, .condition:
                // Inline fragments only stand for a linked field's cases, and assignable spreads
                // only for its setters (both read there); conditions are not allowed.
                continue
            }
        }
        return SwiftDeclaration(
            .type(SwiftTypeDeclaration(.struct, access: .public, name: name, members: members, isCompact: true)))
    }

    /// `__record` and the initialiser generated code and the runtime build a type with.
    private static let recordMembers: [SwiftDeclaration] = [
        SwiftDeclaration(
            .variable(SwiftVariable(access: .generatedPlumbing, name: "__record", type: "UpdatableRecord"))),
        SwiftDeclaration(
            .function(
                SwiftFunction(
                    .initializer(failable: false), access: .generatedPlumbing,
                    parameters: [SwiftParameter(label: "__record", type: "UpdatableRecord")],
                    body: [.assignment(.member(.identifier("self"), "__record"), .identifier("__record"))]))),
    ]

    private func scalarProperty(_ field: IRScalarField, diagnostics: inout [Diagnostic]) -> SwiftDeclaration {
        if field.name == "__typename" {
            return SwiftDeclaration(
                .variable(
                    SwiftVariable(
                        access: .public, name: field.responseKey, type: "String?",
                        getter: [.return(.identifier("__record.typename"))])))
        }
        let swiftType: String
        switch mapping.swiftType(field.type.nullable, schema: schema, at: field.location, reading: true) {
        case .success(let type): swiftType = SchemaTypesGenerator.optional(type)
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            swiftType = "Never?"
        }
        let arguments = Self.arguments(field.arguments)
        return SwiftDeclaration(
            .variable(
                SwiftVariable(
                    access: .public, name: field.responseKey, type: swiftType,
                    getter: [
                        .return(.identifier("__record.value(\(SwiftNames.stringLiteral(field.name))\(arguments))"))
                    ],
                    nonmutatingSetter: [
                        .expression(
                            .identifier("__record.set(newValue, \(SwiftNames.stringLiteral(field.name))\(arguments))"))
                    ])))
    }

    private func linkedMembers(_ field: IRLinkedField, diagnostics: inout [Diagnostic]) -> [SwiftDeclaration] {
        let typeName = field.type.namedType + "_" + field.responseKey
        let name = SwiftNames.stringLiteral(field.name)
        let arguments = Self.arguments(field.arguments)
        var cases: [IRInlineFragment] = []
        for case .inlineFragment(let fragment) in field.selections { cases.append(fragment) }
        let child =
            cases.isEmpty
            ? dataStruct(named: typeName, selections: field.selections, diagnostics: &diagnostics)
            : dataEnum(named: typeName, cases: cases, diagnostics: &diagnostics)
        let isList = field.type.nullable.withoutNonNull.isList
        let getter =
            isList
            ? "__record.linkedList(\(name)\(arguments))?.map { $0.map(\(typeName).init(__record:)) }"
            : "__record.linked(\(name)\(arguments)).map(\(typeName).init(__record:))"
        var members = [
            child,
            SwiftDeclaration(
                .variable(
                    SwiftVariable(
                        access: .public, name: field.responseKey, type: isList ? "[\(typeName)?]?" : "\(typeName)?",
                        getter: [.return(.identifier(getter))]))),
        ]
        for case .fragmentSpread(let spread) in field.selections where assignableFragments.contains(spread.name) {
            let key = "any " + spread.name + "_Key"
            let pointer = "fragment_" + spread.name
            let (parameter, parameterType, value) =
                isList
                ? ("values", "[\(key)]", "values.map(\\.\(pointer))")
                : field.type.isNonNull
                    ? ("value", key, "value.\(pointer)") : ("value", "(\(key))?", "value?.\(pointer)")
            members.append(
                SwiftDeclaration(
                    .function(
                        SwiftFunction(
                            .function(name: "set" + Self.upperFirst(field.responseKey)), access: .public,
                            parameters: [SwiftParameter(label: "_", name: parameter, type: parameterType)],
                            body: [.expression(.identifier("__record.assign(\(value), \(name)\(arguments))"))]))))
        }
        return members
    }

    /// An abstract linked field with inline fragments: a case per type they name, read by the
    /// record's `__typename`, and `unknown` for any other type.
    private func dataEnum(named name: String, cases: [IRInlineFragment], diagnostics: inout [Diagnostic])
        -> SwiftDeclaration
    {
        let types = cases.map(\.typeCondition)
        let caseNames = SchemaTypesGenerator.caseNames(types)
        let fallback = SchemaTypesGenerator.unknownCaseName(avoiding: Set(caseNames))
        var members: [SwiftDeclaration] = zip(types, caseNames).map { type, caseName in
            SwiftDeclaration(
                .enumCase(name: caseName, associatedValues: [SwiftParameter(type: "As" + type)], rawValue: nil))
        }
        members.append(SwiftDeclaration(.enumCase(name: fallback, associatedValues: [], rawValue: nil)))
        members += cases.map {
            dataStruct(named: "As" + $0.typeCondition, selections: $0.selections, diagnostics: &diagnostics)
        }
        members.append(
            SwiftDeclaration(
                .function(
                    SwiftFunction(
                        .initializer(failable: false), access: .generatedPlumbing,
                        parameters: [SwiftParameter(label: "__record", type: "UpdatableRecord")],
                        body: [
                            .switch(
                                .identifier("__record.typename"),
                                cases: zip(types, caseNames).map { type, caseName in
                                    (
                                        SwiftNames.stringLiteral(type),
                                        [
                                            .assignment(
                                                .identifier("self"),
                                                .identifier(".\(caseName)(As\(type)(__record: __record))"))
                                        ]
                                    )
                                }, default: [.assignment(.identifier("self"), .identifier(".\(fallback)"))])
                        ]))))
        return SwiftDeclaration(
            .type(SwiftTypeDeclaration(.enum, access: .public, name: name, members: members, isCompact: true)))
    }

    /// `, [name: value, …]`: a field's arguments as the runtime computes its storage key from
    /// them (variables read from the record's); empty without arguments.
    static func arguments(_ arguments: [IRArgument]) -> String {
        guard !arguments.isEmpty else { return "" }
        let entries = arguments.sorted { $0.name < $1.name }.map {
            SwiftNames.stringLiteral($0.name) + ": " + value($0.value)
        }
        return ", [" + entries.joined(separator: ", ") + "]"
    }

    static func value(_ value: IRValue) -> String {
        switch value {
        case .null: "nil"
        case .bool(let bool): bool ? "true" : "false"
        case .int(let text), .float(let text): "VariableValue(\(text))"
        case .string(let text), .enumValue(let text): SwiftNames.stringLiteral(text)
        case .variable(let name): "__record.variable(\(SwiftNames.stringLiteral(name)))"
        case .list(let items): "VariableValue.list([" + items.map(Self.value).joined(separator: ", ") + "])"
        case .object(let fields):
            fields.isEmpty
                ? "VariableValue.object([:])"
                : "VariableValue.object(["
                    + fields.map { SwiftNames.stringLiteral($0.name) + ": " + Self.value($0.value) }.joined(
                        separator: ", ") + "])"
        }
    }

    private static func upperFirst(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
