import Observation

/// A `@refetchable` fragment with a `@connection` as the UI uses it (`@PaginationFragment`):
/// its data, kept current as the store changes, `loadNext` / `loadPrevious` to grow the
/// connection a page at a time, and `refetch` to start it over with other variables. Works
/// without SwiftUI. With `prefetch` (for a connection marked `prefetchable_pagination: true`), it
/// keeps edges loaded ahead of those shown, so `loadNext` shows them at once (Relay's
/// `usePrefetchableForwardPaginationFragment`).
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
    /// With `prefetch`: how many of the connection's edges to show, from the first; the edges
    /// after them are loaded ahead. Show `edges.prefix(shownEdgeCount)`.
    public private(set) var shownEdgeCount = 0
    /// How far ahead edges are loaded, if they are.
    @ObservationIgnored public private(set) var prefetch: Prefetch?
    /// With `prefetch`: a page is loading that no edge shown waits for (it fills the buffer);
    /// `isLoadingNext` is false meanwhile.
    public private(set) var isPrefetching = false
    /// The connection as the store has it, and whether a forward page is loading (shown or not).
    @ObservationIgnored private var connection = ConnectionState.empty
    @ObservationIgnored private var isLoadingForward = false
    /// A refetch started the connection over: the edges shown are counted again once it ends.
    @ObservationIgnored private var countsShownEdgesAgain = false

    /// How far ahead of the edges shown a prefetching pagination fragment loads (Relay's
    /// `usePrefetchableForwardPaginationFragment` arguments).
    public struct Prefetch: Hashable, Sendable {
        /// The edges to keep loaded after those shown.
        public var bufferSize: Int
        /// The edges shown at first; all the connection has when nil.
        public var initialSize: Int?
        /// The fewest edges a page asks for.
        public var minimalFetchSize: Int

        public init(bufferSize: Int, initialSize: Int? = nil, minimalFetchSize: Int = 1) {
            self.bufferSize = max(bufferSize, 0)
            self.initialSize = initialSize
            self.minimalFetchSize = max(minimalFetchSize, 1)
        }
    }

    /// The pagination fragment `F` of `key`, loading `prefetch.bufferSize` edges ahead of those
    /// it shows (`shownEdgeCount`) whenever the server has more.
    public convenience init(environment: Environment, key: F.Key, prefetch: Prefetch) {
        self.init(environment: environment, fragment: F(key: key))
        self.prefetch = prefetch
        shownEdgeCount = prefetch.initialSize ?? connection.edgeCount
        updatePagingState()
        prefetchIfNeeded()
    }

    /// Loads `count` edges after the last one; when it returns, `data` shows them. Does nothing
    /// while a forward page is loading or when there is no next page (`hasNext`). A `refetch`
    /// cancels it (it then returns at once, without the page), as in Relay.
    public func loadNext(_ count: Int, variables: VariableData = [:]) async throws {
        if let prefetch {
            return try await showNext(count, variables: variables, prefetch)
        }
        guard !isLoadingNext, hasNext else { return }
        try await loadPage(.forward, count: count, variables: variables)
    }

    /// `loadNext` when prefetching: shows `count` more edges, from those loaded ahead when there
    /// are enough, else after loading what is missing (and up to the buffer), as Relay does.
    private func showNext(_ count: Int, variables: VariableData, _ prefetch: Prefetch) async throws {
        let available = connection.edgeCount - shownEdgeCount
        guard !isLoadingForward || available >= 0, hasNext else { return }
        shownEdgeCount += count
        let missing = available - count
        if !isLoadingForward, missing < 0 {
            let size = max(prefetch.minimalFetchSize, min(count, prefetch.bufferSize - missing))
            try await loadPage(.forward, count: size, variables: variables)
        } else {
            updatePagingState()
            prefetchIfNeeded()
        }
    }

    /// Loads ahead when fewer edges than the buffer wait after those shown (or fewer than
    /// shown are loaded) and the server has more.
    private func prefetchIfNeeded() {
        guard let prefetch, !isLoadingForward, !isRefetching, connection.hasNext else { return }
        let waiting = connection.edgeCount - shownEdgeCount
        guard waiting < prefetch.bufferSize else { return }
        let size = max(prefetch.bufferSize - max(waiting, 0), -waiting, prefetch.minimalFetchSize)
        Task { [weak self] in try? await self?.loadPage(.forward, count: size, variables: [:]) }
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
        countsShownEdgesAgain = prefetch != nil
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
        case .forward:
            isLoadingForward = loading
            updatePagingState()
        case .backward: isLoadingPrevious = loading
        }
    }

    /// Cancels the pages loading and resets their loading state.
    private func cancelPageLoads() {
        for load in pageLoads.values { load.cancel() }
        pageLoads = [:]
        isLoadingForward = false
        isLoadingPrevious = false
        updatePagingState()
    }

    override func didShow() {
        updateConnectionState()
    }

    private func updateConnectionState() {
        connection = environment.connectionState(of: fragment.fragmentPointer, in: node)
        if countsShownEdgesAgain, !isRefetching {
            countsShownEdgesAgain = false
            shownEdgeCount = prefetch?.initialSize ?? connection.edgeCount
        }
        updatePagingState()
        prefetchIfNeeded()
    }

    /// `hasNext`, `hasPrevious` and `isLoadingNext` from the connection and the loads; when
    /// prefetching, edges loaded but not shown count as a next page, and only a load of edges
    /// to show counts as loading (not one that fills the buffer).
    private func updatePagingState() {
        let extra = prefetch != nil && connection.edgeCount > shownEdgeCount
        let next = connection.hasNext || extra
        let loading = isLoadingForward && (prefetch == nil || shownEdgeCount > connection.edgeCount)
        if hasNext != next { hasNext = next }
        if hasPrevious != connection.hasPrevious { hasPrevious = connection.hasPrevious }
        if isLoadingNext != loading { isLoadingNext = loading }
        if isPrefetching != (isLoadingForward && !loading) { isPrefetching = isLoadingForward && !loading }
    }

    isolated deinit {
        for load in pageLoads.values { load.cancel() }
    }
}
