import Observation

/// A `@refetchable` fragment with a `@connection` as the UI uses it (`@PaginationFragment`):
/// its data, kept current as the store changes, `loadNext` / `loadPrevious` to grow the
/// connection a page at a time, and `refetch` to start it over with other variables. Works
/// without SwiftUI.
@MainActor
@Observable
public final class ObservedPaginationFragment<F: PaginationFragment> {
    public let environment: Environment
    /// The fragment's data; nil when its record is gone (deleted or collected).
    public private(set) var data: F.Data?
    /// True when the store lacks some field the fragment reads.
    public private(set) var isMissingData = false
    /// The fields the store lacks, when `isMissingData` (which record, which field, where).
    public private(set) var missingFields: [MissingField] = []
    /// A value the store holds that does not convert to its Swift type (a custom scalar that
    /// does not parse); the data is nil meanwhile.
    public private(set) var invalidValue: InvalidFieldValue?
    /// The error a `@required(action: THROW)` field found null makes of the read; the data is
    /// nil meanwhile (Relay's fragment hooks throw it).
    public private(set) var requiredFieldError: RelayError?
    /// The error a field in error makes of a `@throwOnFieldError` read (the data is nil meanwhile).
    public private(set) var fieldError: RelayError?
    /// What the last read's `@required` fields called for: logged once when it changes.
    @ObservationIgnored private var missingRequiredFields: MissingRequiredFields?
    @ObservationIgnored private var fieldErrors: [FieldError] = []
    /// The fragment as shown now: the one given, or where the last refetch moved it.
    public private(set) var fragment: F
    /// The connection has edges after its last one to load.
    public private(set) var hasNext = false
    /// The connection has edges before its first one to load.
    public private(set) var hasPrevious = false
    public private(set) var isLoadingNext = false
    public private(set) var isLoadingPrevious = false
    /// A refetch is under way.
    public private(set) var isRefetching = false
    @ObservationIgnored private var following: Task<Void, Never>?
    @ObservationIgnored private let refetching = FragmentRefetching<F>()
    /// The pages loading now, by direction, for `refetch` to cancel.
    @ObservationIgnored private var pageLoads: [PaginationDirection: Task<Bool, Error>] = [:]
    /// The fragment's reader node, built once: the connection state is read on every snapshot.
    @ObservationIgnored private let node = F.node

    public init(environment: Environment, fragment: F) {
        self.environment = environment
        self.fragment = fragment
        show(fragment)
    }

    /// The fragment `F` of `key` (a parent's data that spreads it).
    public convenience init(environment: Environment, key: F.Key) {
        self.init(environment: environment, fragment: F(key: key))
    }

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

    /// Fetches the fragment again from the connection's start: the variables in its scope with
    /// `variables` over them; when it returns, `data` shows what it fetched. Any page loading is
    /// cancelled first and its loading state reset (its late answer is never written), as
    /// Relay's `refetch` does. Throws what the fetch threw; the data shown stays.
    public func refetch(variables: VariableData = [:], fetchPolicy: FetchPolicy = .storeOrNetwork) async throws {
        cancelPageLoads()
        try await refetching.refetch(
            fragment, in: environment, variables: variables, fetchPolicy: fetchPolicy,
            isRefetching: { isRefetching = $0 }, show: { show($0) })
    }

    /// `refetch` with the refetch query's generated variables.
    public func refetch(_ variables: F.RefetchQuery.Variables, fetchPolicy: FetchPolicy = .storeOrNetwork) async throws
    {
        try await refetch(variables: variables.variableData, fetchPolicy: fetchPolicy)
    }

    /// Loads a page in a task of its own, which `refetch` can cancel; unless it did, shows the
    /// store as the page left it before returning (the subscription would show it only on a
    /// later turn of the main actor).
    private func loadPage(_ direction: PaginationDirection, count: Int, variables: VariableData) async throws {
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

    private func setLoading(_ direction: PaginationDirection, _ loading: Bool) {
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

    private func show(_ fragment: F) {
        self.fragment = fragment
        following?.cancel()
        show(environment.read(fragment))
        following = follow(environment.subscribe(fragment), by: self) { $0.show($1) }
    }

    private func show(_ snapshot: Snapshot<F.Data>) {
        data = snapshot.data
        isMissingData = snapshot.isMissingData
        missingFields = snapshot.missingFields
        invalidValue = snapshot.invalidValue
        requiredFieldError = snapshot.requiredFieldError
        fieldError = snapshot.fieldError
        if snapshot.missingRequiredFields != missingRequiredFields || snapshot.fieldErrors != fieldErrors {
            environment.reported(snapshot)
        }
        missingRequiredFields = snapshot.missingRequiredFields
        fieldErrors = snapshot.fieldErrors
        updateConnectionState()
    }

    private func updateConnectionState() {
        let state = environment.connectionState(of: fragment.fragmentPointer, in: node)
        if hasNext != state.hasNext { hasNext = state.hasNext }
        if hasPrevious != state.hasPrevious { hasPrevious = state.hasPrevious }
    }

    isolated deinit {
        following?.cancel()
        for load in pageLoads.values { load.cancel() }
    }
}
