import Foundation

/// One response payload as the executor uses it: its `data` and the `errors` that came with it.
struct GraphQLResponse {
    var data: VariableValue
    var errors: [GraphQLError]

    /// Parses a payload's bytes. A response without data, or whose every root field is null
    /// because of its errors, is an error (`graphQL`, or `invalidResponse` without errors); data
    /// with errors is partial data, kept with them. An operation under `@catch`
    /// (`catchesFieldErrors`) takes null root fields as data: its errors are caught there.
    init(parsing bytes: Data, catchesFieldErrors: Bool = false) throws {
        try self.init(try VariableValue.parse(bytes), catchesFieldErrors: catchesFieldErrors)
    }

    /// A parsed payload's `data` and `errors`, as `init(parsing:)` takes them.
    init(_ response: VariableValue, catchesFieldErrors: Bool = false) throws {
        errors = GraphQLError.list(in: response["errors"])
        guard case .object = response else {
            throw RelayError.invalidResponse(
                "the response is \(RelayError.ResponseShapeMismatch.kind(of: response)), not an object")
        }
        guard let data = response["data"], data != .null else {
            throw errors.isEmpty ? RelayError.invalidResponse("the response has no data") : RelayError.graphQL(errors)
        }
        guard case .object = data else {
            throw RelayError.invalidShape(
                RelayError.ResponseShapeMismatch(
                    path: [], expected: "an object", received: RelayError.ResponseShapeMismatch.kind(of: data)))
        }
        if !errors.isEmpty, !catchesFieldErrors, case .object(let fields) = data,
            fields.values.allSatisfy({ $0 == .null })
        {
            throw RelayError.graphQL(errors)
        }
        self.data = data
    }
}
