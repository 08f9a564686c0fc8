/// Which optimistic layers read or wrote which records and fields, so that a change finds the
/// layers it reaches without looking at the others: what makes a publish cost what its own
/// records cost, whatever the number of layers in flight.
struct LayerIndex {
    /// The pseudo-field a record's typename is indexed under.
    static let typename = "__typename"

    /// The fields an effect writes, by record; nil for a record it deletes (the whole record).
    typealias Footprint = [DataID: Set<String>?]

    /// Layers whose updater read the record.
    private(set) var readers: [DataID: Set<Int>] = [:]
    /// Layers that wrote the record: a field of it, or its deletion.
    private(set) var writers: [DataID: Set<Int>] = [:]
    /// Layers that wrote each field of the record (its errors and typename included).
    private var fieldWriters: [DataID: [String: Set<Int>]] = [:]
    /// Layers that deleted the record.
    private(set) var deleters: [DataID: Set<Int>] = [:]

    /// The fields `effect` writes: a record's fields and the keys of its errors (a merge
    /// replaces both), its typename when it has one; a deletion, the whole record.
    static func footprint(of effect: RecordSource) -> Footprint {
        var footprint: Footprint = [:]
        footprint.reserveCapacity(effect.records.count)
        for (id, slot) in effect.records {
            guard let record = slot else {
                footprint[id] = .some(nil)
                continue
            }
            var fields = Set(record.fields.keys)
            fields.formUnion(record.errors.keys)
            if record.typename != nil { fields.insert(typename) }
            footprint[id] = .some(fields)
        }
        return footprint
    }

    mutating func add(_ layer: Int, effect: RecordSource, reads: Set<DataID>) {
        for id in reads { readers[id, default: []].insert(layer) }
        for (id, fields) in Self.footprint(of: effect) {
            writers[id, default: []].insert(layer)
            guard let fields else {
                deleters[id, default: []].insert(layer)
                continue
            }
            for field in fields { fieldWriters[id, default: [:]][field, default: []].insert(layer) }
        }
    }

    mutating func remove(_ layer: Int, effect: RecordSource, reads: Set<DataID>) {
        for id in reads { Self.remove(layer, from: &readers, id) }
        for (id, fields) in Self.footprint(of: effect) {
            Self.remove(layer, from: &writers, id)
            guard let fields else {
                Self.remove(layer, from: &deleters, id)
                continue
            }
            // In place: a record many layers write (the root) is not copied for each.
            guard let slot = fieldWriters.index(forKey: id) else { continue }
            for field in fields { Self.remove(layer, from: &fieldWriters.values[slot], field) }
            if fieldWriters.values[slot].isEmpty { fieldWriters.remove(at: slot) }
        }
    }

    /// The last layer (the largest id: layers are added in order) that wrote `field` of record
    /// `id`; nil when only the base has it.
    func lastWriter(of field: String, in id: DataID) -> Int? {
        fieldWriters[id]?[field]?.max()
    }

    /// Removes `layer` from `map[key]` in place (a copy of a set of every layer would make
    /// each removal cost the number of layers).
    private static func remove<Key: Hashable>(_ layer: Int, from map: inout [Key: Set<Int>], _ key: Key) {
        guard let slot = map.index(forKey: key) else { return }
        map.values[slot].remove(layer)
        if map.values[slot].isEmpty { map.remove(at: slot) }
    }
}

extension LayerIndex.Footprint {
    /// Adds `other`'s fields; a whole record absorbs any fields.
    mutating func formUnion(_ other: LayerIndex.Footprint) {
        for (id, fields) in other {
            guard let mine = self[id] else {
                self[id] = fields
                continue
            }
            guard let mine, let fields else {
                self[id] = .some(nil)
                continue
            }
            self[id] = .some(mine.union(fields))
        }
    }
}
