import GraphQLParser

/// `@argumentDefinitions(x: {type: "ID", directives: ["@configurable"]})`: directives for the
/// variable a fragment argument becomes, written as strings, as Relay reads them. Each must be a
/// directive the schema allows on a variable definition, with arguments it declares. relay-swift
/// checks them as Relay does; the variables refetch queries declare do not carry them.
enum ArgumentDefinitionDirectives {
    /// The problems of the `directives` value given for `argument`; none when it is valid.
    static func check(_ value: IRValue, of argument: IRArgument, schema: Schema) -> [Diagnostic] {
        guard case .list(let items) = value,
            case let texts = items.compactMap({ item -> String? in
                if case .string(let text) = item { text } else { nil }
            }), texts.count == items.count
        else {
            return [
                .error(
                    "Expected the `directives` argument to `@argumentDefinition` to be a list of literal strings in "
                        + "the form `directives: [\"@example\"]`.", at: argument.location)
            ]
        }
        return texts.flatMap { check($0, of: argument, schema: schema) }
    }

    /// One directive's text: parsed where a variable definition's directives stand.
    private static func check(_ text: String, of argument: IRArgument, schema: Schema) -> [Diagnostic] {
        guard let (directives, _) = DirectiveStrings.parse(text, at: .variableDefinition) else {
            return [
                .error(
                    "Expected a directive starting with '@' in `directives` of fragment argument "
                        + "'\(argument.name)', got '\(text)'.", at: argument.location)
            ]
        }
        return DirectiveStrings.problems(
            of: directives, at: .variableDefinition, schema: schema, reportedAt: argument.location)
    }
}
