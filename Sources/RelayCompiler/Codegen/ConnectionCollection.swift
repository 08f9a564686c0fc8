import GraphQLParser

/// A `@connection` type whose edges select `node` is a random-access collection of its nodes
/// (Relay.swift's `ConnectionCollection`): `ForEach(user.friends)`. The nodes are gathered once,
/// when the data is decoded, so indexing is O(1) and null edges or nodes are left out.
struct ConnectionNodes {
    /// The Swift type of one node, relative to the connection struct.
    let nodeType: String
    /// How `nodes` is computed from `edges`.
    let expression: SwiftExpression

    /// Names a conformance would clash with: a selected field called so keeps the plain struct.
    static let collectionMembers: Set<String> = [
        "nodes", "count", "first", "last", "isEmpty", "startIndex", "endIndex", "indices", "CodingKeys", "Element",
    ]

    /// The nodes of an `edges` field of a connection struct, when the edges select an
    /// unconditional `node` object.
    init?(edges field: IRLinkedField, edgesTypeName: String, mayBeAbsent: Bool) {
        guard field.name == "edges", field.responseKey == "edges",
            case .list(let edgeType) = field.type.nullable,
            let node = field.selections.lazy.compactMap({ selection -> IRLinkedField? in
                guard case .linkedField(let node) = selection, node.name == "node", node.responseKey == "node" else {
                    return nil
                }
                return node
            }).first
        else { return nil }
        nodeType = edgesTypeName + "." + node.type.namedType + "_node"
        let edgesOptional = mayBeAbsent || !field.type.isNonNull
        let edgeOptional = !edgeType.isNonNull
        let nodeOptional = !node.type.isNonNull
        let edges = edgesOptional ? "(edges ?? [])" : "edges"
        let nodeOfEdge = edgeOptional ? "$0?.node" : "$0.node"
        expression = .identifier(
            edges + (edgeOptional || nodeOptional ? ".compactMap { \(nodeOfEdge) }" : ".map(\\.node)"))
    }

    /// The members the connection struct gets: `nodes`, its coding keys (every field but
    /// `nodes`) and a decoder that fills `nodes` from `edges`.
    func members(storing properties: [(key: String, type: String)]) -> [SwiftDeclaration] {
        let codingKeys = SwiftTypeDeclaration(
            .enum, access: .private, name: "CodingKeys", conformances: ["String", "CodingKey"],
            members: properties.map { SwiftDeclaration(.enumCase(name: $0.key, associatedValues: [], rawValue: nil)) })
        let container = SwiftExpression.identifier("container")
        let decodes: [SwiftStatement] = properties.map { property in
            let isOptional = property.type.hasSuffix("?")
            let type = isOptional ? String(property.type.dropLast()) : property.type
            return .assignment(
                .member(.identifier("self"), property.key),
                .try(
                    .call(
                        .member(container, isOptional ? "decodeIfPresent" : "decode"),
                        [(nil, .identifier(type + ".self")), ("forKey", .member(nil, property.key))])))
        }
        let openContainer = SwiftStatement.declaration(
            SwiftDeclaration(
                .variable(
                    SwiftVariable(
                        name: "container",
                        initialValue: .try(
                            .call(
                                .member(.identifier("decoder"), "container"),
                                [("keyedBy", .identifier("CodingKeys.self"))]))))))
        return [
            SwiftDeclaration(.typeAlias(name: "Element", type: nodeType, access: .public)),
            SwiftDeclaration(
                .variable(SwiftVariable(access: .public, isMutable: false, name: "nodes", type: "[Element]")),
                documentation: "The edges' nodes in order, without null edges or nodes."),
            SwiftDeclaration(.type(codingKeys)),
            DataTypeGenerator.decodingInitializer(
                [openContainer] + decodes + [.assignment(.member(.identifier("self"), "nodes"), expression)]),
        ]
    }
}
