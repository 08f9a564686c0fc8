import Dispatch
import Testing

@testable import RelayState

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The store's lock under contention: threads that find it held wait (on Linux, on its
/// condition) and none of their updates is lost.
struct LockTests {
    final class Counter: @unchecked Sendable {
        let lock = Lock()
        var value = 0
    }

    @Test func contendedUpdatesAreNeverLost() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 {
                counter.lock.withLock { counter.value += 1 }
            }
        }
        #expect(counter.value == 160_000)
    }

    @Test func aThreadWaitsWhileTheLockIsHeldForLong() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for _ in 0..<50 {
                counter.lock.withLock {
                    let before = counter.value
                    // Held across a yield: the others take the waiting path.
                    if index == 0 { for _ in 0..<1_000 { sched_yield() } }
                    counter.value = before + 1
                }
            }
        }
        #expect(counter.value == 200)
    }
}
