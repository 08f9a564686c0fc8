extension Record {
    /// One field of a record: a scalar (any JSON value), a link to another record, or a list of
    /// links. A link to nil is a field whose value is `null`.
    public enum Value: Hashable, Sendable {
        case scalar(VariableValue)
        case link(DataID?)
        case links([DataID?])
    }
}

/// A normalized object: the fields of one entity, keyed by storage key (`todos(first:100)`),
/// with nested objects replaced by links to their own records.
public struct Record: Hashable, Sendable {
    public var id: DataID
    public var typename: String?
    public var fields: [String: Record.Value]
    /// The errors a response gave for fields it answered with null, by storage key (Relay's
    /// `__errors`): what `@catch` and `@throwOnFieldError` see when code reads the field. Writing
    /// the field again, from a response or an updater, replaces them.
    public var errors: [String: [GraphQLError]]

    public init(
        id: DataID, typename: String? = nil, fields: [String: Record.Value] = [:],
        errors: [String: [GraphQLError]] = [:]
    ) {
        self.id = id
        self.typename = typename
        self.fields = fields
        self.errors = errors
    }

    /// The field's value; setting it forgets the field's errors.
    public subscript(key: String) -> Record.Value? {
        get { fields[key] }
        set {
            fields[key] = newValue
            if !errors.isEmpty { errors[key] = nil }
        }
    }

    /// Writes `other`'s fields over this record, as `merging` does; true when anything changed.
    mutating func merge(_ other: Record) -> Bool {
        var changed = false
        if let typename = other.typename, typename != self.typename {
            self.typename = typename
            changed = true
        }
        for (key, value) in other.fields where fields.updateValue(value, forKey: key) != value {
            changed = true
        }
        guard !errors.isEmpty || !other.errors.isEmpty else { return changed }
        // A field written has `other`'s errors, or none.
        for key in other.fields.keys where errors[key] != other.errors[key] {
            errors[key] = other.errors[key]
            changed = true
        }
        for (key, value) in other.errors where other.fields[key] == nil && errors[key] != value {
            errors[key] = value
            changed = true
        }
        return changed
    }

    /// This record with `other`'s fields written over it (a later response or a layer): a
    /// field `other` writes has `other`'s errors, or none.
    func merging(_ other: Record) -> Record {
        var merged = self
        merged.typename = other.typename ?? typename
        merged.fields.merge(other.fields) { _, new in new }
        if !errors.isEmpty {
            for key in other.fields.keys { merged.errors[key] = nil }
        }
        if !other.errors.isEmpty { merged.errors.merge(other.errors) { _, new in new } }
        return merged
    }
}

/// A set of records: a whole store, or the changes one response or one optimistic update makes.
/// A record set to nil in `records` is deleted.
public struct RecordSource: Hashable, Sendable {
    public var records: [DataID: Record?]
    /// A lazily loaded file's records, read for ids `records` says nothing of (the store's base
    /// only). Not part of equality: it is where records come from, not what the source holds.
    var stored: StoredRecords?

    public init(records: [DataID: Record?] = [:]) {
        self.records = records
    }

    /// The record, or nil when it is absent or deleted.
    public subscript(id: DataID) -> Record? {
        get {
            if let slot = records[id] { return slot }
            return stored?.slot(id) ?? nil
        }
        set { records[id] = .some(newValue) }
    }

    /// True when the source says something about `id` (a record or its deletion).
    public func has(_ id: DataID) -> Bool { records[id] != nil || stored?.slot(id) != nil }

    public var ids: Dictionary<DataID, Record?>.Keys { records.keys }

    public static func == (lhs: RecordSource, rhs: RecordSource) -> Bool { lhs.records == rhs.records }

    public func hash(into hasher: inout Hasher) { hasher.combine(records) }

    /// Writes `changes` over this source field by field: records present in both are merged,
    /// deletions delete. Returns the ids whose content actually changed.
    @discardableResult
    mutating func apply(_ changes: RecordSource) -> Set<DataID> {
        var changed: Set<DataID> = []
        changed.reserveCapacity(changes.records.count)
        // A first response into a small store: grown once, not doubling record by record.
        if records.count < changes.records.count { records.reserveCapacity(records.count + changes.records.count) }
        for (id, change) in changes.records {
            // A record of the file not read yet is merged into as it is stored.
            if let stored, records[id] == nil, let slot = stored.slot(id) { records[id] = slot }
            // Deleting what is absent changes nothing, and must not leave a deletion behind.
            if change == nil, records[id] == nil { continue }
            // One lookup for reading and writing: the slot is created when absent.
            if Self.merge(change, into: &records[id, default: nil]) { changed.insert(id) }
        }
        return changed
    }

    /// Changes record `id` of this source in place (a new one when absent or deleted), without
    /// copying its fields: a response's writer sets them one by one. For a source without a
    /// lazily loaded file (a response's changes).
    mutating func update(_ id: DataID, _ change: (inout Record) -> Void) {
        Self.update(&records[id, default: nil], id: id, change)
    }

    private static func update(_ slot: inout Record?, id: DataID, _ change: (inout Record) -> Void) {
        // Taken out of the slot, the record is the only owner of its fields.
        var record = slot ?? Record(id: id)
        slot = nil
        change(&record)
        slot = record
    }

    /// Writes `change` over the record in `slot` (nil: absent or deleted); true when it changed.
    private static func merge(_ change: Record?, into slot: inout Record?) -> Bool {
        guard let change else {
            guard slot != nil else { return false }
            slot = nil
            return true
        }
        guard var current = slot else {
            slot = change
            return true
        }
        // Taken out of the slot, the record is the only owner of its fields and is changed in
        // place: a write costs what it writes, not the size of the record (the root's grows
        // with every mutation's field).
        slot = nil
        let changed = current.merge(change)
        slot = current
        return changed
    }
}

extension RecordSource: CustomStringConvertible {
    /// The records as sorted, readable text (one record, then its fields indented), for
    /// snapshot tests and debugging: `todo-1 (Todo)`, `  text: "Buy milk"`, `  node → todo-1`.
    public var description: String {
        var lines: [String] = []
        for id in records.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let record = self[id] else {
                lines.append("\(id) (deleted)")
                continue
            }
            lines.append("\(id) (\(record.typename ?? "?"))")
            for key in record.fields.keys.sorted() {
                switch record.fields[key] {
                case .scalar(let value)?: lines.append("  \(key): \(value.stableJSON)")
                case .link(let linked)?: lines.append("  \(key) → \(linked?.rawValue ?? "null")")
                case .links(let linked)?:
                    lines.append("  \(key) → [\(linked.map { $0?.rawValue ?? "null" }.joined(separator: ", "))]")
                case nil: continue
                }
                for error in record.errors[key] ?? [] { lines.append("  \(key) error: \(error.message)") }
            }
        }
        return lines.joined(separator: "\n")
    }
}
