/// The runtime handlers a field can ask for after it is normalized: `@connection`'s, and the
/// declarative store edits. The compiler emits the raw value (the directive's name, as Relay's
/// artifacts do) in each normalization handle; the runtime dispatches on the kind it parses back.
/// One list, so a name cannot be spelled differently on the two sides.
@_spi(RelayGenerated) public enum HandleKind: String, CaseIterable, Hashable, Sendable {
    /// `@connection(key:filters:)`: pages are merged into one client connection.
    case connection
    /// `@deleteRecord` on a field of ids.
    case deleteRecord
    /// `@deleteEdge(connections:)` on a field of ids.
    case deleteEdge
    /// `@appendEdge(connections:)` on a field of edges.
    case appendEdge
    /// `@prependEdge(connections:)` on a field of edges.
    case prependEdge
    /// `@appendNode(connections:edgeTypeName:)` on a field of nodes.
    case appendNode
    /// `@prependNode(connections:edgeTypeName:)` on a field of nodes.
    case prependNode

    /// What the field of a declarative edit holds.
    public enum EditedValue: Hashable, Sendable {
        /// Ids of records (`ID` or `[ID]`).
        case ids
        /// Edges (objects with a `node`), inserted as they are.
        case edges
        /// Nodes, each wrapped in a new edge of the edit's `edgeTypeName`.
        case nodes
    }

    /// The store edits, in declaration order: every kind but `connection`.
    public static let storeEdits: [HandleKind] = allCases.filter { $0.editedValue != nil }

    /// What the field holds for a store edit; nil for `connection`, which is not one.
    public var editedValue: EditedValue? {
        switch self {
        case .connection: nil
        case .deleteRecord, .deleteEdge: .ids
        case .appendEdge, .prependEdge: .edges
        case .appendNode, .prependNode: .nodes
        }
    }

    /// Whether an insert goes at the connection's end (`append…`) rather than its start.
    public var insertsAtEnd: Bool { self == .appendEdge || self == .appendNode }
}
