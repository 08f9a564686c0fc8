import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// What the store needs to page through a `@connection`, added to the server's selections as
/// Relay's connection transform does: `cursor` on each edge, `__typename` on each node, and the
/// `pageInfo` fields for the directions the field pages in (`first`/`after`: `endCursor`,
/// `hasNextPage`; `last`/`before`: `startCursor`, `hasPreviousPage`). App code reads only what
/// it selected; these go into the server text and normalization. A `@stream_connection`'s
/// `pageInfo` is deferred here (`IRConnectionStream`).
public enum ConnectionFieldsTransform: ProgramTransform {
    public static let name = "ConnectionFields"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        return TransformOutput(program.transformingDefinitions { selections, _ in apply(selections, schema: schema) })
    }

    static func apply(_ selections: [IRSelection], schema: Schema) -> [IRSelection] {
        selections.map { selection in
            switch selection {
            case .linkedField(var field):
                field.selections = apply(field.selections, schema: schema)
                if field.connection != nil { field.selections = withPagingFields(field, schema: schema) }
                return .linkedField(field)
            case .inlineFragment(var fragment):
                fragment.selections = apply(fragment.selections, schema: schema)
                return .inlineFragment(fragment)
            case .condition(var condition):
                condition.selections = apply(condition.selections, schema: schema)
                return .condition(condition)
            case .scalarField, .fragmentSpread:
                return selection
            }
        }
    }

    private static func withPagingFields(_ connection: IRLinkedField, schema: Schema) -> [IRSelection] {
        guard let connectionType = schema[connection.type.namedType] else { return connection.selections }
        let (forward, backward) = connection.pagingDirections
        var pageInfoFields: [String] = []
        if forward {
            pageInfoFields += ["endCursor", "hasNextPage"]
        }
        if backward {
            pageInfoFields += ["startCursor", "hasPreviousPage"]
        }
        var selections = connection.selections
        let location = connection.location
        selections = adding(["cursor"], toLinked: "edges", on: connectionType, in: selections, at: location, schema) {
            edges, edgeType in
            edges.selections = adding(
                ["__typename"], toLinked: "node", on: edgeType, in: edges.selections, at: location, schema)
        }
        selections = adding(
            pageInfoFields, toLinked: "pageInfo", on: connectionType, in: selections, at: location, schema)
        guard let stream = connection.connection?.stream else { return selections }
        // `@stream_connection`: the page's cursor once its last edge is there.
        return selections.map { selection in
            guard case .linkedField(let pageInfo) = selection, pageInfo.name == "pageInfo", pageInfo.alias == nil else {
                return selection
            }
            let label = IRArgument(name: "label", value: .string(stream.pageInfoLabel), type: nil, location: location)
            let deferral = IRDirective(
                name: DeferStreamTransform.deferName, arguments: [label] + [stream.condition].compactMap { $0 },
                location: location)
            return .inlineFragment(
                IRInlineFragment(
                    typeCondition: connectionType.name, directives: [deferral], selections: [selection],
                    location: location, hasTypeCondition: false))
        }
    }

    /// `selections` with an unaliased linked field `name` (created when missing) that selects
    /// the scalar fields `fields`, then adjusted by `nested`.
    private static func adding(
        _ fields: [String], toLinked name: String, on parentType: SchemaType, in selections: [IRSelection],
        at location: SourceLocation, _ schema: Schema, nested: (inout IRLinkedField, SchemaType) -> Void = { _, _ in }
    ) -> [IRSelection] {
        guard let definition = schema.field(name, on: parentType), let type = schema[definition.type.namedType] else {
            return selections
        }
        var selections = selections
        let index = selections.firstIndex {
            if case .linkedField(let field) = $0 { field.name == name && field.alias == nil } else { false }
        }
        var field: IRLinkedField
        if let index, case .linkedField(let existing) = selections[index] {
            field = existing
        } else {
            guard !fields.isEmpty else { return selections }
            field = IRLinkedField(
                alias: nil, name: name, parentType: parentType.name, type: definition.type, arguments: [],
                directives: [], selections: [], location: location)
        }
        for fieldName in fields where !field.selections.selectsUnaliased(fieldName) {
            if let scalar = schema.field(fieldName, on: type) {
                field.selections.append(.generatedField(scalar, on: type.name, at: field.location))
            }
        }
        nested(&field, type)
        if let index { selections[index] = .linkedField(field) } else { selections.append(.linkedField(field)) }
        return selections
    }
}

