@_spi(RelayGenerated) import RelayContract

/// A store change a response asks for through a directive on one of its fields:
/// `@deleteRecord`, `@deleteEdge`, `@appendEdge`, `@prependEdge`, `@appendNode`,
/// `@prependNode`. Normalization collects them; they run like an updater after the response's
/// records are written, so an optimistic layer replays them on whatever base it lands on.
struct DeclarativeEdit: Hashable, Sendable {
    enum Action: Hashable, Sendable {
        case deleteRecord
        case deleteEdge
        case insertEdge(atEnd: Bool)
        case insertNode(atEnd: Bool, edgeTypeName: String)
    }

    var action: Action
    /// The records the field's value names: ids for the delete actions, edges or nodes for the
    /// insert actions.
    var records: [DataID]
    /// The client connections to edit (the directive's `connections`).
    var connections: [DataID]

    /// The edit a normalization handle asks for, or nil when `handle` is not one of these.
    init?(handle: NormalizationHandle, records: [DataID], variables: VariableData) {
        let arguments = Dictionary(
            handle.handleArgs.map { ($0.name, $0.value(with: variables)) }, uniquingKeysWith: { _, last in last })
        guard let kind = handle.handler else { return nil }
        switch kind {
        case .connection: return nil
        case .deleteRecord: action = .deleteRecord
        case .deleteEdge: action = .deleteEdge
        case .appendEdge, .prependEdge: action = .insertEdge(atEnd: kind.insertsAtEnd)
        case .appendNode, .prependNode:
            guard case .string(let edgeTypeName)? = arguments["edgeTypeName"] else { return nil }
            action = .insertNode(atEnd: kind.insertsAtEnd, edgeTypeName: edgeTypeName)
        }
        self.records = records
        connections = arguments["connections"]?.dataIDs ?? []
    }

    func apply(to store: RecordSourceSelectorProxy) {
        switch action {
        case .deleteRecord:
            for id in records { store.delete(id) }
        case .deleteEdge:
            for connection in connections.compactMap(store.get) {
                for id in records { ConnectionHandler.deleteNode(connection, nodeID: id) }
            }
        case .insertEdge(let atEnd):
            for connection in connections.compactMap(store.get) {
                for edge in records.compactMap(store.get) {
                    guard let node = edge.getLinkedRecord("node"),
                        !ConnectionHandler.contains(connection, nodeID: node.dataID)
                    else { continue }
                    let copy = ConnectionHandler.buildConnectionEdge(store, connection: connection, edge: edge)
                    Self.insert(copy, into: connection, atEnd: atEnd)
                }
            }
        case .insertNode(let atEnd, let edgeTypeName):
            for connection in connections.compactMap(store.get) {
                for node in records.compactMap(store.get)
                where !ConnectionHandler.contains(connection, nodeID: node.dataID) {
                    let edge = ConnectionHandler.createEdge(
                        store, connection: connection, node: node, edgeType: edgeTypeName)
                    Self.insert(edge, into: connection, atEnd: atEnd)
                }
            }
        }
    }

    private static func insert(_ edge: RecordProxy, into connection: RecordProxy, atEnd: Bool) {
        if atEnd {
            ConnectionHandler.insertEdgeAfter(connection, edge: edge)
        } else {
            ConnectionHandler.insertEdgeBefore(connection, edge: edge)
        }
    }
}

extension VariableValue {
    /// The ids an ID or [ID] value holds (other items ignored).
    var dataIDs: [DataID] {
        switch self {
        case .string(let id): [DataID(id)]
        case .list(let items): items.flatMap(\.dataIDs)
        default: []
        }
    }
}
