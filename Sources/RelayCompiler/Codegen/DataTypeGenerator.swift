import GraphQLParser

/// The `Data` types app code reads: one struct per selection set, fields by response key, a
/// nested `<SchemaType>_<responseKey>` struct per object field, and a `FragmentPointer` per
/// spread fragment (the struct then conforms to the fragment's `<Name>_Key`). Fields that may be
/// absent — under `@include`/`@skip` or in an inline fragment on another type — are optional.
/// Every type is `Decodable`, `Hashable` and `Sendable`; one that selects a non-null `id` is
/// `Identifiable`.
public struct DataTypeGenerator {
    public let schema: Schema
    public let mapping: SwiftTypeMapping
    /// The type condition of every fragment, to tell whether a spread always applies.
    public let fragmentTypes: [String: String]

    public init(schema: Schema, mapping: SwiftTypeMapping, program: IRProgram) {
        self.schema = schema
        self.mapping = mapping
        fragmentTypes = Dictionary(
            program.fragments.map { ($0.name, $0.typeCondition) }, uniquingKeysWith: { first, _ in first })
    }

    /// True when selections on `condition` apply to every value of `parentType`: the same type,
    /// or an interface or union the parent type belongs to.
    func alwaysApplies(_ condition: String, on parentType: String) -> Bool {
        guard condition != parentType else { return true }
        guard let conditionType = schema[condition], let parent = schema[parentType] else { return false }
        return parent.kind == .object && schema.isSubType(conditionType, parent)
    }

    /// A field of the struct being built, merged across the places that select it.
    private struct Member {
        enum Kind {
            case scalar(IRScalarField)
            case linked(IRLinkedField, selections: [IRSelection])
            case fragment(String)
        }

        var key: String
        var kind: Kind
        var mayBeAbsent: Bool
    }

    public func dataStruct(
        named name: String, parentType: String, selections: [IRSelection], diagnostics: inout [Diagnostic]
    ) -> SwiftDeclaration {
        var members: [Member] = []
        collect(selections, parentType: parentType, mayBeAbsent: false, into: &members)
        var properties: [SwiftDeclaration] = []
        var nested: [SwiftDeclaration] = []
        var conformances = ["Decodable", "Hashable", "Sendable"]
        for member in members {
            switch member.kind {
            case .scalar(let field):
                let definition = schema[field.parentType].flatMap { schema.field(field.name, on: $0) }
                var swiftType: String
                switch mapping.swiftType(field.type, schema: schema, at: field.location) {
                case .success(let type): swiftType = type
                case .failure(let diagnostic):
                    diagnostics.append(diagnostic)
                    swiftType = "Never?"
                }
                if member.mayBeAbsent { swiftType = SchemaTypesGenerator.optional(swiftType) }
                if member.key == "id", field.name == "id", field.type == .nonNull(.named("ID")), !member.mayBeAbsent {
                    conformances.append("Identifiable")
                }
                properties.append(property(member.key, swiftType, definition))
            case .linked(let field, let selections):
                let definition = schema[field.parentType].flatMap { schema.field(field.name, on: $0) }
                let typeName = field.type.namedType + "_" + member.key
                nested.append(
                    dataStruct(
                        named: typeName, parentType: field.type.namedType, selections: selections,
                        diagnostics: &diagnostics))
                var swiftType = SwiftTypeMapping.wrap(field.type, around: typeName)
                if member.mayBeAbsent { swiftType = SchemaTypesGenerator.optional(swiftType) }
                properties.append(property(member.key, swiftType, definition))
            case .fragment(let fragmentName):
                let swiftType = member.mayBeAbsent ? "FragmentPointer?" : "FragmentPointer"
                if !member.mayBeAbsent { conformances.append(fragmentName + "_Key") }
                properties.append(property(member.key, swiftType, nil))
            }
        }
        return SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .struct, access: .public, name: name, conformances: conformances, members: properties + nested)))
    }

    private func property(_ key: String, _ swiftType: String, _ definition: SchemaField?) -> SwiftDeclaration {
        SwiftDeclaration(
            .variable(SwiftVariable(access: .public, isMutable: true, name: key, type: swiftType)),
            documentation: definition?.description,
            attributes: SchemaTypesGenerator.deprecation(definition?.deprecationReason))
    }

    private func collect(
        _ selections: [IRSelection], parentType: String, mayBeAbsent: Bool, into members: inout [Member]
    ) {
        func add(_ member: Member) {
            guard let index = members.firstIndex(where: { $0.key == member.key }) else {
                members.append(member)
                return
            }
            // Selected again: present if any selection is unconditional; object fields merge.
            members[index].mayBeAbsent = members[index].mayBeAbsent && member.mayBeAbsent
            if case .linked(let field, let existing) = members[index].kind, case .linked(_, let more) = member.kind {
                members[index].kind = .linked(field, selections: existing + more)
            }
        }
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                add(Member(key: field.responseKey, kind: .scalar(field), mayBeAbsent: mayBeAbsent))
            case .linkedField(let field):
                add(
                    Member(
                        key: field.responseKey, kind: .linked(field, selections: field.selections),
                        mayBeAbsent: mayBeAbsent))
            case .fragmentSpread(let spread):
                let applies = fragmentTypes[spread.name].map { alwaysApplies($0, on: parentType) } ?? false
                add(
                    Member(
                        key: "fragment_" + spread.name, kind: .fragment(spread.name),
                        mayBeAbsent: mayBeAbsent || !applies))
            case .inlineFragment(let fragment):
                collect(
                    fragment.selections, parentType: parentType,
                    mayBeAbsent: mayBeAbsent || !alwaysApplies(fragment.typeCondition, on: parentType),
                    into: &members)
            case .condition(let condition):
                collect(condition.selections, parentType: parentType, mayBeAbsent: true, into: &members)
            }
        }
    }
}

extension DataTypeGenerator {
    /// `protocol <Fragment>_Key { var fragment_<Fragment>: FragmentPointer { get } }`: what every
    /// `Data` type spreading the fragment conforms to, so `<Fragment>(key:)` accepts any of them.
    public static func keyProtocol(forFragment name: String) -> SwiftDeclaration {
        SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .protocol, access: .public, name: name + "_Key",
                    members: [
                        SwiftDeclaration(
                            .variable(SwiftVariable(name: "fragment_" + name, type: "FragmentPointer", getter: [])))
                    ])))
    }
}