// MARK: What this feature keeps on IR nodes

extension IRLinkedField {
    /// `@connection(key:filters:)`: the field is a paginated connection stored under a key.
    public var connection: IRConnection? {
        get { metadata[LinkedFieldConnectionKey.self] }
        set { metadata[LinkedFieldConnectionKey.self] = newValue }
    }
}

private enum LinkedFieldConnectionKey: IRMetadataKey {
    static let defaultValue: IRConnection? = nil
}

public struct IRConnection: Hashable, Sendable {
    public var key: String
    /// The field arguments that identify one connection (all but the paging ones when nil).
    public var filters: [String]?
    /// `@connection(handler:)`: the handler that merges pages, `connection` (the runtime's) unless
    /// an app's `CustomFieldHandler` does.
    public var handler: String
    /// `@stream_connection`: the server streams the edges and defers `pageInfo`.
    public var stream: IRConnectionStream? = nil
    /// `@connection(dynamicKey_UNSTABLE:)`: a value (usually a variable) that tells apart
    /// connections of one field and key, as the store's `__dynamicKey` argument of the handle
    /// field; it is never sent to the server.
    public var dynamicKey: IRValue? = nil
    /// `@connection(prefetchable_pagination: true)`: meant to be read ahead (Relay's
    /// `usePrefetchableForwardPaginationFragment`). The generated code needs nothing more:
    /// `ObservedPaginationFragment`'s `prefetch` reads any forward connection ahead.
    public var isPrefetchable = false

    public init(key: String, filters: [String]?, handler: String = "connection") {
        self.key = key
        self.filters = filters
        self.handler = handler
    }

    /// True when the runtime's own handler keeps the connection (pagination can page it).
    public var isBuiltIn: Bool { handler == HandleKind.connection.rawValue }

    /// The field under which the store keeps the connection that pagination and updaters grow
    /// (`__<key>_connection`, named by the runtime's own rule), or `__<key>_<handler>` where an
    /// app's handler keeps it.
    public var handleFieldName: String {
        isBuiltIn ? ConnectionHandler.handleFieldName(key: key) : "__\(key)_\(handler)"
    }

    /// Of the field's arguments, those that identify the connection (the runtime's rule), and
    /// the dynamic key.
    public func filterArguments(_ arguments: [IRArgument], of field: IRLinkedField) -> [IRArgument] {
        let dynamic = dynamicKey.map {
            IRArgument(
                name: ConnectionHandler.dynamicKeyArgument, value: $0, type: .named("String"), location: field.location)
        }
        return arguments.filter { ConnectionHandler.isFilter($0.name, filters: filters) } + [dynamic].compactMap { $0 }
    }
}

/// `@stream_connection(initial_count:, if:)`: Relay's streamed connection. Its `edges` carry
/// `@stream` (labelled by the connection's key) from the start; `ConnectionFieldsTransform` wraps
/// `pageInfo` in an inline fragment deferred with `pageInfoLabel`, so the cursor arrives once
/// the last edge has.
public struct IRConnectionStream: Hashable, Sendable {
    /// `if:`, which turns the deferral of `pageInfo` off with the stream.
    public var condition: IRArgument?
    /// `<document>$defer$<key>$pageInfo`, set by `DeferStreamTransform`, which knows the document.
    public var pageInfoLabel = ""
}
