/// The records and the writes pending on them, after relay-runtime's publish queue: the server's
/// records (`base`) and, on top, one layer per optimistic update in flight. Readers see
/// `visible`: the base with every layer applied in order. Server data is written to the base and
/// the layers are rebased on it; removing a layer rebases the later ones, so in-flight
/// optimistic mutations stay independent and roll back exactly.
///
/// What readers see is what re-applying every layer in order on the base would give, as in
/// relay-runtime — which does exactly that on every publish, so `L` mutations in flight cost
/// `L²`. Here each layer keeps its effect (the fields it wrote) and the records its updater
/// read, and a change re-reads only the fields it touched (from the base and the last layer
/// that wrote each) and re-runs only the updaters that read a changed record, in order, their
/// new writes changing the records later updaters read. Mutations in flight on separate
/// records then cost a publish what its own records cost, whatever the number of layers (the
/// root record's fields are separate too); updaters that all read one record all run again,
/// as in Relay.
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

    /// A layer as last applied: what it wrote (its payload, its updater's changes over it) and
    /// the records its updater read.
    private struct AppliedLayer {
        let layer: Layer
        var effect: RecordSource
        var reads: Set<DataID>
    }

    private(set) var base = RecordSource(records: [.root: Record(id: .root, typename: "__Root")])
    /// The base with every layer applied; nil without layers, so that the base is the only copy
    /// of the records and writing to it never copies them.
    private var overlay: RecordSource?
    /// The layers in flight by id; ids grow with each layer added, so their order is the ids'.
    private var layers: [Int: AppliedLayer] = [:]
    private var index = LayerIndex()

    /// What readers see.
    var visible: RecordSource { overlay ?? base }

    var hasLayers: Bool { !layers.isEmpty }

    /// Writes the server's data (and runs `updater` over it), and removes the layer `finishing`
    /// in the same step; returns the records whose visible content changed, those whose base
    /// record did (what storage saves), and what the updater invalidated.
    mutating func publish(_ payload: RecordSource, updater: StoreUpdater? = nil, finishing finished: Int? = nil)
        -> (changed: Set<DataID>, baseChanged: Set<DataID>, invalidation: Staleness.Invalidation)
    {
        var changed = base.apply(payload)
        var invalidation = Staleness.Invalidation()
        var dirty = overlay == nil ? [:] : LayerIndex.footprint(of: payload)
        if let updater {
            // The proxy is gone before the base changes again, so the base is not copied.
            let run = Self.run(updater, on: base)
            changed.formUnion(base.apply(run.changes))
            invalidation = run.invalidation
            if overlay != nil { dirty.formUnion(LayerIndex.footprint(of: run.changes)) }
        }
        guard overlay != nil else { return (changed, changed, invalidation) }
        if let finished, let layer = layers.removeValue(forKey: finished) {
            index.remove(finished, effect: layer.effect, reads: layer.reads)
            dirty.formUnion(LayerIndex.footprint(of: layer.effect))
        }
        return (rebase(dirty), changed, invalidation)
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
        var next = overlay ?? base
        overlay = nil
        var effect = layer.payload ?? RecordSource()
        var changed = layer.payload.map { next.apply($0) } ?? []
        var reads: Set<DataID> = []
        if let updater = layer.updater {
            // What an optimistic updater invalidates does not count (as in Relay).
            let run = Self.run(updater, on: next)
            changed.formUnion(next.apply(run.changes))
            effect.compose(run.changes)
            reads = run.reads
        }
        overlay = next
        layers[layer.id] = AppliedLayer(layer: layer, effect: effect, reads: reads)
        index.add(layer.id, effect: effect, reads: reads)
        return changed
    }

    /// Removes a layer; what it wrote is read again from the base and the other layers, and
    /// the later updaters that read it run again. Returns what changed.
    mutating func removeLayer(id: Int) -> Set<DataID> {
        guard let removed = layers.removeValue(forKey: id) else { return [] }
        index.remove(id, effect: removed.effect, reads: removed.reads)
        return rebase(LayerIndex.footprint(of: removed.effect))
    }

    /// Brings the overlay up to date after the base changed at `dirty`, or a layer that wrote
    /// `dirty` left: those fields are read again from the base and the layers, and every
    /// updater that read a changed record runs again, in order (what it writes then changes
    /// the records later updaters read). Returns the records that read differently than before.
    private mutating func rebase(_ dirty: LayerIndex.Footprint) -> Set<DataID> {
        guard var next = overlay else { return Set(dirty.keys) }
        overlay = nil
        if layers.isEmpty {
            index = LayerIndex()
            return Set(dirty.keys.filter { Self.differs($0, next, base) })
        }
        var changed: Set<DataID> = []
        func refresh(_ footprint: LayerIndex.Footprint) {
            for (id, fields) in footprint where self.refresh(id, fields: fields, in: &next) { changed.insert(id) }
        }
        refresh(dirty)
        // The updaters to run again, in order; one that finds more only adds later ones.
        var seen = Set(dirty.keys.flatMap { index.readers[$0] ?? [] })
        var queue = seen.sorted()
        var position = 0
        while position < queue.count {
            let layerID = queue[position]
            position += 1
            guard var applied = layers[layerID], let updater = applied.layer.updater else { continue }
            let run = Self.run(updater, lookup: state(before: layerID, in: next))
            var effect = applied.layer.payload ?? RecordSource()
            effect.compose(run.changes)
            index.remove(layerID, effect: applied.effect, reads: applied.reads)
            index.add(layerID, effect: effect, reads: run.reads)
            let unchanged = effect == applied.effect
            var written = LayerIndex.footprint(of: applied.effect)
            written.formUnion(LayerIndex.footprint(of: effect))
            applied.effect = effect
            applied.reads = run.reads
            layers[layerID] = applied
            guard !unchanged else { continue }
            refresh(written)
            for id in written.keys {
                for reader in index.readers[id] ?? [] where reader > layerID && seen.insert(reader).inserted {
                    let slot = queue[position...].firstIndex { $0 > reader } ?? queue.endIndex
                    queue.insert(reader, at: slot)
                }
            }
        }
        overlay = next
        return changed
    }

    /// Reads record `id` again into `next`: `fields` from the last layer that wrote each, or
    /// the base; the whole record (the base with every layer's effect on it, in order) when
    /// `fields` is nil, a layer deleted it, or either side lacks it. True when it reads
    /// differently than before (or may: a record read whole is compared whole).
    private func refresh(_ id: DataID, fields: Set<String>?, in next: inout RecordSource) -> Bool {
        guard let writers = index.writers[id] else {
            let old = next.records.updateValue(base.records[id] ?? nil, forKey: id)
            if base.records[id] == nil { next.records[id] = nil }
            return old != base.records[id]
        }
        // Taken out of `next`, the record is changed in place, whatever its size.
        guard let fields, index.deleters[id] == nil, let baseRecord = base[id],
            case .some(.some(var record)) = next.records.removeValue(forKey: id)
        else {
            var record = base[id]
            var present = base.has(id)
            for writer in writers.sorted() {
                guard let slot = layers[writer]?.effect.records[id] else { continue }
                present = true
                guard let written = slot else {
                    record = nil
                    continue
                }
                record = record.map { $0.merging(written) } ?? written
            }
            let old = next.records[id]
            next.records[id] = present ? .some(record) : nil
            return old != next.records[id]
        }
        var changed = false
        for field in fields {
            let writer = index.lastWriter(of: field, in: id).flatMap { layers[$0]?.effect[id] }
            if field == LayerIndex.typename {
                let typename = writer?.typename ?? baseRecord.typename
                changed = changed || typename != record.typename
                record.typename = typename
                continue
            }
            let source = writer ?? baseRecord
            let value = source.fields[field]
            if record.fields[field] != value {
                record.fields[field] = value
                changed = true
            }
            let errors = source.errors[field]
            if record.errors[field] != errors {
                record.errors[field] = errors
                changed = true
            }
        }
        next.records[id] = .some(record)
        return changed
    }

    /// How record ids read to layer `layerID`'s updater: the base with the layers before it
    /// and its own payload applied. The overlay already reads so for a record no layer from
    /// `layerID` on wrote.
    private func state(before layerID: Int, in next: RecordSource) -> (DataID) -> Record? {
        let layers = layers
        let index = index
        let base = base
        let payload = layers[layerID]?.layer.payload
        return { id in
            var record: Record?
            if let writers = index.writers[id], writers.contains(where: { $0 >= layerID }) {
                record = base[id]
                for writer in writers.sorted() where writer < layerID {
                    guard let slot = layers[writer]?.effect.records[id] else { continue }
                    record = slot.flatMap { written in record.map { $0.merging(written) } ?? written }
                }
            } else {
                record = next[id]
            }
            guard let slot = payload?.records[id] else { return record }
            return slot.flatMap { written in record.map { $0.merging(written) } ?? written }
        }
    }

    /// Whether record `id` reads differently in the two sources (content, or presence).
    private static func differs(_ id: DataID, _ old: RecordSource, _ new: RecordSource) -> Bool {
        old[id] != new[id] || old.has(id) != new.has(id)
    }

    /// The changes `updater` makes to `source`, what it invalidated, and what it read.
    private static func run(_ updater: StoreUpdater, on source: RecordSource) -> (
        changes: RecordSource, invalidation: Staleness.Invalidation, reads: Set<DataID>
    ) {
        let proxy = RecordSourceSelectorProxy(base: source)
        updater(proxy)
        return (proxy.changes, proxy.invalidation, proxy.reads)
    }

    /// The changes `updater` makes to the records `lookup` gives, and what it read.
    private static func run(_ updater: StoreUpdater, lookup: @escaping (DataID) -> Record?) -> (
        changes: RecordSource, reads: Set<DataID>
    ) {
        let proxy = RecordSourceSelectorProxy(lookup: lookup)
        updater(proxy)
        return (proxy.changes, proxy.reads)
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
}

extension RecordSource {
    /// Writes `changes` over this set of changes: records in both merged, deletions kept as
    /// deletions (unlike `apply`, which drops the deletion of a record it does not hold).
    fileprivate mutating func compose(_ changes: RecordSource) {
        for (id, change) in changes.records {
            guard let change, case .some(.some(let current)) = records[id] else {
                records[id] = .some(change)
                continue
            }
            records[id] = .some(current.merging(change))
        }
    }
}
