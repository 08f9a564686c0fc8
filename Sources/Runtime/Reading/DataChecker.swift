@_spi(RelayGenerated) import RelayContract

/// Whether the store holds everything an operation's response would write, after
/// relay-runtime's `DataChecker`: it walks the normalization selections — fragments' fields
/// included, which reading the operation's own selections does not reach — so a fetch policy
/// serves from the store only an operation whose every fragment can read its data.
struct DataChecker {
    let source: RecordSource
    let variables: VariableData
    var handlers = FieldHandlers.builtIn
    /// Asked for the value of a field the store lacks (relay-runtime's missing-field
    /// handlers); what it answers is checked on as if the store had it, and noted in `filled`.
    var filling: (any MissingFieldFilling)? = nil
    /// The values `filling` gave, to write into the store after the check.
    let filled = FilledFields()

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
            let storageKey = field.storageKey ?? key(field.name, field.args)
            return record[storageKey] ?? fill(field.name, field.args, .scalar, storageKey, in: record) != nil
        case .linkedField(let field):
            let storageKey = field.storageKey ?? key(field.name, field.args)
            let kind: MissingFieldQuery.Kind = field.plural ? .pluralLinked : .linked
            let value = record[storageKey] ?? fill(field.name, field.args, kind, storageKey, in: record)
            return isAvailable(value, field.selections)
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

    /// What `filling` answers for a field `record` lacks; nil without an answer.
    private func fill(
        _ name: String, _ arguments: [ArgumentNode], _ kind: MissingFieldQuery.Kind, _ storageKey: String,
        in record: Record
    ) -> Record.Value? {
        guard let filling else { return nil }
        let query = MissingFieldQuery(
            name: name,
            arguments: Dictionary(arguments.map { ($0.name, $0.value(with: variables)) }) { _, last in last },
            kind: kind, parent: record)
        guard let value = filling.value(for: query, in: source) else { return nil }
        filled.note(value, key: storageKey, on: record.id)
        return value
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

/// A field the store lacks, as the availability check asks about it.
struct MissingFieldQuery {
    enum Kind { case scalar, linked, pluralLinked }
    let name: String
    /// Its arguments, variables substituted.
    let arguments: [String: VariableValue]
    let kind: Kind
    /// The record that lacks it.
    let parent: Record
}

/// Answers the availability check's questions about fields the store lacks: the hook
/// missing-field handlers plug into.
protocol MissingFieldFilling: Sendable {
    /// The value to read `field` as (and write into the store), or nil for none.
    func value(for field: MissingFieldQuery, in source: RecordSource) -> Record.Value?
}

/// The values a check filled in, by record; a class so the checker's non-mutating walk can note them.
final class FilledFields {
    private(set) var records: [DataID: Record?] = [:]

    func note(_ value: Record.Value, key: String, on id: DataID) {
        var record = (records[id] ?? nil) ?? Record(id: id)
        record[key] = value
        records[id] = record
    }
}
