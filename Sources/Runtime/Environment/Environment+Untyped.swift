@_spi(RelayGenerated) import RelayContract

/// Writing and reading a generated definition by its type alone, with variables and fragment
/// pointers built at run time: what `RelayTesting`'s generated-data check needs to run every
/// operation and fragment of a project without a line written for each. Reads give the data as
/// the reader builds it (a `VariableValue` tree, each spread fragment a pointer object), which
/// the check compares with what was sent and then decodes as the generated type.
extension Environment {
    /// Normalizes `data` as the response of `Op` run with `variables` (Relay's `commitPayload`).
    @_spi(RelayGenerated) public func commitPayload<Op: Operation>(
        _: Op.Type, variables: VariableData, data: VariableValue
    ) throws(RelayError) {
        try executor.publish(UntypedOperation<Op>(variables: variables), data: data)
    }

    /// Writes the payloads of one response of `Op` run with `variables` in order, as the
    /// network would deliver them: the first, then the later parts of an incremental response
    /// (`@defer`, `@stream`), each as a server sends it (`{"data": …}`, then `{"path": …, "data": …}`
    /// or `{"incremental": […]}`). `afterEach` runs after each write, with its index.
    @_spi(RelayGenerated) public func commitPayloads<Op: Operation>(
        _: Op.Type, variables: VariableData, payloads: [VariableValue], afterEach: (Int) -> Void = { _ in }
    ) throws {
        let operation = UntypedOperation<Op>(variables: variables)
        var delivery = IncrementalDelivery()
        var layer: Int?
        for (index, payload) in payloads.enumerated() {
            _ = try executor.publish(
                payload: payload, of: operation, delivery: &delivery, afterFirst: index > 0, updater: nil,
                finishing: &layer)
            afterEach(index)
        }
    }

    /// `Op`'s data with `variables`, as the reader builds it.
    @_spi(RelayGenerated) public func lookupValue<Op: Operation>(_: Op.Type, variables: VariableData)
        -> Snapshot<VariableValue>
    {
        let operation = UntypedOperation<Op>(variables: variables)
        return ReaderSelector<VariableValue>(
            selections: Op.node.fragment.selections, dataID: .root, variables: operation.operationVariables,
            owner: Op.node.params.name, name: Op.node.params.name, node: Op.node.fragment, resolvers: Op.resolvers
        ).read(from: store.visible, resolverCache: store.resolverCache)
    }

    /// The data of the fragment `node` at `pointer`, as the reader builds it.
    @_spi(RelayGenerated) public func lookupValue(
        _ node: ReaderFragment, resolvers: [String: RelayResolverFunction] = [:], at pointer: FragmentPointer
    ) -> Snapshot<VariableValue> {
        ReaderSelector<VariableValue>(
            selections: node.selections, dataID: pointer.id, variables: node.variables(for: pointer),
            owner: pointer.ownerName, name: node.name, node: node, resolvers: resolvers
        ).read(from: store.visible, resolverCache: store.resolverCache)
    }
}
