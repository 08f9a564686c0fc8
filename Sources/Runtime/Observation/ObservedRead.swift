import Observation

/// What every observed fragment shows — its data and what the last read found missing or wrong —
/// kept current as the store changes. It owns the snapshot state, the logging (the environment's
/// `fieldLogger` hears of a read's `@required` fields and field errors when they change, not on
/// every snapshot) and the delivery (snapshots shown on the main actor, for as long as the
/// observer exists). `ObservedFragment`, `ObservedPluralFragment`, `ObservedRefetchableFragment`
/// and `ObservedPaginationFragment` are it, with what they read.
@MainActor
@Observable
public class ObservedRead<Value: Sendable> {
    public let environment: Environment
    /// The data; nil when its record is gone (deleted or collected), or, for a plural fragment,
    /// one of its records.
    public private(set) var data: Value?
    /// True when the store lacks some field the read needs.
    public private(set) var isMissingData = false
    /// The fields the store lacks, when `isMissingData` (which record, which field, where).
    public private(set) var missingFields: [RelayError.MissingField] = []
    /// A value the store holds that does not convert to its Swift type (a custom scalar that
    /// does not parse); the data is nil meanwhile.
    public private(set) var invalidValue: RelayError.InvalidFieldValue?
    /// The error a `@required(action: THROW)` field found null makes of the read; the data is
    /// nil meanwhile (Relay's fragment hooks throw it).
    public private(set) var requiredFieldError: RelayError?
    /// The error a field in error makes of a `@throwOnFieldError` read (the data is nil meanwhile).
    public private(set) var fieldError: RelayError?
    @ObservationIgnored private var reporter = SnapshotReporter()
    @ObservationIgnored private var following: Task<Void, Never>?

    init(environment: Environment) {
        self.environment = environment
    }

    /// Shows `first`, then each snapshot of `updates`, instead of what it followed before.
    func observe(_ first: Snapshot<Value>, then updates: AsyncStream<Snapshot<Value>>) {
        following?.cancel()
        show(first)
        following = follow(updates, by: self) { $0.show($1) }
    }

    private func show(_ snapshot: Snapshot<Value>) {
        data = snapshot.data
        isMissingData = snapshot.isMissingData
        missingFields = snapshot.missingFields
        invalidValue = snapshot.invalidValue
        requiredFieldError = snapshot.requiredFieldError
        fieldError = snapshot.fieldError
        reporter.report(snapshot, to: environment)
        didShow()
    }

    /// Called after each snapshot is shown, for what a subclass derives from it.
    func didShow() {}

    isolated deinit {
        following?.cancel()
    }
}

/// Tells the environment's `fieldLogger` what a read's snapshots ask to log, once per change:
/// an observer that shows the same null `@required(action: LOG)` field on every store change
/// logs it once.
struct SnapshotReporter {
    private var missingRequiredFields: MissingRequiredFields?
    private var fieldErrors: [FieldError] = []

    mutating func report<Value>(_ snapshot: Snapshot<Value>, to environment: Environment) {
        guard snapshot.missingRequiredFields != missingRequiredFields || snapshot.fieldErrors != fieldErrors else {
            return
        }
        environment.reported(snapshot)
        missingRequiredFields = snapshot.missingRequiredFields
        fieldErrors = snapshot.fieldErrors
    }
}
