import Observation

/// A `@refetchable` fragment with a `@connection` as the UI uses it (`@PaginationFragment`):
/// its data, kept current as the store changes, `loadNext` / `loadPrevious` to grow the
/// connection a page at a time, and `refetch` to start it over with other variables. Works
/// without SwiftUI.
@MainActor
@Observable
public final class ObservedPaginationFragment<F: PaginationFragment>: ObservedRefetchableFragment<F> {
    /// The connection has edges after its last one to load.
    public private(set) var hasNext = false
    /// The connection has edges before its first one to load.
    public private(set) var hasPrevious = false
    public private(set) var isLoadingNext = false
    public private(set) var isLoadingPrevious = false
    /// The pages loading now, by direction, for `refetch` to cancel.
    @ObservationIgnored private var pageLoads: [ConnectionState.Direction: Task<Bool, Error>] = [:]
    /// The fragment's reader node, built once: the connection state is read on every snapshot.
    @ObservationIgnored private let node = F.node

    /// Loads `count` edges after the last one; when it returns, `data` shows them. Does nothing
    /// while a forward page is loading or when there is no next page (`hasNext`). A `refetch`
    /// cancels it (it then returns at once, without the page), as in Relay.
    public func loadNext(_ count: Int, variables: VariableData = [:]) async throws {
        guard !isLoadingNext, hasNext else { return }
        try await loadPage(.forward, count: count, variables: variables)
    }

    /// Loads `count` edges before the first one; when it returns, `data` shows them. Does
    /// nothing while a backward page is loading or when there is no previous page
    /// (`hasPrevious`). A `refetch` cancels it, as it does `loadNext`.
    public func loadPrevious(_ count: Int, variables: VariableData = [:]) async throws {
        guard !isLoadingPrevious, hasPrevious else { return }
        try await loadPage(.backward, count: count, variables: variables)
    }

    /// A refetch starts the connection over: any page loading is cancelled first and its
    /// loading state reset (its late answer is never written), as Relay's `refetch` does.
    override func willRefetch() {
        cancelPageLoads()
    }

    /// Loads a page in a task of its own, which `refetch` can cancel; unless it did, shows the
    /// store as the page left it before returning (the subscription would show it only on a
    /// later turn of the main actor).
    private func loadPage(_ direction: ConnectionState.Direction, count: Int, variables: VariableData) async throws {
        let generation = refetching.generation
        let (environment, fragment) = (environment, fragment)
        let load = Task { try await environment.loadMore(fragment, direction, count: count, variables: variables) }
        pageLoads[direction] = load
        setLoading(direction, true)
        defer {
            // A refetch that cancelled the page reset this already (and a new page may be loading).
            if refetching.generation == generation {
                pageLoads[direction] = nil
                setLoading(direction, false)
            }
        }
        do {
            _ = try await withTaskCancellationHandler {
                try await load.value
            } onCancel: {
                load.cancel()
            }
        } catch  where refetching.generation != generation {
            return  // Cancelled by a refetch: the page is not wanted any more.
        }
        guard refetching.generation == generation else { return }
        show(fragment)
    }

    private func setLoading(_ direction: ConnectionState.Direction, _ loading: Bool) {
        switch direction {
        case .forward: isLoadingNext = loading
        case .backward: isLoadingPrevious = loading
        }
    }

    /// Cancels the pages loading and resets their loading state.
    private func cancelPageLoads() {
        for load in pageLoads.values { load.cancel() }
        pageLoads = [:]
        isLoadingNext = false
        isLoadingPrevious = false
    }

    override func didShow() {
        updateConnectionState()
    }

    private func updateConnectionState() {
        let state = environment.connectionState(of: fragment.fragmentPointer, in: node)
        if hasNext != state.hasNext { hasNext = state.hasNext }
        if hasPrevious != state.hasPrevious { hasPrevious = state.hasPrevious }
    }

    isolated deinit {
        for load in pageLoads.values { load.cancel() }
    }
}
