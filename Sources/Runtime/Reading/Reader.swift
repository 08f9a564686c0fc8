/// What reading an operation or fragment from the store gives: its data (nil when the root
/// record is unknown), whether anything it selects is missing, and the records it looked at —
/// a change to any of them may change the data.
public struct Snapshot<Data>: Sendable where Data: Sendable {
    public var data: Data?
    public var isMissingData: Bool
    public var seenRecords: Set<DataID>
}

/// Builds the value tree of a reader selection straight from records (no JSON text in
/// between); a spread fragment becomes a `FragmentPointer` value, so a parent's data carries
/// its children's pointers, not their fields.
struct Reader {
    let source: RecordSource
    let variables: VariableData
    let ownerName: String?
    private(set) var seenRecords: Set<DataID> = []
    private(set) var isMissingData = false

    init(source: RecordSource, variables: VariableData, ownerName: String?) {
        self.source = source
        self.variables = variables
        self.ownerName = ownerName
    }

    /// The fields `selections` pick from record `id`; nil when the record is unknown.
    mutating func read(_ selections: [ReaderSelection], from id: DataID) -> VariableValue? {
        seenRecords.insert(id)
        guard source.has(id) else {
            isMissingData = true
            return nil
        }
        guard let record = source[id] else { return .null }
        var fields: [String: VariableValue] = [:]
        read(selections, record: record, into: &fields, strict: true)
        return .object(fields)
    }

    private mutating func read(
        _ selections: [ReaderSelection], record: Record, into fields: inout [String: VariableValue], strict: Bool
    ) {
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                let key =
                    field.storageKey ?? storageKey(fieldName: field.name, arguments: field.args, variables: variables)
                let responseKey = field.alias ?? field.name
                if field.name == "__typename", record[key] == nil, let typename = record.typename {
                    fields[responseKey] = .string(typename)
                } else if case .scalar(let value)? = record[key] {
                    fields[responseKey] = value
                } else if strict {
                    isMissingData = true
                }
            case .linkedField(let field):
                let key =
                    field.storageKey ?? storageKey(fieldName: field.name, arguments: field.args, variables: variables)
                let responseKey = field.alias ?? field.name
                switch record[key] {
                case .link(let linked)?:
                    fields[responseKey] = linked.map { read(field.selections, from: $0) ?? .null } ?? .null
                case .links(let linked)?:
                    fields[responseKey] = .list(
                        linked.map { $0.map { read(field.selections, from: $0) ?? .null } ?? .null })
                case .scalar(.null)?:
                    fields[responseKey] = .null
                case .scalar?, nil:
                    if strict { isMissingData = true }
                }
            case .fragmentSpread(let spread):
                var fragmentVariables = variables
                for argument in spread.args {
                    fragmentVariables.fields[argument.name] = argument.value(with: variables)
                }
                var pointer: [String: VariableValue] = [
                    "id": .string(record.id.rawValue), "variables": .object(fragmentVariables.fields),
                ]
                if let ownerName { pointer["ownerName"] = .string(ownerName) }
                fields["fragment_" + spread.name] = .object(pointer)
            case .inlineFragment(let fragment):
                // On its own type every field must be there; on an interface or union some
                // members lack them, so absent fields are not missing data.
                read(
                    fragment.selections, record: record, into: &fields,
                    strict: strict && record.typename == fragment.type)
            case .condition(let variable, let passingValue, let nested):
                if variables[variable] == .bool(passingValue) {
                    read(nested, record: record, into: &fields, strict: strict)
                }
            }
        }
    }
}
