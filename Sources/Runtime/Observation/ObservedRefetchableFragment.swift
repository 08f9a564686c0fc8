import Observation

/// A `@refetchable` fragment as the UI uses it (`@RefetchableFragment`): its data, kept current
/// as the store changes, and `refetch`, which fetches it again with other variables (even on
/// another record) and from then on shows what that fetched. Works without SwiftUI.
@MainActor
@Observable
public final class ObservedRefetchableFragment<F: RefetchableFragment> {
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
    /// A refetch is under way.
    public private(set) var isRefetching = false
    @ObservationIgnored private var following: Task<Void, Never>?
    @ObservationIgnored private let refetching = FragmentRefetching<F>()

    public init(environment: Environment, fragment: F) {
        self.environment = environment
        self.fragment = fragment
        show(fragment)
    }

    /// The fragment `F` of `key` (a parent's data that spreads it).
    public convenience init(environment: Environment, key: F.Key) {
        self.init(environment: environment, fragment: F(key: key))
    }

    /// Fetches the fragment again: the variables in its scope with `variables` over them (an
    /// `id` moves it to another record). Throws what the fetch threw; the data shown stays.
    public func refetch(variables: VariableData = [:], fetchPolicy: FetchPolicy = .storeOrNetwork) async throws {
        try await refetching.refetch(
            fragment, in: environment, variables: variables, fetchPolicy: fetchPolicy,
            isRefetching: { isRefetching = $0 }, show: { show($0) })
    }

    /// `refetch` with the refetch query's generated variables (their `id` names the record).
    public func refetch(_ variables: F.RefetchQuery.Variables, fetchPolicy: FetchPolicy = .storeOrNetwork) async throws
    {
        try await refetch(variables: variables.variableData, fetchPolicy: fetchPolicy)
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
    }

    isolated deinit {
        following?.cancel()
    }
}
