@_spi(RelayGenerated) import RelayContract

extension Environment {
    /// What a Relay Resolver returns for an edge to an interface or union of client objects:
    /// the object's id and its concrete type, so the reader knows which of the type's
    /// fragments apply (Relay's resolvers return `{id, __typename}` there).
    public struct ClientObjectID: Hashable, Sendable, VariableValueConvertible {
        public var id: String
        public var typename: String

        public init(id: String, typename: String) {
            self.id = id
            self.typename = typename
        }

        public var variableValue: VariableValue { .object(["id": .string(id), "__typename": .string(typename)]) }
    }
}
