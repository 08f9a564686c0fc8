import Observation

/// A `@relay(plural: true)` fragment as the UI uses it: the data of every record its keys point
/// to, kept current as the store changes. `@Observable`, like `ObservedFragment`.
@MainActor
@Observable
public final class ObservedPluralFragment<F: PluralFragment> {
    public let environment: Environment
    /// One item per key, in order; nil when one of the records is gone (deleted or collected).
    public private(set) var data: [F.Data]?
    /// True when the store lacks some field the fragment reads, in any of its records.
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
    public let fragment: F
    @ObservationIgnored private var following: Task<Void, Never>?

    public init(environment: Environment, fragment: F) {
        self.environment = environment
        self.fragment = fragment
        show(environment.read(fragment))
        following = follow(environment.subscribe(fragment), by: self) { $0.show($1) }
    }

    /// The fragment `F` of `keys` (the list items of a parent's data that spread it).
    public convenience init(environment: Environment, keys: [F.Key]) {
        self.init(environment: environment, fragment: F(keys: keys))
    }

    private func show(_ snapshot: Snapshot<[F.Data]>) {
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
