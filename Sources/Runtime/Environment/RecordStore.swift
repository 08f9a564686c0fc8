/// The normalized store: the server's records (`base`) and, on top, one layer per optimistic
/// mutation in flight. Readers see `visible`: the base with every layer applied in order.
/// Removing a layer rebuilds `visible` from the base and re-applies the later layers (their
/// payloads and updaters), so in-flight optimistic mutations stay independent.
struct RecordStore {
    struct Layer {
        let id: Int
        let payload: RecordSource?
        let updater: ((RecordSourceSelectorProxy) -> Void)?
    }

    private(set) var base = RecordSource(records: [.root: Record(id: .root, typename: "__Root")])
    private(set) var visible = RecordSource(records: [.root: Record(id: .root, typename: "__Root")])
    private var layers: [Layer] = []
    /// Every record a layer wrote, to find what a rebuild changed.
    private var layerRecords: Set<DataID> = []

    var hasLayers: Bool { !layers.isEmpty }

    /// Writes the server's data (and runs `updater` over it); returns the records whose visible
    /// content changed.
    mutating func publish(_ payload: RecordSource, updater: ((RecordSourceSelectorProxy) -> Void)? = nil)
        -> Set<DataID>
    {
        base.apply(payload)
        if let updater {
            let proxy = RecordSourceSelectorProxy(base: base)
            updater(proxy)
            base.apply(proxy.changes)
            return rebuild(candidates: Set(payload.ids).union(proxy.changes.ids))
        }
        return rebuild(candidates: Set(payload.ids))
    }

    /// Adds an optimistic layer on top; returns what changed.
    mutating func addLayer(_ layer: Layer) -> Set<DataID> {
        let before = visible
        layers.append(layer)
        let touched = apply(layer, to: &visible)
        layerRecords.formUnion(touched)
        return touched.filter { Self.differs($0, before, visible) }
    }

    /// Removes a layer; the later ones are re-applied on the new base. Returns what changed.
    mutating func removeLayer(id: Int) -> Set<DataID> {
        guard layers.contains(where: { $0.id == id }) else { return [] }
        layers.removeAll { $0.id == id }
        return rebuild(candidates: [])
    }

    private mutating func rebuild(candidates: Set<DataID>) -> Set<DataID> {
        let before = visible
        var next = base
        var touched: Set<DataID> = []
        for layer in layers { touched.formUnion(apply(layer, to: &next)) }
        visible = next
        let changed = candidates.union(layerRecords).filter { Self.differs($0, before, visible) }
        layerRecords = touched
        return changed
    }

    /// Whether record `id` reads differently in the two sources (content, or presence).
    private static func differs(_ id: DataID, _ old: RecordSource, _ new: RecordSource) -> Bool {
        old[id] != new[id] || old.has(id) != new.has(id)
    }

    /// Removes every base record (and deletion marker) not in `keeping`; only without layers,
    /// which could point at them. Returns how many records were removed.
    mutating func removeRecords(keeping: Set<DataID>) -> Int {
        guard layers.isEmpty else { return 0 }
        let unreachable = base.ids.filter { !keeping.contains($0) }
        for id in unreachable { base.records[id] = nil }
        visible = base
        return unreachable.count
    }

    /// Applies a layer's payload and updater to `source`; returns the records it wrote.
    private func apply(_ layer: Layer, to source: inout RecordSource) -> Set<DataID> {
        var touched: Set<DataID> = []
        if let payload = layer.payload {
            source.apply(payload)
            touched.formUnion(payload.ids)
        }
        if let updater = layer.updater {
            let proxy = RecordSourceSelectorProxy(base: source)
            updater(proxy)
            source.apply(proxy.changes)
            touched.formUnion(proxy.changes.ids)
        }
        return touched
    }
}
