import Foundation

/// A message of the graphql-transport-ws protocol (the protocol of the graphql-ws library,
/// spoken by Apollo Server, GraphQL Yoga, Hasura and others) as the server sends it.
struct GraphQLTransportWSMessage: Equatable {
    enum Kind: String {
        case connectionAck = "connection_ack"
        case ping, pong, next, error, complete
    }

    var type: Kind
    var id: String?
    var payload: VariableValue?

    /// Reads a message; a text that is not one is a protocol violation.
    static func parse(_ text: String) throws(GraphQLWebSocketNetwork.ConnectionError) -> Self {
        let notAMessage = GraphQLWebSocketNetwork.ConnectionError.protocolViolation(
            "the server sent a message that is not graphql-transport-ws: \(text.prefix(200))")
        guard let value = try? VariableValue(parsingJSON: text), case .string(let type)? = value["type"],
            let kind = Kind(rawValue: type)
        else { throw notAMessage }
        let id: String?
        switch value["id"] {
        case .string(let string)?: id = string
        case nil, .null?: id = nil
        default: throw notAMessage
        }
        let payload = value["payload"]
        let message = Self(type: kind, id: id, payload: payload == .null ? nil : payload)
        if [.next, .error, .complete].contains(message.type), message.id == nil {
            throw .protocolViolation("the server sent a \(message.type.rawValue) message without an id")
        }
        return message
    }

    /// What the client sends: `connection_init` (with the connection's parameters), `ping`,
    /// `pong`, `subscribe` (with a GraphQL-over-HTTP request body) and `complete`.
    enum Outgoing {
        case connectionInit([String: VariableValue]?)
        case ping
        case pong
        case subscribe(id: String, requestBody: String)
        case complete(id: String)

        var text: String {
            switch self {
            case .connectionInit(let parameters):
                guard let parameters else { return #"{"type":"connection_init"}"# }
                return #"{"type":"connection_init","payload":"# + Self.json(.object(parameters)) + "}"
            case .ping: return #"{"type":"ping"}"#
            case .pong: return #"{"type":"pong"}"#
            case .subscribe(let id, let body):
                return #"{"id":"# + Self.json(.string(id)) + #","type":"subscribe","payload":"# + body + "}"
            case .complete(let id): return #"{"id":"# + Self.json(.string(id)) + #","type":"complete"}"#
            }
        }

        private static func json(_ value: VariableValue) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
    }
}
