import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// The `Data` types app code reads: one struct per selection set, fields by response key, a
/// nested `<SchemaType>_<responseKey>` struct per object field, and a `FragmentPointer` per
/// spread fragment (the struct then conforms to the fragment's `<Name>_Key`). Fields that may be
/// absent — under `@include`/`@skip` or in an inline fragment on another type — are optional.
/// Every struct has `let` properties named by response key and the fields it was read from
/// (`__fields`), and no initialiser: the runtime fills the properties through the layout the
/// Swift runtime describes (`SelectionLayout`), so an app compiles only the declarations. A
/// definition's top-level struct is a `Relay.SelectionData` and `Hashable` (by `__fields`);
/// nested ones conform only to `Identifiable` (where they select a non-null `id`) and the keys of
/// the fragments they spread, and are `@frozen`, which makes Swift infer their `Sendable`
/// conformance rather than check a declared one — each declared conformance costs an app's build
/// about as much as a function body.
public struct DataTypeGenerator: Sendable {
    public let schema: Schema
    public let mapping: SwiftTypeMapping
    /// The type condition of every fragment, to tell whether a spread always applies.
    public let fragmentTypes: [String: String]
    /// The `@inline` fragments: their keys carry the fragment's data, not a pointer.
    public let inlineFragments: Set<String>

    public init(schema: Schema, mapping: SwiftTypeMapping, program: IRProgram) {
        self.schema = schema
        self.mapping = mapping
        fragmentTypes = Dictionary(
            program.fragments.map { ($0.name, $0.typeCondition) }, uniquingKeysWith: { first, _ in first })
        inlineFragments = Set(program.fragments.filter(\.isInline).map(\.name))
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
            /// `@alias`: the inline fragment's selections as an object of their own.
            case aliased(IRInlineFragment, IRFragmentAlias)
        }

