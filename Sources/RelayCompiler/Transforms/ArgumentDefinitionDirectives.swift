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
        let parsed = Parser.parse(Source("query Q($v: Int \(text)) { __typename }", name: "directive"))
        guard !parsed.hasErrors, text.trimmingPrefix(while: \.isWhitespace).first == "@",
            case .operation(let operation)? = parsed.document.definitions.first,
            let variable = operation.variableDefinitions.first, !variable.directives.isEmpty
        else {
            return [
                .error(
                    "Expected a directive starting with '@' in `directives` of fragment argument "
                        + "'\(argument.name)', got '\(text)'.", at: argument.location)
            ]
        }
        var problems: [Diagnostic] = []
        for directive in variable.directives {
            let name = directive.name.value
            guard let definition = schema.directives[name] else {
                problems.append(.error("Unknown directive '@\(name)'.", at: argument.location))
                continue
            }
            if !definition.locations.contains(.variableDefinition) {
                let locations = definition.locations.map(\.rawValue).joined(separator: ", ")
                problems.append(
                    .error(
                        "Directive '\(name)' not supported in this location. Supported location(s): \(locations)",
                        at: argument.location))
            }
            for given in directive.arguments
            where !definition.arguments.contains(where: { $0.name == given.name.value }) {
                problems.append(
                    .error("Unknown argument '\(given.name.value)' on directive '@\(name)'.", at: argument.location))
            }
        }
        return problems
    }
}
