import Foundation

/// What can go wrong between sending an operation and having its data.
public enum RelayError: Error, Hashable, Sendable {
    /// The server answered with a status other than 2xx.
    case httpStatus(Int, body: String)
    /// The request never got an answer (a timeout, the connection lost on the way, cancelled…).
    /// The server may have received it.
    case transport(String)
    /// The request could not reach the server: no network, the host unknown or refusing
    /// connections. Nothing was sent, so a mutation the environment queues offline
    /// (`Environment.OfflineMutations`) waits for the network rather than failing.
    case connectionFailed(String)
    /// The answer is not a GraphQL response.
    case invalidResponse(String)
    /// The response has an `errors` array (and no usable `data`).
    case graphQL([GraphQLError])
    /// The store lacks data a `storeOnly` fetch needs, or a response lacks data its operation selects.
    case missingData(String)
    /// A value in the store (from a response or the client) does not convert to its field's
    /// Swift type, such as a `DateTime` that is not ISO 8601; names the record, field and value.
    case invalidValue(RelayError.InvalidFieldValue)
    /// A mutation was committed before it had an environment to run in (a SwiftUI view outside
    /// `.relayEnvironment(_:)`).
    case noEnvironment
    /// `loadNext` / `loadPrevious` on a connection that does not page that way (no `first` /
    /// `after` or `last` / `before` variables).
    case invalidPagination(String)
    /// A generated `node` that this runtime cannot read: the artifact was edited by hand, or
    /// written by another version of relay-swift-compiler. Compile the app's GraphQL again.
    case invalidArtifact(String)
    /// A `@required(action: THROW)` field is null: the read fails rather than give code data
    /// without it. Names the fragment or operation read and the path to the field.
    case missingRequiredField(MissingRequiredFields.Field)
    /// A field of a `@throwOnFieldError` fragment or operation is in error (the response's
    /// `errors` name it) and no `@catch` holds it: the read fails rather than give code a null.
    case fieldError(FieldError)
    /// The server rejected `@defer` or `@stream` (named here, with the server's `errors`): it does
    /// not support incremental delivery. Use a server that does (graphql-js 17, graphql-core 3.3
    /// with its `@defer`/`@stream` directives in the schema) or drop the directive.
    case incrementalDeliveryUnsupported(directive: String, errors: [GraphQLError])
    /// The request did not complete within the network's deadline (`HTTPNetwork.deadline`,
    /// `ServerSentEventsNetwork.deadline`, `GraphQLWebSocketNetwork.Configuration.deadline`), in
    /// seconds, however steadily bytes came: a server that trickles a response, or keeps an
    /// incremental or event stream open without finishing it. The request was cancelled.
    case timedOut(after: TimeInterval)
    /// A response's value does not fit what the operation selects there (a scalar where an
    /// object or list is selected, an object where a list is, `data` that is not an object, an
    /// `id` that is not a string). Nothing of that payload was written.
    case invalidShape(RelayError.ResponseShapeMismatch)
}

extension RelayError {
    /// Where a response's value does not fit its selection, and how.
    public struct ResponseShapeMismatch: Hashable, Sendable, CustomStringConvertible {
        /// Response keys and list indices from `data` to the value.
        public var path: [GraphQLError.PathElement]
        /// What the selection reads there: "an object", "a list", "an ID (a string)".
        public var expected: String
        /// What the response has there: "a string", "a number"…
        public var received: String

        public init(path: [GraphQLError.PathElement], expected: String, received: String) {
            self.path = path
            self.expected = expected
            self.received = received
        }

        /// What a response value is, in a few words.
        static func kind(of value: VariableValue) -> String {
            switch value {
            case .null: "null"
            case .bool: "a boolean"
            case .int, .float: "a number"
            case .string: "a string"
            case .list: "a list"
            case .object: "an object"
            }
        }

        public var description: String {
            let place =
                (["data"]
                + path.map {
                    switch $0 {
                    case .key(let key): key
                    case .index(let index): String(index)
                    }
                }).joined(separator: ".")
            return "\(place): expected \(expected), got \(received)"
        }
    }
}

/// One entry of a response's `errors` array.
public struct GraphQLError: Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// Response keys and list indices from the root to the field that failed.
    public var path: [PathElement]
    public var locations: [Location]

    public enum PathElement: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public struct Location: Hashable, Sendable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    public init(message: String, path: [PathElement] = [], locations: [Location] = []) {
        self.message = message
        self.path = path
        self.locations = locations
    }

    public var description: String {
        let pathText = path.map {
            switch $0 {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }.joined(separator: ".")
        return pathText.isEmpty ? message : "\(message) (at \(pathText))"
    }

    /// The errors of a response value, skipping entries without a message.
    /// The error as a response's `errors` entry spells it, which `list(in:)` reads back.
    var responseValue: VariableValue {
        var fields: [String: VariableValue] = ["message": .string(message)]
        fields["path"] = .list(
            path.map {
                switch $0 {
                case .key(let key): .string(key)
                case .index(let index): .int(index)
                }
            })
        fields["locations"] = .list(locations.map { .object(["line": .int($0.line), "column": .int($0.column)]) })
        return .object(fields)
    }

    /// A response path (`["viewer", "friends", 0]`); empty when absent or malformed.
    static func path(in value: VariableValue?) -> [PathElement] {
        guard case .list(let elements)? = value else { return [] }
        return elements.compactMap {
            switch $0 {
            case .string(let key): .key(key)
            case .int(let index): .index(index)
            default: nil
            }
        }
    }

    static func list(in value: VariableValue?) -> [GraphQLError] {
        guard case .list(let items)? = value else { return [] }
        return items.compactMap { item in
            guard case .string(let message)? = item["message"] else { return nil }
            let path = Self.path(in: item["path"])
            var locations: [Location] = []
            if case .list(let entries)? = item["locations"] {
                locations = entries.compactMap {
                    guard case .int(let line)? = $0["line"], case .int(let column)? = $0["column"] else { return nil }
                    return Location(line: line, column: column)
                }
            }
            return GraphQLError(message: message, path: path, locations: locations)
        }
    }
}
