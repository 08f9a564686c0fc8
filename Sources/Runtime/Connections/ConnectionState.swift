@_spi(RelayGenerated) import RelayContract

/// Where a pagination fragment's connection stands, read from the connection's own `pageInfo`
/// in the store (relay-runtime's `getConnectionState`): whether there is more to load at each
/// end and the cursors to load it from.
public struct ConnectionState: Hashable, Sendable {
    public var startCursor: String?
    public var endCursor: String?
    /// The server said there are edges after the last one, and there is a cursor to ask from.
    public var hasNext: Bool
    /// The server said there are edges before the first one, and there is a cursor to ask from.
    public var hasPrevious: Bool
    /// How many edges the connection has in the store (what prefetching counts ahead of).
    public var edgeCount = 0

    /// A connection the store does not have (yet): nothing to load.
    public static let empty = ConnectionState(startCursor: nil, endCursor: nil, hasNext: false, hasPrevious: false)

    /// The state of the connection at `metadata.path` in `fragment` read from `pointer`'s record.
    init(_ metadata: ConnectionMetadata, fragment: ReaderFragment, pointer: FragmentPointer, in source: RecordSource) {
        guard
            let connection = FragmentLocator(source: source, variables: fragment.variables(for: pointer))
                .record(at: metadata.path, in: fragment.selections, from: pointer.id),
            case .link(let pageInfoID?)? = source[connection]?["pageInfo"],
            let pageInfo = source[pageInfoID]
        else {
            self = .empty
            return
        }
        if case .links(let edges)? = source[connection]?["edges"] { edgeCount = edges.count }
        func string(_ key: String) -> String? {
            if case .scalar(.string(let value))? = pageInfo[key] { value } else { nil }
        }
        func flag(_ key: String) -> Bool { pageInfo[key] == .scalar(.bool(true)) }
        startCursor = string("startCursor")
        endCursor = string("endCursor")
        hasNext = endCursor != nil && flag("hasNextPage")
        hasPrevious = startCursor != nil && flag("hasPreviousPage")
    }

    init(startCursor: String?, endCursor: String?, hasNext: Bool, hasPrevious: Bool) {
        self.startCursor = startCursor
        self.endCursor = endCursor
        self.hasNext = hasNext
        self.hasPrevious = hasPrevious
    }

    /// Whether there is more to load in `direction`, and the cursor to load it from.
    func more(_ direction: ConnectionState.Direction) -> (hasMore: Bool, cursor: String?) {
        switch direction {
        case .forward: (hasNext, endCursor)
        case .backward: (hasPrevious, startCursor)
        }
    }
}

/// Follows reader selections through the store by response keys: how pagination finds a
/// fragment's connection record.
struct FragmentLocator {
    let source: RecordSource
    let variables: VariableData

    /// The record reached from `id` by following the linked fields named by `path` (response
    /// keys) in `selections`; nil when a link is missing or null.
    func record(at path: [String], in selections: [ReaderSelection], from id: DataID) -> DataID? {
        var current = id
        var selections = selections
        for responseKey in path {
            guard case .linkedField(let field)? = selections.field(respondingTo: responseKey, variables: variables),
                let record = source[current]
            else { return nil }
            let key = field.storageKey ?? storageKey(fieldName: field.name, arguments: field.args, variables: variables)
            guard case .link(let next?)? = record[key] else { return nil }
            current = next
            selections = field.selections
        }
        return current
    }
}

extension ConnectionState {
    /// Which end of a connection a page is loaded at.
    public enum Direction: Hashable, Sendable {
        /// After the last edge (`loadNext`).
        case forward
        /// Before the first edge (`loadPrevious`).
        case backward
    }
}

extension ConnectionMetadata {
    /// The count and cursor variables that page the connection in `direction`; nil when the
    /// connection does not page that way.
    func variables(paging direction: ConnectionState.Direction) -> (count: String, cursor: String)? {
        let names: (String?, String?) =
            switch (direction, self.direction) {
            case (.forward, .forward), (.forward, .bidirectional), (.backward, .backward): (count, cursor)
            case (.backward, .bidirectional): (backwardCount, backwardCursor)
            case (.forward, .backward), (.backward, .forward): (nil, nil)
            }
        guard let count = names.0, let cursor = names.1 else { return nil }
        return (count, cursor)
    }
}
