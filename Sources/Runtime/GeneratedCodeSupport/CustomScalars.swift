import Foundation

/// A Swift type a custom scalar maps to (`"customScalarTypes": {"DateTime": "Date"}`): it says how
/// to build itself from the scalar's JSON value and how to write itself back, so response data,
/// variables and input objects carry the typed value while the store keeps the JSON.
///
/// Reading a value that does not convert is an error naming the record, field, value and type
/// (`RelayError.InvalidFieldValue`), never silently missing data. `Date` (ISO 8601), `URL`, `Decimal` and
/// `UUID` conform out of the box; conform your own types the same way:
///
/// ```swift
/// struct Cents: GraphQLScalar {
///     var amount: Int
///     init(scalarValue: VariableValue) throws {
///         guard case .int(let amount) = scalarValue else { throw ScalarValueError("expected an integer") }
///         self.amount = amount
///     }
///     var variableValue: VariableValue { .int(amount) }
/// }
/// ```
public protocol GraphQLScalar: Codable, Hashable, Sendable, VariableValueConvertible, SelectionValue {
    /// The value from its JSON form; throws (say, a `ScalarValueError`) when it does not convert.
    init(scalarValue: VariableValue) throws
}

/// Why a JSON value is not a valid custom scalar value, for `GraphQLScalar.init(scalarValue:)`.
public struct ScalarValueError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

/// Types that are only `GraphQLScalar` get `Codable` from their JSON form, the form the store
/// holds, for apps that encode them elsewhere.
extension GraphQLScalar {
    public init(from decoder: any Decoder) throws {
        try self.init(scalarValue: VariableValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try variableValue.encode(to: encoder)
    }
}

/// An ISO 8601 date and time (`2026-11-24T09:30:00Z`, `2026-11-24T10:30:00.250+01:00`), the form
/// most GraphQL `DateTime` scalars use. Written back in UTC, with milliseconds when the date has
/// a fraction of a second. Epoch numbers are not dates here: map such a scalar to your own type.
extension Date: GraphQLScalar {
    public init(scalarValue: VariableValue) throws {
        guard case .string(let text) = scalarValue else { throw ScalarValueError("expected an ISO 8601 string") }
        if let date = try? Date(text, strategy: Self.wholeSeconds) {
            self = date
        } else if let date = try? Date(text, strategy: Self.fractionalSeconds) {
            self = date
        } else {
            throw ScalarValueError("not an ISO 8601 date and time")
        }
    }

    public var variableValue: VariableValue {
        let hasFraction = timeIntervalSince1970.rounded(.down) != timeIntervalSince1970
        return .string((hasFraction ? Self.fractionalSeconds : Self.wholeSeconds).format(self))
    }

    private static let wholeSeconds = Date.ISO8601FormatStyle()
    private static let fractionalSeconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}

/// A URL, as a string (`https://example.com/a`).
extension URL: GraphQLScalar {
    public init(scalarValue: VariableValue) throws {
        guard case .string(let text) = scalarValue, !text.isEmpty, let url = URL(string: text) else {
            throw ScalarValueError("expected a URL string")
        }
        self = url
    }

    public var variableValue: VariableValue { .string(absoluteString) }
}

/// A decimal number, read from a string (`"19.99"`, exact) or a JSON number, written back as a
/// string so no digit is lost to binary floating point on the way.
extension Decimal: GraphQLScalar {
    public init(scalarValue: VariableValue) throws {
        switch scalarValue {
        case .int(let value): self = Decimal(value)
        case .float(let value) where value.isFinite: self = Decimal(value)
        case .string(let text):
            guard let value = Decimal(exactly: text) else { throw ScalarValueError("not a decimal number") }
            self = value
        default: throw ScalarValueError("expected a decimal number or string")
        }
    }

    public var variableValue: VariableValue { .string(description) }

    /// The number `text` spells in full (`Decimal(string:)` alone accepts a valid prefix).
    private init?(exactly text: String) {
        let scanner = Scanner(string: text)
        scanner.charactersToBeSkipped = nil
        scanner.locale = Locale(identifier: "en_US_POSIX")
        guard let value = scanner.scanDecimal(), scanner.isAtEnd else { return nil }
        self = value
    }
}

/// A UUID, as its string (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, any letter case).
extension UUID: GraphQLScalar {
    public init(scalarValue: VariableValue) throws {
        guard case .string(let text) = scalarValue, let uuid = UUID(uuidString: text) else {
            throw ScalarValueError("expected a UUID string")
        }
        self = uuid
    }

    public var variableValue: VariableValue { .string(uuidString) }
}
