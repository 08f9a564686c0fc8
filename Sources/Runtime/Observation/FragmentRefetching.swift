/// What the refetchable and pagination observables share about refetching: which refetch is the
/// newest (an older one answered later is dropped) and the retention of the query the fragment
/// now reads from (kept until the next refetch or the end of the observable).
@MainActor
final class FragmentRefetching<F: RefetchableFragment> {
    /// Counts refetches.
    private(set) var generation = 0
    private var retention: Disposable?

    /// Refetches `fragment`; `show` gets the moved fragment unless a newer refetch started
    /// meanwhile. `isRefetching` is told when this refetch starts and, if still the newest, ends.
    func refetch(
        _ fragment: F, in environment: Environment, variables: VariableData, fetchPolicy: FetchPolicy,
        isRefetching: (Bool) -> Void, show: (F) -> Void
    ) async throws {
        generation += 1
        let generation = generation
        isRefetching(true)
        defer { if self.generation == generation { isRefetching(false) } }
        let refetched = try await environment.refetch(fragment, variables: variables, fetchPolicy: fetchPolicy)
        guard self.generation == generation else { return refetched.retention.dispose() }
        retention?.dispose()
        retention = refetched.retention
        show(refetched.fragment)
    }

    isolated deinit {
        retention?.dispose()
    }
}