        var key: String
        var kind: Kind
        var mayBeAbsent: Bool
    }

    /// - Parameters:
    ///   - isTopLevel: the struct is an operation's or fragment's own `Data` (or `Fields`), which
    ///     is `Hashable`; nested ones are not.
    ///   - connectionLevel: where the struct sits in a `@connection`: its edges' `cursor` is
    ///     optional, since edges built on the client (`createEdge`, `@appendNode`) have none.
    public func dataStruct(
        named name: String, parentType: String, selections: [IRSelection], isTopLevel: Bool = false,
        skipsConditional: Bool = false, connectionLevel: ConnectionLevel = .none, diagnostics: inout [Diagnostic]
    ) -> SwiftDeclaration {
        var members: [Member] = []
        collect(
            selections, parentType: parentType, mayBeAbsent: false, skipsConditional: skipsConditional,
            into: &members)
        var properties: [SwiftDeclaration] = []
        var nested: [SwiftDeclaration] = []
        var conformances = isTopLevel ? ["Relay.SelectionData", "Hashable"] : []
        var storedKeys: [String] = []
        /// Stores a property; under `@catch` its type is a `Result` or optional of `valueType`.
        func store(
            _ key: String, _ valueType: String, mayBeAbsent: Bool, catchTo: CatchTo?, _ definition: SchemaField?
        ) {
            let swiftType = Self.caughtType(valueType, mayBeAbsent: mayBeAbsent, catchTo: catchTo)
            properties.append(property(key, swiftType, definition))
            storedKeys.append(key)
        }
        var connectionNodes: ConnectionNodes?
        for member in members {
            switch member.kind {
            case .scalar(let field):
                let definition = schema[field.parentType].flatMap { schema.field(field.name, on: $0) }
                var swiftType: String
                let readType = Self.readType(field.semanticType ?? field.type, field.required)
                switch mapping.swiftType(readType, schema: schema, at: field.location, reading: true) {
                case .success(let type): swiftType = type
                case .failure(let diagnostic):
                    diagnostics.append(diagnostic)
                    swiftType = "Never?"
                }
                // Relay's `__id` is the record's store id, typed as the runtime's ids are.
                if field.name == RelaySchema.recordIDField, schema.recordIDField != nil { swiftType = "DataID" }
                if connectionLevel == .edge && field.name == "cursor" {
                    swiftType = SchemaTypesGenerator.optional(swiftType)
                }
                if member.key == "id", field.name == "id", case .nonNull(.named("ID")) = readType, !member.mayBeAbsent,
                    field.catchTo == nil
                {
                    conformances.append("Identifiable")
                }
                store(member.key, swiftType, mayBeAbsent: member.mayBeAbsent, catchTo: field.catchTo, definition)
            case .linked(let field, let selections):
                let definition = schema[field.parentType].flatMap { schema.field(field.name, on: $0) }
                let typeName = field.type.namedType + "_" + member.key
                let concreteTypes = self.concreteTypes(in: selections, of: field.type.namedType)
                nested.append(
                    concreteTypes.isEmpty
                        ? dataStruct(
                            named: typeName, parentType: field.type.namedType, selections: selections,
                            connectionLevel: connectionLevel.child(field), diagnostics: &diagnostics)
                        : dataEnum(
                            named: typeName, abstractType: field.type.namedType, concreteTypes: concreteTypes,
                            selections: selections, diagnostics: &diagnostics))
                let type = Self.readType(
                    field.semanticType ?? field.type, field.required, childrenCanBubbleNull: field.childrenCanBubbleNull
                )
                store(
                    member.key, SwiftTypeMapping.wrap(type, around: typeName), mayBeAbsent: member.mayBeAbsent,
                    catchTo: field.catchTo, definition)
                if connectionLevel == .connection, concreteTypes.isEmpty {
                    connectionNodes =
                        connectionNodes
                        ?? ConnectionNodes(edges: field, edgesTypeName: typeName)
                }
            case .aliased(let fragment, let alias):
                let typeName = fragment.typeCondition + "_" + member.key
                let concreteTypes = self.concreteTypes(in: fragment.selections, of: fragment.typeCondition)
                nested.append(
                    concreteTypes.isEmpty
                        ? dataStruct(
                            named: typeName, parentType: fragment.typeCondition, selections: fragment.selections,
                            diagnostics: &diagnostics)
                        : dataEnum(
                            named: typeName, abstractType: fragment.typeCondition, concreteTypes: concreteTypes,
                            selections: fragment.selections, diagnostics: &diagnostics))
                store(member.key, typeName, mayBeAbsent: member.mayBeAbsent, catchTo: alias.catchTo, nil)
            case .fragment(let fragmentName):
                let keyType = Self.keyType(ofFragment: fragmentName, isInline: inlineFragments.contains(fragmentName))
                if !member.mayBeAbsent { conformances.append(fragmentName + "_Key") }
                store(member.key, keyType, mayBeAbsent: member.mayBeAbsent, catchTo: nil, nil)
            }
        }
        properties.append(
            SwiftDeclaration(.variable(SwiftVariable(access: .public, name: "__fields", type: "SelectionFields"))))
        if let connectionNodes, storedKeys.allSatisfy({ !ConnectionNodes.collectionMembers.contains($0) }) {
            conformances.append("Relay.ConnectionCollection")
            properties += connectionNodes.members
        }
        // The runtime fills the stored properties itself (`SelectionLayout`): no initialiser. A
        // nested struct conforms to nothing it does not need, and is `@frozen` so that Swift
        // infers its `Sendable` conformance instead of checking a declared one.
        return SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .struct, access: .public, name: name, conformances: conformances, members: properties + nested,
                    isCompact: true)),
            attributes: isTopLevel ? [] : ["@frozen"])
    }

    /// The type code reads a field as: a `@required` field is never null (a null bubbles up
    /// instead), and a field a `@required` child bubbles its null up to may be null.
    static func readType(_ type: TypeRef, _ required: IRRequired?, childrenCanBubbleNull: Bool = false) -> TypeRef {
        if required != nil {
            if case .nonNull = type { return type }
            return .nonNull(type)
        }
        if childrenCanBubbleNull, case .nonNull(let nullable) = type { return nullable }
        return type
    }

    /// A stored property. The schema's description is not repeated on every data type that
    /// selects the field (as in Relay's generated types); the schema types keep theirs.
    private func property(_ key: String, _ swiftType: String, _ definition: SchemaField?) -> SwiftDeclaration {
        SwiftDeclaration(
            .variable(SwiftVariable(access: .public, name: key, type: swiftType)),
            attributes: SchemaTypesGenerator.deprecation(definition?.deprecationReason))
    }

    /// A property's type: under `@catch(to: RESULT)` a `Result` of `valueType` and the caught
    /// errors, under `@catch(to: NULL)` optional; optional where the selection may not apply
    /// (`mayBeAbsent`).
    static func caughtType(_ valueType: String, mayBeAbsent: Bool, catchTo: CatchTo?) -> String {
        let optional = SchemaTypesGenerator.optional
        switch catchTo {
        case nil, .null?:
            return mayBeAbsent || catchTo == .null ? optional(valueType) : valueType
        case .result?:
            let resultType = "Swift.Result<\(valueType), Relay.FieldErrors>"
            return mayBeAbsent ? resultType + "?" : resultType
        }
    }

    /// Gathers the fields of a selection set on `parentType`. Selections on a type condition that
    /// can never match the parent (another object type) are left out; ones that may match are
    /// optional, or left out too when `skipsConditional` (the fallback case of a union enum).
    private func collect(
        _ selections: [IRSelection], parentType: String, mayBeAbsent: Bool, skipsConditional: Bool = false,
        into members: inout [Member]
    ) {
        let parentIsObject = schema[parentType]?.kind == .object
        func include(_ condition: String) -> Bool {
            alwaysApplies(condition, on: parentType) || (!parentIsObject && !skipsConditional)
        }
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
        func addKey(_ fragmentName: String) {
            let condition = fragmentTypes[fragmentName] ?? ""
            guard include(condition) else { return }
            let applies = alwaysApplies(condition, on: parentType)
            add(
                Member(
                    key: "fragment_" + fragmentName, kind: .fragment(fragmentName),
                    mayBeAbsent: mayBeAbsent || !applies))
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
                addKey(spread.name)
            case .inlineFragment(let fragment) where fragment.inlineData != nil:
                // An `@inline` fragment read with this data: a key like any spread's.
                addKey(fragment.inlineData?.fragmentName ?? "")
            case .inlineFragment(let fragment) where fragment.alias != nil:
                guard let alias = fragment.alias, include(fragment.typeCondition) else { continue }
                // Nil where the type condition may not match (on an enum case's own type it
                // does), and a deferred spread's until its data arrives.
                let matches =
                    alias.deferred == nil
                    && (alias.alwaysMatches || alwaysApplies(fragment.typeCondition, on: parentType))
                add(
                    Member(
                        key: alias.name, kind: .aliased(fragment, alias),
                        mayBeAbsent: mayBeAbsent || !matches || alias.childrenCanBubbleNull))
            case .inlineFragment(let fragment):
                guard include(fragment.typeCondition) else { continue }
                // Client schema extensions are absent until the app writes them (as in Relay's
                // types, where they are optional).
                collect(
                    fragment.selections, parentType: parentType,
                    mayBeAbsent: mayBeAbsent || fragment.isClientExtension
                        || !alwaysApplies(fragment.typeCondition, on: parentType),
                    skipsConditional: skipsConditional, into: &members)
            case .condition(let condition):
                collect(
                    condition.selections, parentType: parentType, mayBeAbsent: true,
                    skipsConditional: skipsConditional, into: &members)
            }
        }
    }
}

