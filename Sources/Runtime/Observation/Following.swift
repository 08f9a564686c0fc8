/// A task that hands each snapshot of `updates` to `show`, on the main actor, for as long as
/// `observer` exists and the task is not cancelled: how the observable types follow the store
/// without keeping themselves alive. A cancelled task shows nothing more, not even a snapshot it
/// had already received: the observer has moved on (a refetch, a page shown at once) and an
/// older snapshot would overwrite what it shows now.
@MainActor
func follow<Observer: AnyObject & Sendable, Value: Sendable>(
    _ updates: AsyncStream<Snapshot<Value>>, by observer: Observer,
    show: @escaping @MainActor (Observer, Snapshot<Value>) -> Void
) -> Task<Void, Never> {
    Task { [weak observer] in
        for await snapshot in updates {
            guard let observer, !Task.isCancelled else { return }
            show(observer, snapshot)
        }
    }
}
