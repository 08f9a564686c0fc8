@_spi(RelayGenerated) import RelayContract

extension MissingRequiredFields {
    /// A `@required` field a read found null: the fragment or operation read, and the response
    /// keys from its root to the field (Relay's `{owner, path}`).
    public struct Field: Hashable, Sendable, CustomStringConvertible {
        /// The fragment or operation whose read found the null.
        public var owner: String
        /// `viewer.name`.
        public var path: String

        public init(owner: String, path: String) {
            self.owner = owner
            self.path = path
        }

        public var description: String { "missing @required value at path '\(path)' in '\(owner)'" }
    }
}

/// What a read's `@required` fields call for (Relay's `missingRequiredFields`): fields to log, or
/// one that makes the read fail. `THROW` wins over `LOG`; `NONE` leaves no trace.
public enum MissingRequiredFields: Hashable, Sendable {
    /// `@required(action: LOG)` fields found null, in reading order.
    case log([MissingRequiredFields.Field])
    /// The first `@required(action: THROW)` field found null.
    case `throw`(MissingRequiredFields.Field)

    /// `self` after `field` with `action` was found null.
    func adding(_ field: MissingRequiredFields.Field, action: RequiredField.Action) -> MissingRequiredFields {
        switch (self, action) {
        case (.throw, _): self
        case (_, .throw): .throw(field)
        case (.log(let fields), _): .log(fields + [field])
        }
    }

    /// `self` after another read's fields (a plural fragment's next item).
    func merging(_ other: MissingRequiredFields) -> MissingRequiredFields {
        switch other {
        case .log(let fields): fields.reduce(self) { $0.adding($1, action: .log) }
        case .throw(let field): adding(field, action: .throw)
        }
    }
}

extension Environment {
    /// What the environment tells its `fieldLogger` (Relay's `relayFieldLogger` events).
    public enum FieldLogEvent: Hashable, Sendable {
        /// A `@required(action: LOG)` field was null where code read it.
        case missingRequiredFieldLog(MissingRequiredFields.Field)
        /// A field in error (the response's `errors` name it) was read as null where neither
        /// `@catch` nor `@throwOnFieldError` handles it (Relay's `relay_field_payload.error`).
        case fieldError(FieldError)
    }
}
