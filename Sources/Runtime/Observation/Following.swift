/// A task that hands each snapshot of `updates` to `show`, on the main actor, for as long as
/// `observer` exists: how the observable types follow the store without keeping themselves alive.
@MainActor
func follow<Observer: AnyObject & Sendable, Value: Sendable>(
    _ updates: AsyncStream<Snapshot<Value>>, by observer: Observer,
    show: @escaping @MainActor (Observer, Snapshot<Value>) -> Void
) -> Task<Void, Never> {
    Task { [weak observer] in
        for await snapshot in updates {
            guard let observer else { return }
            show(observer, snapshot)
        }
    }
}
