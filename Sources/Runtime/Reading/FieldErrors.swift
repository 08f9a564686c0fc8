@_spi(RelayGenerated) import RelayContract

/// A field a read found in error: the server answered it with an entry in the response's
/// `errors` (kept with the record, Relay's field errors), or, inside `@catch`, a
/// `@required(action: THROW)` field found null.
public struct FieldError: Hashable, Sendable, CustomStringConvertible {
    /// The fragment or operation whose read found the error.
    public var owner: String
    /// Response keys and list indices from the read's root to the field (`viewer.name`).
    public var path: [String]
    public var message: String
    /// The server's error, with its path from the response's root; nil for a `@required` field.
    public var serverError: GraphQLError?

    public init(owner: String, path: [String], message: String, serverError: GraphQLError? = nil) {
        self.owner = owner
        self.path = path
        self.message = message
        self.serverError = serverError
    }

    public var description: String { "\(message) (at \(path.joined(separator: ".")) in \(owner))" }
}

/// What a `@catch(to: RESULT)` caught: the failure of the field's `Result`, every error found in
/// it (Relay's `{ok: false, errors}`).
public struct FieldErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var errors: [FieldError]

    public init(_ errors: [FieldError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "; ") }
}

// The reader writes what `@catch(to: RESULT)` caught as Relay does, `{"ok": true, "value": …}`
// or `{"ok": false, "errors": […]}`, so a `Data`'s fields stay plain values that compare and
// hash; these convert errors to that form and back.
extension FieldError {
    var value: VariableValue {
        var fields: [String: VariableValue] = [
            "owner": .string(owner), "path": .list(path.map { .string($0) }), "message": .string(message),
        ]
        fields["serverError"] = serverError?.responseValue
        return .object(fields)
    }

    init(value: VariableValue) {
        func string(_ value: VariableValue?) -> String? { if case .string(let string)? = value { string } else { nil } }
        owner = string(value["owner"]) ?? ""
        message = string(value["message"]) ?? ""
        if case .list(let keys)? = value["path"] { path = keys.compactMap(string) } else { path = [] }
        serverError = value["serverError"].flatMap { GraphQLError.list(in: .list([$0])).first }
    }
}

extension SelectionFields {
    /// The `Result` of a `@catch(to: RESULT)` field under `key`: the caught errors, or the value,
    /// which `value` reads from the fields it is given under the key `"value"`.
    public func result<Value>(_ key: String, _ value: (SelectionFields) throws -> Value) throws
        -> Result<Value, FieldErrors>
    {
        try read(key) {
            let caught = try Self.caught(fields[key] ?? .null)
            if let errors = caught.errors { return .failure(errors) }
            return .success(try value(SelectionFields(caught.fields)))
        }
    }

    /// `result(_:_:)` for a `@catch` field that may not be selected (`@include`, a type
    /// condition): nil when absent.
    public func optionalResult<Value>(_ key: String, _ value: (SelectionFields) throws -> Value) throws
        -> Result<Value, FieldErrors>?
    {
        guard let caught = fields[key], caught != .null else { return nil }
        return try result(key, value)
    }

    /// A caught value's fields, and its errors when it failed.
    static func caught(_ value: VariableValue) throws -> (fields: [String: VariableValue], errors: FieldErrors?) {
        guard case .object(let fields) = value else {
            throw ReadValueFailure.mismatch(value, expected: "a @catch result")
        }
        guard fields["ok"] == .bool(false) else { return (fields, nil) }
        guard case .list(let errors)? = fields["errors"] else { return (fields, FieldErrors([])) }
        return (fields, FieldErrors(errors.map(FieldError.init(value:))))
    }
}

/// The data of a fragment or operation under `@catch(to: RESULT)`: its fields, or what was caught.
extension Result: SelectionValue where Success: SelectionValue, Failure == FieldErrors {
    public init(selectionValue value: VariableValue) throws {
        let caught = try SelectionFields.caught(value)
        if let errors = caught.errors {
            self = .failure(errors)
        } else {
            let fields = SelectionFields(caught.fields)
            self = .success(try fields.read("value") { try Success(selectionValue: fields.fields["value"] ?? .null) })
        }
    }
}

extension ReaderCatchField {
    /// The key the caught selection has in its parent's data.
    var responseKey: String {
        switch selection {
        case .scalarField(let field): field.alias ?? field.name
        case .linkedField(let field): field.alias ?? field.name
        case .aliasedInlineFragment(let alias): alias.name
        case .resolverField(let field): field.responseKey
        default: ""
        }
    }
}
