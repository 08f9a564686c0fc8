@_spi(RelayGenerated) import RelayContract

/// The environment's missing-field handlers, as the availability check's hook: the first
/// handler with an answer gives the value.
struct MissingFieldHandlers: MissingFieldFilling {
    let handlers: [Environment.MissingFieldHandler]

    func value(for field: MissingFieldQuery, in source: RecordSource) -> Record.Value? {
        let kind: Environment.MissingField.Kind =
            switch field.kind {
            case .scalar: .scalar
            case .linked: .linked
            case .pluralLinked: .pluralLinked
            }
        let missing = Environment.MissingField(
            name: field.name, arguments: field.arguments, kind: kind, parentID: field.parent.id,
            parentTypename: field.parent.typename)
        for handler in handlers {
            if let value = handler.answer(missing, source) { return value }
        }
        return nil
    }
}

extension Environment {
    /// Asks the missing-field handlers about every field of the operation the store lacks, and
    /// writes their answers (relay-runtime's `check` with handlers), before fetch policies and
    /// `check` look at the store. Nothing happens without handlers.
    func fillMissingFields<Op: Operation>(of operation: Op) {
        guard !configuration.missingFieldHandlers.isEmpty else { return }
        let checker = DataChecker(
            source: store.visible, variables: operation.operationVariables, handlers: store.handlers,
            filling: MissingFieldHandlers(handlers: configuration.missingFieldHandlers))
        _ = checker.isAvailable(Op.node.operation.selections, from: .root)
        let filled = checker.filled.records
        guard !filled.isEmpty else { return }
        store.publish { _ in (RecordSource(records: filled), nil) }
    }
}
