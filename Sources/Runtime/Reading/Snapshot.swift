@_spi(RelayGenerated) import RelayContract

/// What reading an operation or fragment from the store gives: its data (nil when the root
/// record is unknown), whether anything it selects is missing, and the records it looked at —
/// a change to any of them may change the data.
public struct Snapshot<Data>: Sendable where Data: Sendable {
    public var data: Data?
    public var isMissingData: Bool
    public var seenRecords: Set<DataID>
    /// What is missing, when `isMissingData`: each field (or record) the read needed and the
    /// store lacks, with where it was reached.
    public var missingFields: [RelayError.MissingField]
    /// A value the store holds that does not convert to its field's Swift type (a custom
    /// scalar that does not parse): the data is nil and `isMissingData` true, but fetching
    /// again will not help.
    public var invalidValue: RelayError.InvalidFieldValue?
    /// `@required` fields found null: to log (the data is there, with the null bubbled up), or
    /// one with `action: THROW` (`requiredFieldError`).
    public var missingRequiredFields: MissingRequiredFields?
    /// Fields in error (the response's `errors` name them) that no `@catch` holds: to log, or,
    /// when `throwsOnFieldError`, the read's failure (`fieldError`).
    public var fieldErrors: [FieldError]
    /// The fragment or operation is `@throwOnFieldError`.
    public var throwsOnFieldError: Bool
    /// Client edges whose records the store lacks (the environment fetches them).
    var missingClientEdges: [MissingClientEdge] = []

    public init(
        data: Data?, isMissingData: Bool, seenRecords: Set<DataID>, missingFields: [RelayError.MissingField] = [],
        invalidValue: RelayError.InvalidFieldValue? = nil, missingRequiredFields: MissingRequiredFields? = nil,
        fieldErrors: [FieldError] = [], throwsOnFieldError: Bool = false
    ) {
        self.data = data
        self.isMissingData = isMissingData
        self.seenRecords = seenRecords
        self.missingFields = missingFields
        self.invalidValue = invalidValue
        self.missingRequiredFields = missingRequiredFields
        self.fieldErrors = fieldErrors
        self.throwsOnFieldError = throwsOnFieldError
    }

    /// The error a field in error makes of a `@throwOnFieldError` read: the first one found.
    /// None while data is missing, as for `@required`.
    public var fieldError: RelayError? {
        guard throwsOnFieldError, !isMissingData, let first = fieldErrors.first else { return nil }
        return .fieldError(first)
    }

    /// Why reading fails though the store has the data: a `@required(action: THROW)` null, or a
    /// field error in a `@throwOnFieldError` read (Relay's fragment hooks throw either).
    public var readError: RelayError? { requiredFieldError ?? fieldError }

    /// The field errors to log (Relay's `relay_field_payload.error`): none when they throw.
    var fieldErrorsToLog: [FieldError] {
        throwsOnFieldError ? [] : fieldErrors
    }

    /// The error a `@required(action: THROW)` field found null makes of this read; none while
    /// data is missing (fetching it may fill the field), as in Relay.
    public var requiredFieldError: RelayError? {
        guard !isMissingData, case .throw(let field)? = missingRequiredFields else { return nil }
        return .missingRequiredField(field)
    }

    /// The `@required(action: LOG)` fields found null, to report; none while data is missing.
    var requiredFieldsToLog: [MissingRequiredFields.Field] {
        guard !isMissingData, case .log(let fields)? = missingRequiredFields else { return [] }
        return fields
    }

    /// Why a read that must give data has none because of `@required`: a `THROW` field that is
    /// null, or a `LOG` field whose null bubbled up to the root (named, as there is nothing to
    /// return).
    var readFailure: RelayError? {
        if let readError { return readError }
        guard data == nil, let field = requiredFieldsToLog.first else { return nil }
        return .missingRequiredField(field)
    }

    /// The data, or the error saying why there is none: a `@required` field that is null, the
    /// value that does not convert, or the fields `operationName`'s read lacks.
    func dataOrError(reading operationName: String) throws -> Data {
        if let readFailure { throw readFailure }
        if let data { return data }
        if let invalidValue { throw RelayError.invalidValue(invalidValue) }
        throw RelayError.storeLacksData(for: operationName, missing: missingFields)
    }
}

extension RelayError {
    /// A field a read needed that the store lacks: which record, which field, and the response
    /// keys (and list indices) that led there from what was read.
    public struct MissingField: Hashable, Sendable, CustomStringConvertible {
        /// The record lacking the field; for a record the store does not know at all, that record.
        public var record: DataID
        /// The field's storage key (`todos(first:10)`); nil when the whole record is unknown.
        public var field: String?
        /// Response keys and list indices from the read's root to the field (`viewer.todos.edges.0.node.text`).
        public var path: [String]

        public init(record: DataID, field: String?, path: [String]) {
            self.record = record
            self.field = field
            self.path = path
        }

        public var description: String {
            let place = path.isEmpty ? "" : " at \(path.joined(separator: "."))"
            return field.map { "\($0) of record \(record)\(place)" } ?? "record \(record)\(place)"
        }
    }
}

extension Array where Element == RelayError.MissingField {
    /// The first few missing fields in a sentence, for error messages.
    var summary: String {
        guard !isEmpty else { return "" }
        let shown = prefix(3).map(\.description).joined(separator: "; ")
        return ": " + shown + (count > 3 ? "; and \(count - 3) more" : "")
    }
}

/// A client edge's record the store does not have: the edge's query (`ClientEdgeQuery_…`) and
/// the id to fetch it with.
struct MissingClientEdge: Hashable, Sendable {
    let query: String
    let id: String
}
