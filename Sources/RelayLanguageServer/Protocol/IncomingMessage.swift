import Foundation

/// A JSON-RPC request id: a number or a string.
public enum RequestID: Hashable, Sendable, Codable {
    case number(Int)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        }
    }
}

/// A message from the client: a request (an id and a method), a notification (a method), or
/// the answer to one of the server's own requests (an id). Its `params` are decoded as the
/// method's Swift type when it is handled.
public struct IncomingMessage: Equatable, Sendable {
    public var id: RequestID?
    public var method: String?
    /// The message's JSON, from which `params` are decoded.
    public var body: Data

    private struct Envelope: Decodable {
        var id: RequestID?
        var method: String?
    }

    private struct Parameters<Value: Decodable>: Decodable {
        var params: Value

        enum CodingKeys: String, CodingKey { case params }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let value = try container.decodeIfPresent(Value.self, forKey: .params) {
                params = value
            } else if let optional = Value.self as? any ExpressibleByNilLiteral.Type,
                let none = optional.init(nilLiteral: ()) as? Value
            {
                params = none  // no params, where the method has none to give
            } else {
                params = try container.decode(Value.self, forKey: .params)
            }
        }
    }

    /// The message in `body`; nil when it is not a JSON object.
    public init?(body: some Collection<UInt8>) {
        let data = Data(body)
        guard data.first(where: { $0 > 0x20 }) == UInt8(ascii: "{"),
            let envelope = try? JSONDecoder().decode(Envelope.self, from: data)
        else { return nil }
        id = envelope.id
        method = envelope.method
        self.body = data
    }

    /// The message's `params` as `type`.
    public func parameters<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try JSONDecoder().decode(Parameters<Value>.self, from: body).params
    }
}
