import Foundation

/// Responses and optimistic payloads are held as `VariableValue` trees (the JSON value type the
/// runtime already uses for variables), parsed once from the network's bytes.
extension VariableValue {
    /// The value of a `JSONSerialization` result or of a `[String: Any]` literal such as an
    /// optimistic response; nil for anything JSON cannot hold.
    public init?(json value: Any) {
        // Swift's own types first: on Apple platforms a boxed Int also casts to NSNumber and Bool.
        switch value {
        case let value as Bool where type(of: value) == Bool.self: self = .bool(value)
        case let value as Int where type(of: value) == Int.self: self = .int(value)
        case let value as Double where type(of: value) == Double.self: self = .float(value)
        case let value as String: self = .string(value)
        case is NSNull: self = .null
        case let values as [Any]:
            var items: [VariableValue] = []
            for item in values {
                guard let converted = VariableValue(json: item) else { return nil }
                items.append(converted)
            }
            self = .list(items)
        case let object as [String: Any]:
            var fields: [String: VariableValue] = [:]
            for (key, item) in object {
                guard let converted = VariableValue(json: item) else { return nil }
                fields[key] = converted
            }
            self = .object(fields)
        case let value as VariableValue: self = value
        case let value as any VariableValueConvertible: self = value.variableValue
        default: return nil
        }
    }

    /// Parses a response's JSON bytes with `init(parsingJSON:)` (a whole number becomes `.int`);
    /// bytes that are not JSON are a `RelayError.invalidResponse` saying where.
    public static func parse(_ data: Data) throws(RelayError) -> VariableValue {
        do {
            return try data.withUnsafeBytes { bytes throws(VariableValue.JSONSyntaxError) in
                try VariableValue(parsingJSON: bytes)
            }
        } catch {
            throw RelayError.invalidResponse("the response is not JSON: \(error)")
        }
    }

    /// The field of an object value; nil for a missing key or a non-object.
    public subscript(key: String) -> VariableValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}