extension DataTypeGenerator {
    /// `protocol <Fragment>_Key { var fragment_<Fragment>: FragmentPointer { get } }`: what every
    /// `Data` type spreading the fragment conforms to, so `<Fragment>(key:)` accepts any of them.
    /// An `@inline` fragment's key carries its data (`<Fragment>.Data`) instead of a pointer.
    public static func keyProtocol(forFragment name: String, isInline: Bool = false) -> SwiftDeclaration {
        SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .protocol, access: .public, name: name + "_Key",
                    members: [
                        SwiftDeclaration(
                            .variable(
                                SwiftVariable(
                                    name: "fragment_" + name, type: keyType(ofFragment: name, isInline: isInline),
                                    getter: [])))
                    ])))
    }

    /// The type of a key's `fragment_<Fragment>` property.
    static func keyType(ofFragment name: String, isInline: Bool) -> String {
        isInline ? name + ".Data" : "FragmentPointer"
    }
}

// MARK: Unions and interfaces

extension DataTypeGenerator {
    /// `public init(data: SelectionFields) throws { body }`: how the runtime builds a union's or
    /// interface's enum from the fields the reader read.
    static func readingInitializer(_ body: [SwiftStatement]) -> SwiftDeclaration {
        SwiftDeclaration(
            .function(
                SwiftFunction(
                    .initializer(failable: false), access: .public,
                    parameters: [SwiftParameter(label: "data", type: "SelectionFields")],
                    effects: ["throws"], body: body, bodyOnOneLine: false)))
    }
}

/// A data struct's place in a `@connection` field, for the types its edges need.
public enum ConnectionLevel: Hashable, Sendable {
    case none
    /// The connection field's own type.
    case connection
    /// The type of its `edges`.
    case edge

    /// The level of a linked field's type under a struct at this level.
    func child(_ field: IRLinkedField) -> ConnectionLevel {
        if field.connection != nil { return .connection }
        return self == .connection && field.name == "edges" ? .edge : .none
    }
}
