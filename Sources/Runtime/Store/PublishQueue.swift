/// The records and the writes pending on them, after relay-runtime's publish queue: the server's
/// records (`base`) and, on top, one layer per optimistic update in flight. Readers see
/// `visible`: the base with every layer applied in order. Server data is written to the base and
/// the layers are rebased on it; removing a layer rebuilds `visible` from the base and re-applies
/// the later layers (their payloads and updaters), so in-flight optimistic mutations stay
/// independent and roll back exactly.
///
/// A value type without a lock: `RecordStore` owns one and guards it.
struct PublishQueue {
    /// A store updater: the edits it makes through the proxy are the change.
    typealias StoreUpdater = (RecordSourceSelectorProxy) -> Void

    struct Layer {
        let id: Int
        let payload: RecordSource?
        let updater: StoreUpdater?
    }

    private(set) var base = RecordSource(records: [.root: Record(id: .root, typename: "__Root")])
    /// The base with every layer applied; nil without layers, so that the base is the only copy
    /// of the records and writing to it never copies them.
    private var overlay: RecordSource?
    private var layers: [Layer] = []
    /// Every record a layer wrote, to find what a rebuild changed.
    private var layerRecords: Set<DataID> = []

    /// What readers see.
    var visible: RecordSource { overlay ?? base }

    var hasLayers: Bool { !layers.isEmpty }

    /// Writes the server's data (and runs `updater` over it); returns the records whose visible
    /// content changed, those whose base record did (what storage saves), and what the updater
    /// invalidated.
    mutating func publish(_ payload: RecordSource, updater: StoreUpdater? = nil)
        -> (changed: Set<DataID>, baseChanged: Set<DataID>, invalidation: Staleness.Invalidation)
    {
        var changed = base.apply(payload)
        var invalidation = Staleness.Invalidation()
        if let updater {
            // The proxy is gone before the base changes again, so the base is not copied.
            let run = Self.run(updater, on: base)
            changed.formUnion(base.apply(run.changes))
            invalidation = run.invalidation
        }
        return (layers.isEmpty ? changed : rebuild(candidates: changed), changed, invalidation)
    }

    /// Starts from stored records (before any layer or reader).
    mutating func restore(_ records: [DataID: Record?]) {
        base.records.merge(records) { _, stored in stored }
    }

    /// Starts from a lazily loaded file (before any layer or reader): its records are read as
    /// ids are looked up, the root at once.
    mutating func restore(lazily stored: StoredRecords) {
        base.stored = stored
        if let root = stored.slot(.root) { base.records[.root] = root }
    }

    /// Adds an optimistic layer on top; returns what changed.
    mutating func addLayer(_ layer: Layer) -> Set<DataID> {
        layers.append(layer)
        var next = overlay ?? base
        overlay = nil
        let (touched, changed) = apply(layer, to: &next)
        overlay = next
        layerRecords.formUnion(touched)
        return changed
    }

    /// Removes a layer; the later ones are re-applied on the new base. Returns what changed.
    mutating func removeLayer(id: Int) -> Set<DataID> {
        guard layers.contains(where: { $0.id == id }) else { return [] }
        layers.removeAll { $0.id == id }
        return rebuild(candidates: [])
    }

    /// Rebuilds the overlay from the base and the layers; returns the records that read
    /// differently than before, of `candidates` and the layers' records.
    private mutating func rebuild(candidates: Set<DataID>) -> Set<DataID> {
        let before = overlay ?? base
        var touched: Set<DataID> = []
        if layers.isEmpty {
            overlay = nil
        } else {
            var next = base
            for layer in layers { touched.formUnion(apply(layer, to: &next).touched) }
            overlay = next
        }
        let after = visible
        let changed = candidates.union(layerRecords).filter { Self.differs($0, before, after) }
        layerRecords = touched
        return changed
    }

    /// Whether record `id` reads differently in the two sources (content, or presence).
    private static func differs(_ id: DataID, _ old: RecordSource, _ new: RecordSource) -> Bool {
        old[id] != new[id] || old.has(id) != new.has(id)
    }

    /// The changes `updater` makes to `source`, and what it invalidated.
    private static func run(_ updater: StoreUpdater, on source: RecordSource) -> (
        changes: RecordSource, invalidation: Staleness.Invalidation
    ) {
        let proxy = RecordSourceSelectorProxy(base: source)
        updater(proxy)
        return (proxy.changes, proxy.invalidation)
    }

    /// Removes every base record (and deletion marker) not in `keeping`; only without layers,
    /// which could point at them. Returns the records removed.
    mutating func removeRecords(keeping: Set<DataID>) -> (count: Int, ids: Set<DataID>) {
        guard layers.isEmpty else { return (0, []) }
        let unreachable = base.ids.filter { !keeping.contains($0) }
        for id in unreachable { base.records[id] = nil }
        // Removed from the file too: a lazily loaded base must not read them back.
        base.stored?.forget(unreachable)
        return (unreachable.count, Set(unreachable))
    }

    /// Applies a layer's payload and updater to `source`; returns the records it wrote and
    /// those whose content changed.
    private func apply(_ layer: Layer, to source: inout RecordSource) -> (touched: Set<DataID>, changed: Set<DataID>) {
        var touched: Set<DataID> = []
        var changed: Set<DataID> = []
        if let payload = layer.payload {
            changed.formUnion(source.apply(payload))
            touched.formUnion(payload.ids)
        }
        if let updater = layer.updater {
            // What an optimistic updater invalidates does not count (as in Relay).
            let changes = Self.run(updater, on: source).changes
            changed.formUnion(source.apply(changes))
            touched.formUnion(changes.ids)
        }
        return (touched, changed)
    }
}
