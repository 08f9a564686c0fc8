import GraphQLParser

/// Directives that a Relay directive's argument carries as strings, for Relay to place in a
/// document it generates: `@argumentDefinitions(x: {type: "ID", directives: ["@configurable"]})`
/// on the variable a fragment argument becomes, `@refetchable(directives: ["@owner(name: \"x\")"])`
/// on the refetch query. Each text is parsed where it will stand and checked as Relay checks it:
/// a directive the schema defines, allowed there, with arguments it declares and values of their
/// types.
enum DirectiveStrings {
    /// Where the directives will stand.
    enum Site {
        case variableDefinition, query

        var location: DirectiveLocation { self == .query ? .query : .variableDefinition }

        /// A document holding the directives at the site, so the parser reads them as it would there.
        func document(holding text: String) -> String {
            switch self {
            case .variableDefinition: "query Q($v: Int \(text)) { __typename }"
            case .query: "query Q \(text) { __typename }"
            }
        }
    }

    /// The directives `text` holds at `site`, with their document (for the value checks); nil
    /// when it is not one or more directives and nothing else.
    static func parse(_ text: String, at site: Site) -> (directives: [Directive], document: Document)? {
        let parsed = Parser.parse(Source(site.document(holding: text), name: "directive"))
        guard !parsed.hasErrors, text.trimmingPrefix(while: \.isWhitespace).first == "@",
            parsed.document.definitions.count == 1,
            case .operation(let operation)? = parsed.document.definitions.first
        else { return nil }
        let directives =
            switch site {
            case .variableDefinition: operation.variableDefinitions.first.map { Array($0.directives) } ?? []
            case .query: Array(operation.directives)
            }
        return directives.isEmpty ? nil : (directives, parsed.document)
    }

    /// The problems of `directives` at `site` (unknown, not allowed there, unknown arguments),
    /// reported at `location` (the argument that holds the text) in Relay's words.
    static func problems(of directives: [Directive], at site: Site, schema: Schema, reportedAt location: SourceLocation)
        -> [Diagnostic]
    {
        var problems: [Diagnostic] = []
        for directive in directives {
            let name = directive.name.value
            guard let definition = schema.directives[name] else {
                problems.append(.error("Unknown directive '@\(name)'.", at: location))
                continue
            }
            if !definition.locations.contains(site.location) {
                let locations = definition.locations.map(\.rawValue).joined(separator: ", ")
                problems.append(
                    .error(
                        "Directive '\(name)' not supported in this location. Supported location(s): \(locations)",
                        at: location))
            }
            for given in directive.arguments
            where !definition.arguments.contains(where: { $0.name == given.name.value }) {
                problems.append(
                    .error("Unknown argument '\(given.name.value)' on directive '@\(name)'.", at: location))
            }
        }
        return problems
    }

    /// The problems of the directives' argument values: of the wrong type, a required one
    /// missing, or a variable (nothing declares it where the directives go).
    static func valueProblems(in document: Document, schema: Schema, reportedAt location: SourceLocation)
        -> [Diagnostic]
    {
        let rules: [any ValidationRule.Type] = [
            ProvidedRequiredArgumentsRule.self, ValuesOfCorrectTypeRule.self, NoUndefinedVariablesRule.self,
        ]
        return Validator.validate([document], schema: schema, rules: rules).map { .error($0.message, at: location) }
    }

    /// The directives as IR, their arguments typed by their definitions.
    static func ir(_ directives: [Directive], schema: Schema, at location: SourceLocation) -> [IRDirective] {
        directives.map { directive in
            let definition = schema.directives[directive.name.value]
            return IRDirective(
                name: directive.name.value,
                arguments: directive.arguments.map { argument in
                    IRArgument(
                        name: argument.name.value, value: IRBuilder.value(argument.value),
                        type: definition?.arguments.first { $0.name == argument.name.value }?.type, location: location)
                }, location: location)
        }
    }
}
