import Observation

/// A `@refetchable` fragment as the UI uses it (`@RefetchableFragment`): its data, kept current
/// as the store changes, and `refetch`, which fetches it again with other variables (even on
/// another record) and from then on shows what that fetched. Works without SwiftUI.
@MainActor
@Observable
public class ObservedRefetchableFragment<F: RefetchableFragment>: ObservedRead<F.Data> {
    /// The fragment as shown now: the one given, or where the last refetch moved it.
    public private(set) var fragment: F
    /// A refetch is under way.
    public private(set) var isRefetching = false
    @ObservationIgnored let refetching = FragmentRefetching<F>()

    public init(environment: Environment, fragment: F) {
        self.fragment = fragment
        super.init(environment: environment)
        show(fragment)
    }

    /// The fragment `F` of `key` (a parent's data that spreads it).
    public convenience init(environment: Environment, key: F.Key) {
        self.init(environment: environment, fragment: F(key: key))
    }

    /// Fetches the fragment again: the variables in its scope with `variables` over them (an
    /// `id` moves it to another record); when it returns, `data` shows what it fetched. Throws
    /// what the fetch threw; the data shown stays.
    public func refetch(variables: VariableData = [:], fetchPolicy: FetchPolicy = .storeOrNetwork) async throws {
        willRefetch()
        try await refetching.refetch(
            fragment, in: environment, variables: variables, fetchPolicy: fetchPolicy,
            isRefetching: { isRefetching = $0 }, show: { show($0) })
    }

    /// `refetch` with the refetch query's generated variables (their `id` names the record).
    public func refetch(_ variables: F.RefetchQuery.Variables, fetchPolicy: FetchPolicy = .storeOrNetwork) async throws
    {
        try await refetch(variables: variables.variableData, fetchPolicy: fetchPolicy)
    }

    /// Called before a refetch starts, for what a subclass stops then.
    func willRefetch() {}

    /// Shows `fragment` from now on, as the store has it.
    func show(_ fragment: F) {
        self.fragment = fragment
        observe(environment.read(fragment), then: environment.subscribe(fragment))
    }
}
