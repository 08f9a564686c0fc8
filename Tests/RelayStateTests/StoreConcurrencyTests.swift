import RelayState
import Testing

/// Commits from many tasks at once lose no update. CI runs this under --sanitize=thread.
struct StoreConcurrencyTests {
    @Test func concurrentCommitsLoseNoUpdate() async {
        let store = MyStore()
        let versions = Recorder<UInt64>()
        let subscription = store.sinkState(dropsCurrent: true) { versions.append($0.version) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    for _ in 0..<100 { store.commit { $0.count += 1 } }
                }
            }
        }
        #expect(store.state.count == 1_600)
        #expect(store.state.version == 1_600)
        // Observers hear every version, in order.
        #expect(versions.values == Array(1...1_600))
        subscription.cancel()
    }
}
