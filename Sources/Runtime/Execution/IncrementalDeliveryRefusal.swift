import Foundation

extension RelayError {
    /// `error` as `.incrementalDeliveryUnsupported` when it is a server refusing `@defer` or
    /// `@stream` (graphql-js's `Unknown directive "@defer".`, graphql-core's
    /// `Unknown directive '@defer'.`, or a message saying the directive is not supported), in
    /// the response's `errors` or in the body of an HTTP error; otherwise `error` unchanged.
    static func explainingIncrementalDeliveryRefusal(_ error: RelayError) -> RelayError {
        let errors: [GraphQLError]
        switch error {
        case .graphQL(let list): errors = list
        case .httpStatus(_, let body):
            errors = (try? VariableValue.parse(Data(body.utf8))).map { GraphQLError.list(in: $0["errors"]) } ?? []
        default: return error
        }
        for candidate in errors {
            if let directive = refusedDirective(in: candidate.message) {
                return .incrementalDeliveryUnsupported(directive: directive, errors: errors)
            }
        }
        return error
    }

    /// `defer` or `stream` when `message` refuses that directive.
    private static func refusedDirective(in message: String) -> String? {
        let lowered = message.lowercased()
        guard ["unknown", "not supported", "unsupported", "not allowed"].contains(where: lowered.contains) else {
            return nil
        }
        return ["defer", "stream"].first { name in
            ["@\(name)", "`\(name)`", "\"\(name)\"", "'\(name)'"].contains { lowered.contains($0) }
        }
    }
}

extension RelayError: CustomStringConvertible, LocalizedError {
    /// What went wrong, in a sentence a log or an alert can show.
    public var description: String {
        switch self {
        case .httpStatus(let status, let body):
            return "the server answered HTTP \(status)" + (body.isEmpty ? "" : ": \(body.prefix(500))")
        case .transport(let reason): return "the request got no answer: \(reason)"
        case .connectionFailed(let reason): return "the server could not be reached: \(reason)"
        case .invalidResponse(let reason): return "the answer is not a GraphQL response: \(reason)"
        case .graphQL(let errors): return "the server answered with errors: " + Self.join(errors)
        case .missingData(let reason): return "missing data: \(reason)"
        case .invalidValue(let value): return "\(value)"
        case .noEnvironment:
            return "no Relay environment: give the view one with .relayEnvironment(_:)"
        case .invalidPagination(let reason): return "cannot paginate: \(reason)"
        case .invalidArtifact(let reason):
            return "a generated artifact cannot be read (compile the app's GraphQL again): \(reason)"
        case .missingRequiredField(let field): return "\(field)"
        case .fieldError(let error): return "\(error)"
        case .invalidShape(let mismatch):
            return "the response does not fit the operation (nothing of it was written): \(mismatch)"
        case .timedOut(let seconds):
            return "the request did not complete within its deadline of \(seconds) s, and was cancelled"
        case .incrementalDeliveryUnsupported(let directive, let errors):
            return """
                the server rejected @\(directive): it does not support incremental delivery (@defer and @stream). \
                Use a server that does (graphql-js 17, graphql-core 3.3 with its @defer and @stream directives in \
                the schema) or remove the directive. The server said: \(Self.join(errors))
                """
        }
    }

    public var errorDescription: String? { description }

    private static func join(_ errors: [GraphQLError]) -> String {
        errors.map(\.description).joined(separator: "; ")
    }
}
