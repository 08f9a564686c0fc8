import GraphQLParser

/// A `@connection` type whose edges select `node` is a random-access collection of its nodes
/// (Relay.swift's `ConnectionCollection`): `ForEach(user.friends)`. The runtime gathers the nodes
/// once, when it reads the data, so indexing is O(1) and null edges or nodes are left out.
struct ConnectionNodes {
    /// The Swift type of one node, relative to the connection struct.
    let nodeType: String

    /// Names a conformance would clash with: a selected field called so keeps the plain struct.
    static let collectionMembers: Set<String> = [
        "nodes", "count", "first", "last", "isEmpty", "startIndex", "endIndex", "indices", "Element",
    ]

    /// The nodes of an `edges` field of a connection struct, when the edges select an
    /// unconditional `node` object.
    init?(edges field: IRLinkedField, edgesTypeName: String) {
        guard field.name == "edges", field.responseKey == "edges",
            case .list = field.type.nullable,
            let node = field.selections.lazy.compactMap({ selection -> IRLinkedField? in
                guard case .linkedField(let node) = selection, node.name == "node", node.responseKey == "node" else {
                    return nil
                }
                return node
            }).first
        else { return nil }
        nodeType = edgesTypeName + "." + node.type.namedType + "_node"
    }

    /// The members the connection struct gets: the `Element` type and `nodes` (the edges' nodes
    /// in order, without null edges or nodes; documented on `Relay.ConnectionCollection`).
    var members: [SwiftDeclaration] {
        [
            SwiftDeclaration(.typeAlias(name: "Element", type: nodeType, access: .public)),
            SwiftDeclaration(
                .variable(SwiftVariable(access: .public, isMutable: false, name: "nodes", type: "[Element]"))),
        ]
    }
}
