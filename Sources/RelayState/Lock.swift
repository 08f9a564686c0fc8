#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
#if !canImport(Darwin)
    import Synchronization
#endif

/// The runtime's lock for its hottest paths: `os_unfair_lock` on Apple platforms; elsewhere one
/// atomic word for the uncontended case (one compare-and-swap to lock, one store to unlock,
/// inlined where it is used) and a `pthread` mutex and condition for threads that must wait.
///
/// Not `Synchronization.Mutex`: on Linux its lock and unlock run inside a library built without
/// ThreadSanitizer, so the sanitizer misses the ordering the lock provides and reports races on
/// data the lock does protect. The atomics here are compiled into this module, so the sanitizer
/// sees them, and it knows the `pthread` calls of the waiting path. A plain `pthread` mutex is
/// as correct but costs two library calls per commit, about half of a commit's time.
@usableFromInline
final class Lock: @unchecked Sendable {
    #if canImport(Darwin)
        @usableFromInline let primitive: UnsafeMutablePointer<os_unfair_lock>
    #else
        /// 0 when free, 1 when held.
        @usableFromInline let state = Atomic<UInt32>(0)
        /// Threads waiting in `lockWaiting`; an unlock wakes one only when there are some.
        @usableFromInline let waiters = Atomic<UInt32>(0)
        @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
        @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>
    #endif

    @usableFromInline
    init() {
        #if canImport(Darwin)
            primitive = .allocate(capacity: 1)
            primitive.initialize(to: os_unfair_lock())
        #else
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
            condition = .allocate(capacity: 1)
            condition.initialize(to: pthread_cond_t())
            pthread_cond_init(condition, nil)
        #endif
    }

    deinit {
        #if canImport(Darwin)
            primitive.deinitialize(count: 1)
            primitive.deallocate()
        #else
            pthread_cond_destroy(condition)
            condition.deinitialize(count: 1)
            condition.deallocate()
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
            mutex.deallocate()
        #endif
    }

    @inlinable
    func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(primitive)
        #else
            if !state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { lockWaiting() }
        #endif
    }

    @inlinable
    func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(primitive)
        #else
            state.store(0, ordering: .sequentiallyConsistent)
            if waiters.load(ordering: .sequentiallyConsistent) > 0 { wakeWaiter() }
        #endif
    }

    #if !canImport(Darwin)
        /// The contended path: wait on the condition until the word is ours. A waiter is
        /// counted before it tries the word again, so an unlock either leaves the word for that
        /// try or sees the waiter and wakes it (under the mutex, so never before it waits).
        @usableFromInline
        func lockWaiting() {
            pthread_mutex_lock(mutex)
            waiters.add(1, ordering: .sequentiallyConsistent)
            while !state.compareExchange(expected: 0, desired: 1, ordering: .sequentiallyConsistent).exchanged {
                pthread_cond_wait(condition, mutex)
            }
            waiters.subtract(1, ordering: .sequentiallyConsistent)
            pthread_mutex_unlock(mutex)
        }

        @usableFromInline
        func wakeWaiter() {
            pthread_mutex_lock(mutex)
            pthread_cond_signal(condition)
            pthread_mutex_unlock(mutex)
        }
    #endif

    /// Runs `body` with the lock held.
    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
