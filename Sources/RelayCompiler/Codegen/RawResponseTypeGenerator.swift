import GraphQLParser

/// `@raw_response_type`'s `RawResponse` (Relay's `$rawResponse`): the whole response a server
/// sends for an operation, as Swift values code can build — an optimistic response, a payload
/// committed to the store — and the Swift compiler checks. It is made from the normalization
/// program, so it has every field of every spread fragment and the `id` and `__typename` the
/// store needs. One struct per selection set, a nested `<SchemaType>_<responseKey>` per object
/// field, `var` properties and a memberwise initialiser. A nullable field is optional and must be
/// given (nil is written as null); a field that may be absent — under `@include`/`@skip`, on a
/// type condition that may not match, or of a client schema extension — is optional, defaults to
/// nil and is left out of the response when nil. Selections on an interface or union are one
/// struct whose type-specific fields may be absent, told apart by `__typename`.
struct RawResponseTypeGenerator {
    let schema: Schema
    let mapping: SwiftTypeMapping

    private struct Member {
        var key: String
        var field: Field
        var mayBeAbsent: Bool

        enum Field {
            case scalar(IRScalarField)
            case linked(IRLinkedField, selections: [IRSelection])
        }
    }

    /// The `RawResponse` struct (or a nested one) for `selections` on `parentType`.
    func rawResponseStruct(
        named name: String, parentType: String, selections: [IRSelection], diagnostics: inout [Diagnostic]
    ) -> SwiftDeclaration {
        var members: [Member] = []
        collect(selections, parentType: parentType, mayBeAbsent: false, into: &members)
        var fields: [(name: String, swiftType: String)] = []
        var nullable: Set<String> = []
        var nested: [SwiftDeclaration] = []
        for member in members {
            var swiftType: String
            switch member.field {
            case .scalar(let field):
                // Typed as data is read, so an optimistic response may copy a value read before.
                switch mapping.swiftType(field.type, schema: schema, at: field.location, reading: true) {
                case .success(let type): swiftType = type
                case .failure(let diagnostic):
                    diagnostics.append(diagnostic)
                    swiftType = "Never?"
                }
            case .linked(let field, let selections):
                let typeName = field.type.namedType + "_" + member.key
                nested.append(
                    rawResponseStruct(
                        named: typeName, parentType: field.type.namedType, selections: selections,
                        diagnostics: &diagnostics))
                swiftType = SwiftTypeMapping.wrap(field.type, around: typeName)
            }
            if member.mayBeAbsent {
                swiftType = SchemaTypesGenerator.optional(swiftType)
            } else if swiftType.hasSuffix("?") {
                nullable.insert(member.key)
            }
            fields.append((member.key, swiftType))
        }
        let inputFields = InputFields(fields: fields, reservedNames: ["variableValue"], nullWhenNil: nullable)
        var declarations = fields.map { inputFields.storedProperty($0.name, type: $0.swiftType) }
        declarations.append(inputFields.initializer)
        declarations.append(inputFields.variableValueProperty)
        return SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .struct, access: .public, name: name,
                    conformances: ["Hashable", "Sendable", "VariableValueConvertible"],
                    members: declarations + nested)))
    }

    /// Gathers the fields of a selection set, merging a field selected in several places (an
    /// object field's selections joined) and marking those that may be absent.
    private func collect(
        _ selections: [IRSelection], parentType: String, mayBeAbsent: Bool, into members: inout [Member]
    ) {
        func add(_ member: Member) {
            guard let index = members.firstIndex(where: { $0.key == member.key }) else {
                members.append(member)
                return
            }
            members[index].mayBeAbsent = members[index].mayBeAbsent && member.mayBeAbsent
            if case .linked(let field, let existing) = members[index].field, case .linked(_, let more) = member.field {
                members[index].field = .linked(field, selections: existing + more)
            }
        }
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                add(Member(key: field.responseKey, field: .scalar(field), mayBeAbsent: mayBeAbsent))
            case .linkedField(let field):
                add(
                    Member(
                        key: field.responseKey, field: .linked(field, selections: field.selections),
                        mayBeAbsent: mayBeAbsent))
            case .inlineFragment(let fragment):
                let applies =
                    !fragment.isClientExtension && schema.isNamedSubtype(parentType, of: fragment.typeCondition)
                collect(
                    fragment.selections, parentType: parentType, mayBeAbsent: mayBeAbsent || !applies, into: &members)
            case .condition(let condition):
                collect(condition.selections, parentType: parentType, mayBeAbsent: true, into: &members)
            case .fragmentSpread:
                // The normalization program has its fragments inlined.
                continue
            }
        }
    }
}
