import GraphQLParser

/// `@refetchable(directives: ["@owner(name: \"feed\")"])`: server directives for the refetch
/// query, written as strings, as Relay reads them. Each must be a directive the schema allows on
/// a query, with arguments it declares and constant values of their types.
enum RefetchQueryDirectives {
    static let listMessage =
        "When provided, the `directives` argument to `@refetchable` needs to be a list of literal strings. Each "
        + "string should be a server directive valid on queries. Example: `@refetchable(queryName: \"ExampleQuery\", "
        + "directives: [\"@owner(name: \\\"an owner\\\")\"])`"

    /// The directives `argument` gives, and its problems (the directives are empty then).
    static func parse(_ argument: IRArgument, schema: Schema) -> ([IRDirective], [Diagnostic]) {
        guard case .list(let items) = argument.value else { return ([], [.error(listMessage, at: argument.location)]) }
        var directives: [IRDirective] = []
        var problems: [Diagnostic] = []
        for item in items {
            guard case .string(let text) = item else {
                problems.append(.error(listMessage, at: argument.location))
                continue
            }
            guard let (parsed, document) = DirectiveStrings.parse(text, at: .query) else {
                problems.append(
                    .error(
                        "Expected a directive starting with '@' in `directives` of @refetchable, got '\(text)'.",
                        at: argument.location))
                continue
            }
            var found = DirectiveStrings.problems(of: parsed, at: .query, schema: schema, reportedAt: argument.location)
            if found.isEmpty {
                found = DirectiveStrings.valueProblems(in: document, schema: schema, reportedAt: argument.location)
            }
            problems += found
            directives += DirectiveStrings.ir(parsed, schema: schema, at: argument.location)
        }
        return problems.isEmpty ? (directives, []) : ([], problems)
    }
}
