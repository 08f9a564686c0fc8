@_spi(RelayGenerated) import Relay

/// How a check writes responses and reads data: through the environment, unless a test puts
/// a broken normalizer or reader in its place to show that the check catches it.
protocol StoreAccess: Sendable {
    func write<Op: Relay.Operation>(
        _ operation: Op.Type, variables: VariableData, data: VariableValue, into environment: Environment
    ) throws(RelayError)
    /// Writes a response delivered in parts (`@defer`, `@stream`), running `afterEach` after each.
    func write<Op: Relay.Operation>(
        _ operation: Op.Type, variables: VariableData, payloads: [VariableValue], into environment: Environment,
        afterEach: (Int) -> Void
    ) throws
    func read<Op: Relay.Operation>(_ operation: Op.Type, variables: VariableData, from environment: Environment)
        -> Snapshot<VariableValue>
    func read(
        _ fragment: ReaderFragment, resolvers: [String: RelayResolverFunction], at pointer: FragmentPointer,
        from environment: Environment
    ) -> Snapshot<VariableValue>
}

/// The runtime as apps use it, which a broken one replaces in part.
extension StoreAccess {
    func write<Op: Relay.Operation>(
        _ operation: Op.Type, variables: VariableData, data: VariableValue, into environment: Environment
    ) throws(RelayError) {
        try environment.commitPayload(operation, variables: variables, data: data)
    }

    func write<Op: Relay.Operation>(
        _ operation: Op.Type, variables: VariableData, payloads: [VariableValue], into environment: Environment,
        afterEach: (Int) -> Void
    ) throws {
        try environment.commitPayloads(operation, variables: variables, payloads: payloads, afterEach: afterEach)
    }

    func read<Op: Relay.Operation>(_ operation: Op.Type, variables: VariableData, from environment: Environment)
        -> Snapshot<VariableValue>
    {
        environment.lookupValue(operation, variables: variables)
    }

    func read(
        _ fragment: ReaderFragment, resolvers: [String: RelayResolverFunction], at pointer: FragmentPointer,
        from environment: Environment
    ) -> Snapshot<VariableValue> {
        environment.lookupValue(fragment, resolvers: resolvers, at: pointer)
    }
}

/// The runtime as apps use it.
struct EnvironmentAccess: StoreAccess {}

/// A generated fragment type, read by name: its node and resolvers for the read, and its
/// generated `Data` to decode what was read.
struct FragmentReader: Sendable {
    let node: ReaderFragment
    let resolvers: [String: RelayResolverFunction]
    let decode: @Sendable (VariableValue) throws -> Void

    init<F: Relay.Fragment>(_: F.Type) {
        node = F.node
        resolvers = F.resolvers
        decode = { _ = try F.Data(selectionValue: $0) }
    }

    init<F: Relay.PluralFragment>(_: F.Type) {
        node = F.node
        resolvers = F.resolvers
        decode = { _ = try F.Data(selectionValue: $0) }
    }
}
