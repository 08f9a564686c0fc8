@_spi(RelayGenerated) import RelayContract

/// What an updater gets: the store as it is now, to read and change. Every change is recorded
/// and applied together when the updater returns (as an optimistic layer, or to the server's
/// data).
public final class RecordSourceSelectorProxy {
    /// The records the updater starts from.
    private let lookup: (DataID) -> Record?
    private(set) var changes = RecordSource()
    /// What the updater invalidated (`invalidateStore()`, `invalidateRecord()`); it counts for
    /// writes to the server's data, not for optimistic layers.
    private(set) var invalidation = Staleness.Invalidation()
    /// The mutation's (or optimistic) response data, for `getRootField`.
    private var rootFields: [String: DataID?]
    /// Every record the updater read: with what it wrote, all an optimistic layer's effect
    /// depends on, so a write elsewhere need not re-apply it.
    private(set) var reads: Set<DataID> = []

    init(base: RecordSource, rootFields: [String: DataID?] = [:]) {
        self.lookup = { base[$0] }
        self.rootFields = rootFields
    }

    /// An updater over records that `lookup` gives: an optimistic layer's view of the store
    /// below it, which no single source holds.
    init(lookup: @escaping (DataID) -> Record?) {
        self.lookup = lookup
        self.rootFields = [:]
    }

    func setRootFields(_ fields: [String: DataID?]) { rootFields = fields }

    /// The record as the updater sees it: the store with this updater's changes applied.
    func record(_ id: DataID) -> Record? {
        reads.insert(id)
        if changes.has(id) { return changes[id].map { lookup(id)?.merging($0) ?? $0 } }
        return lookup(id)
    }

    func write(_ id: DataID, _ change: (inout Record) -> Void) {
        let existing = record(id)
        guard var changed = changes[id] ?? existing.map({ Record(id: $0.id, typename: $0.typename) }) else { return }
        change(&changed)
        changes[id] = changed
    }

    /// The root record, which every query starts from.
    public var root: RecordProxy { self.get(.root) ?? create(dataID: .root, typename: "__Root") }

    /// The record with this id, or nil when the store has none.
    public func get(_ dataID: DataID) -> RecordProxy? {
        record(dataID) == nil ? nil : RecordProxy(id: dataID, source: self)
    }

    /// The record with the id a generated `Data` holds (`store.get(todo.id)`, as in Relay),
    /// or nil when the store has none.
    public func get(_ id: String) -> RecordProxy? { get(DataID(id)) }

    /// Creates an empty record (replacing any with the same id).
    @discardableResult
    public func create(dataID: DataID, typename: String) -> RecordProxy {
        changes[dataID] = Record(id: dataID, typename: typename)
        return RecordProxy(id: dataID, source: self)
    }

    /// Marks every query written so far stale (Relay's `invalidateStore()`): the next fetch
    /// with `storeOrNetwork` or `storeAndNetwork` asks the server again, and
    /// `environment.check` says `.stale`. The data stays readable.
    public func invalidateStore() {
        invalidation.store = true
    }

    func invalidate(_ id: DataID) {
        invalidation.records.insert(id)
    }

    /// Deletes the record; links to it then read as missing.
    public func delete(_ dataID: DataID) {
        changes.records[dataID] = .some(nil)
    }

    /// The record a root field of the mutation's response points to (`changeTodoStatus`).
    public func getRootField(_ name: String) -> RecordProxy? {
        guard let id = rootFields[name] ?? nil else { return nil }
        return get(id)
    }

    /// The records a plural root field points to.
    public func getPluralRootField(_ name: String) -> [RecordProxy?]? {
        guard case .links(let ids)? = record(.root)?[name] else { return getRootField(name).map { [$0] } }
        return ids.map { $0.flatMap(get) }
    }
}

/// One record in an updater: read and write its fields by name and arguments.
public struct RecordProxy {
    public let dataID: DataID
    let source: RecordSourceSelectorProxy

    init(id: DataID, source: RecordSourceSelectorProxy) {
        self.dataID = id
        self.source = source
    }

    public var typename: String? { source.record(dataID)?.typename }

    private func key(_ name: String, _ arguments: [String: VariableValue]) -> String {
        storageKey(fieldName: name, values: arguments)
    }

    /// Marks every query that reaches this record stale (Relay's `invalidateRecord()`), as
    /// `invalidateStore()` does for all of them: they are fetched again by `storeOrNetwork`.
    public func invalidateRecord() {
        source.invalidate(dataID)
    }

    public func getValue(_ name: String, arguments: [String: VariableValue] = [:]) -> VariableValue? {
        guard case .scalar(let value)? = source.record(dataID)?[key(name, arguments)] else { return nil }
        return value
    }

    public func setValue(_ value: VariableValue, _ name: String, arguments: [String: VariableValue] = [:]) {
        let key = key(name, arguments)
        source.write(dataID) { $0[key] = .scalar(value) }
    }

    public subscript(name: String) -> VariableValue? {
        get { getValue(name) }
        nonmutating set { setValue(newValue ?? .null, name) }
    }

    public func getLinkedRecord(_ name: String, arguments: [String: VariableValue] = [:]) -> RecordProxy? {
        guard case .link(let id?)? = source.record(dataID)?[key(name, arguments)] else { return nil }
        return source.get(id)
    }

    public func setLinkedRecord(_ record: RecordProxy?, _ name: String, arguments: [String: VariableValue] = [:]) {
        let key = key(name, arguments)
        source.write(dataID) { $0[key] = .link(record?.dataID) }
    }

    public func getLinkedRecords(_ name: String, arguments: [String: VariableValue] = [:]) -> [RecordProxy?]? {
        guard case .links(let ids)? = source.record(dataID)?[key(name, arguments)] else { return nil }
        return ids.map { $0.flatMap(source.get) }
    }

    public func setLinkedRecords(_ records: [RecordProxy?], _ name: String, arguments: [String: VariableValue] = [:]) {
        let key = key(name, arguments)
        source.write(dataID) { $0[key] = .links(records.map { $0?.dataID }) }
    }

    /// The linked record, created (with a client id under this record) when there is none.
    public func getOrCreateLinkedRecord(_ name: String, typename: String, arguments: [String: VariableValue] = [:])
        -> RecordProxy
    {
        if let existing = getLinkedRecord(name, arguments: arguments) { return existing }
        let created = source.create(
            dataID: .client(parent: dataID, storageKey: key(name, arguments)), typename: typename)
        setLinkedRecord(created, name, arguments: arguments)
        return created
    }

    /// Copies every field of `other` onto this record.
    public func copyFields(from other: RecordProxy) {
        guard let fields = source.record(other.dataID)?.fields else { return }
        source.write(dataID) { $0.fields.merge(fields) { _, new in new } }
    }
}

/// Changes the store beyond what a response writes: `(store, responseData)`.
public typealias Updater = @Sendable (RecordSourceSelectorProxy, VariableValue?) -> Void
