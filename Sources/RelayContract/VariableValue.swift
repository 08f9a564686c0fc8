/// A GraphQL value as JSON holds it: what variables and literal arguments hold, and what the
/// runtime parses responses into. The compiler builds the same values for constant arguments.
public enum VariableValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case list([VariableValue])
    case object([String: VariableValue])
}

extension VariableValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: VariableValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, VariableValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension VariableValue: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .float(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([VariableValue].self) {
            self = .list(value)
        } else {
            self = .object(try container.decode([String: VariableValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension VariableValue {
    /// Stable JSON text (object keys sorted), as Relay writes argument values into storage keys.
    public var stableJSON: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .float(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let value): return Self.jsonString(value)
        case .list(let values): return "[" + values.map(\.stableJSON).joined(separator: ",") + "]"
        case .object(let fields):
            return "{"
                + fields.keys.sorted().map { Self.jsonString($0) + ":" + (fields[$0] ?? .null).stableJSON }
                .joined(separator: ",") + "}"
        }
    }

    /// `text` as a JSON string literal. Works on the UTF-8 bytes, and a text without anything to
    /// escape (most names and keys) is only quoted: node JSON, operation texts included, and
    /// storage keys are built from it.
    public static func jsonString(_ text: String) -> String {
        let backslash = UInt8(ascii: "\\")
        let quote = UInt8(ascii: "\"")
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == quote || $0 == backslash }) else {
            return "\"" + text + "\""
        }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        output.append(quote)
        for byte in text.utf8 {
            let escaped: UInt8? =
                switch byte {
                case quote, backslash: byte
                case UInt8(ascii: "\n"): UInt8(ascii: "n")
                case UInt8(ascii: "\r"): UInt8(ascii: "r")
                case UInt8(ascii: "\t"): UInt8(ascii: "t")
                default: nil
                }
            if let escaped {
                output.append(backslash)
                output.append(escaped)
            } else if byte < 0x20 {
                let hexDigits = "0123456789abcdef".utf8
                output.append(contentsOf: "\\u00".utf8)
                output.append(hexDigits[hexDigits.index(hexDigits.startIndex, offsetBy: Int(byte >> 4))])
                output.append(hexDigits[hexDigits.index(hexDigits.startIndex, offsetBy: Int(byte & 0xF))])
            } else {
                output.append(byte)
            }
        }
        output.append(quote)
        return String(decoding: output, as: UTF8.self)
    }
}

/// A value generated code can pass as a variable: scalars, enums, input objects, lists and
/// optionals of them.
public protocol VariableValueConvertible {
    var variableValue: VariableValue { get }
}

extension Bool: VariableValueConvertible { public var variableValue: VariableValue { .bool(self) } }
extension Int: VariableValueConvertible { public var variableValue: VariableValue { .int(self) } }
extension Double: VariableValueConvertible { public var variableValue: VariableValue { .float(self) } }
extension String: VariableValueConvertible { public var variableValue: VariableValue { .string(self) } }
extension VariableValue: VariableValueConvertible { public var variableValue: VariableValue { self } }

extension Optional: VariableValueConvertible where Wrapped: VariableValueConvertible {
    public var variableValue: VariableValue { self?.variableValue ?? .null }
}

extension Array: VariableValueConvertible where Element: VariableValueConvertible {
    public var variableValue: VariableValue { .list(map(\.variableValue)) }
}
