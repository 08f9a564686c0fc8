import Foundation
@_spi(RelayGenerated) import RelayContract

/// The Relay Resolver values one store has computed (relay-runtime's resolver cache and live
/// resolver store).
///
/// For each resolver, record and arguments it keeps the root fragment data the function last ran
/// on and what it gave, so a read runs the function again only when that data differs. For a
/// `@live` resolver what the function gave is a live state: the cache subscribes to it, reads it
/// once per change, and tells the store (`onLiveChange`) so the snapshots that read the field —
/// each live field is a record of its own in what a read saw, `liveID` — and no others are read
/// again.
///
/// Entries follow the records: garbage collection drops those of records it removed and ends
/// their live states' subscriptions.
final class ResolverCache: @unchecked Sendable {
    struct Key: Hashable {
        let resolver: ObjectIdentifier
        let record: DataID
        let arguments: [String: VariableValue]
    }

    private struct Memo {
        let input: VariableValue
        let output: Result<VariableValue, ResolverFailure>
    }

    private struct LiveEntry {
        let input: VariableValue
        /// The field's id in reads' seen records, kept across runs of the function.
        let id: DataID
        /// Tells this run's callbacks from an earlier run's.
        let generation: UInt64
        let state: AnyLiveState
        let cancel: @Sendable () -> Void
        /// The value read since the last change; nil until read again.
        var value: Result<VariableValue, ResolverFailure>?
    }

    private let lock = NSLock()
    private var memo: [Key: Memo] = [:]
    private var live: [Key: LiveEntry] = [:]
    private var nextGeneration: UInt64 = 0
    /// Subscriptions of dropped live entries, ended outside the store's lock.
    private var retired: [@Sendable () -> Void] = []
    private var onLiveChange: (@Sendable (DataID) -> Void)?
    /// More memoized records than this and the memo starts over (those still read are computed
    /// again once); garbage collection usually prunes it first.
    static let memoLimit = 10_000

    /// Sets what to call with a live field's id when its state changed.
    func setLiveChangeHandler(_ handler: @escaping @Sendable (DataID) -> Void) {
        lock.withLock { onLiveChange = handler }
    }

    /// The field's value for `record`, and for a live resolver the id reads must count as seen.
    func value(
        of resolver: RelayResolverFunction, record: DataID, arguments: [String: VariableValue], input: VariableValue
    ) -> (value: Result<VariableValue, ResolverFailure>, liveID: DataID?) {
        let key = Key(resolver: ObjectIdentifier(resolver), record: record, arguments: arguments)
        let (memoized, current) = lock.withLock { (memo[key], live[key]) }
        if let memoized, memoized.input == input { return (memoized.output, nil) }
        if let current, current.input == input { return (current.value ?? readAgain(key, current), current.id) }
        // The function runs outside the lock: it may read other resolvers' fields.
        switch resolver.evaluate(input: input, arguments: arguments) {
        case .value(let output):
            let dropped = lock.withLock {
                if memo.count >= Self.memoLimit { memo.removeAll(keepingCapacity: true) }
                memo[key] = Memo(input: input, output: output)
                return live.removeValue(forKey: key)
            }
            dropped?.cancel()
            return (output, dropped?.id)
        case .live(let state):
            return start(state, key: key, input: input)
        }
    }

    /// Subscribes to a live state the function just returned, replacing the run before.
    private func start(_ state: AnyLiveState, key: Key, input: VariableValue) -> (
        value: Result<VariableValue, ResolverFailure>, liveID: DataID
    ) {
        let (generation, id) = lock.withLock {
            nextGeneration += 1
            return (nextGeneration, live[key]?.id ?? DataID("client:__live:\(nextGeneration)"))
        }
        // Subscribed before reading: a change in between is in the value read or is told.
        let cancel = state.subscribe { [weak self] in self?.changed(key, generation: generation) }
        let value = state.value()
        let replaced: LiveEntry? = lock.withLock {
            defer {
                live[key] = LiveEntry(
                    input: input, id: id, generation: generation, state: state, cancel: cancel, value: value)
            }
            memo[key] = nil
            return live[key]
        }
        replaced?.cancel()
        return (value, id)
    }

    /// Reads a live state again after a change, keeping the value for the next reads.
    private func readAgain(_ key: Key, _ entry: LiveEntry) -> Result<VariableValue, ResolverFailure> {
        let value = entry.state.value()
        lock.withLock {
            if live[key]?.generation == entry.generation, live[key]?.value == nil { live[key]?.value = value }
        }
        return value
    }

    /// A live state's callback: its value is read again at the next read, and the store tells
    /// the readers of the field.
    private func changed(_ key: Key, generation: UInt64) {
        let (id, handler): (DataID?, (@Sendable (DataID) -> Void)?) = lock.withLock {
            guard live[key]?.generation == generation else { return (nil, nil) }
            live[key]?.value = nil
            return (live[key]?.id, onLiveChange)
        }
        if let id { handler?(id) }
    }

    /// Drops the entries of records `isKept` does not keep (called by garbage collection, under
    /// the store's lock); their live subscriptions end at `endRetiredSubscriptions()`.
    func prune(keeping isKept: (DataID) -> Bool) {
        lock.withLock {
            memo = memo.filter { isKept($0.key.record) }
            for (key, entry) in live where !isKept(key.record) {
                live[key] = nil
                retired.append(entry.cancel)
            }
        }
    }

    /// Ends the subscriptions of entries garbage collection dropped (outside the store's lock, as
    /// a live state's own lock may be taken while it calls back into the store).
    func endRetiredSubscriptions() {
        let ending = lock.withLock {
            defer { retired = [] }
            return retired
        }
        for cancel in ending { cancel() }
    }

    /// How many live states are subscribed to now.
    var liveSubscriptionCount: Int { lock.withLock { live.count } }
}
