@_spi(RelayGenerated) import RelayContract

/// An operation's identity, its name and variables: what the store dates writes and staleness
/// by, what retention keys, and what identical fetches in flight share. (A function, not a
/// property of `Operation`: a generated operation's variable may be named anything.)
enum OperationIdentity {
    static func of<Op: Operation>(_ operation: Op) -> String {
        Op.node.params.name + " " + VariableValue.object(operation.operationVariables.fields).stableJSON
    }
}
