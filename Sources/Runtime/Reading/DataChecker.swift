@_spi(RelayGenerated) import RelayContract

/// Whether the store holds everything an operation's response would write, after
/// relay-runtime's `DataChecker`: it walks the normalization selections — fragments' fields
/// included, which reading the operation's own selections does not reach — so a fetch policy
/// serves from the store only an operation whose every fragment can read its data.
struct DataChecker {
    let source: RecordSource
    let variables: VariableData
    var handlers = FieldHandlers.builtIn

    /// True when every field the selections reach from `id` is in the store.
    func isAvailable(_ selections: [NormalizationSelection], from id: DataID) -> Bool {
        guard source.has(id) else { return false }
        guard let record = source[id] else { return true }
        return selections.allSatisfy { isAvailable($0, among: selections, in: record) }
    }

    private func isAvailable(
        _ selection: NormalizationSelection, among siblings: [NormalizationSelection], in record: Record
    ) -> Bool {
        switch selection {
        case .scalarField(let field):
            if field.name == "__typename", record.typename != nil { return true }
            return record[field.storageKey ?? key(field.name, field.args)] != nil
        case .linkedField(let field):
            return isAvailable(record[field.storageKey ?? key(field.name, field.args)], field.selections)
        case .inlineFragment(let fragment):
            // Selections on a condition the record's type does not meet do not apply to it.
            guard fragment.applies(to: record.typename) else { return true }
            if let branch = fragment.moduleOperationField {
                // A `@module` branch the server did not send needs nothing more (Relay's check).
                guard let field = moduleOperation(branch, in: fragment.selections) else { return true }
                switch record[field.storageKey ?? key(field.name, field.args)] {
                case nil: return false
                case .scalar(.null)?: return true
                default: break
                }
            }
            return fragment.selections.allSatisfy { isAvailable($0, among: fragment.selections, in: record) }
        case .condition(let variable, let passingValue, let nested):
            guard variables[variable] == .bool(passingValue) else { return true }
            return nested.allSatisfy { isAvailable($0, among: nested, in: record) }
        case .clientExtension:
            // Local state: no server would send it, so it never makes a fetch necessary.
            return true
        case .handle(let handle):
            // A connection is followed through its client record, as readers see it.
            guard handle.handler == .connection,
                let (value, nested) = handlers.handler(for: handle)?.reachable(
                    through: handle, in: record, siblings: siblings, variables: variables)
            else { return true }
            return isAvailable(value, nested)
        }
    }

    private func isAvailable(_ value: Record.Value?, _ selections: [NormalizationSelection]) -> Bool {
        switch value {
        case nil: false
        case .scalar?: true
        case .link(let id)?: id.map { isAvailable(selections, from: $0) } ?? true
        case .links(let ids)?: ids.allSatisfy { id in id.map { isAvailable(selections, from: $0) } ?? true }
        }
    }

    /// The field of a `@module` branch that names its normalization.
    private func moduleOperation(_ responseKey: String, in selections: [NormalizationSelection])
        -> NormalizationScalarField?
    {
        for case .scalarField(let field) in selections where field.alias == responseKey { return field }
        return nil
    }

    private func key(_ name: String, _ arguments: [ArgumentNode]) -> String {
        storageKey(fieldName: name, arguments: arguments, variables: variables)
    }
}
