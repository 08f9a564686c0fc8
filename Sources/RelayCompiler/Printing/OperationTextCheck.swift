import GraphQLParser

/// Validates each operation's server text against the schema. The documents were valid as
/// written; applying fragment arguments can still make them conflict (the same fragment spread
/// twice on one field with different arguments), which the server would reject. Such errors
/// point at the operation, with the message about the server text appended.
public enum OperationTextCheck {
    /// The standard validation, except that the labels `DeferStreamTransform` adds are known
    /// whatever the schema's `@defer` and `@stream` declare: they are sent anyway, as Relay does.
    static let textOptions: ValidationOptions = {
        var options = ValidationOptions.standard
        options.generatedDirectiveArguments = RelayValidation.options.generatedDirectiveArguments
        options.generatedArgumentsAreKnown = true
        return options
    }()

    /// The errors of the texts of `operations` (the reader program's: their locations are the
    /// documents as written).
    public static func diagnostics(_ texts: OperationTexts, operations: [IROperation], schema: Schema)
        -> [Diagnostic]
    {
        // One parse and validation per operation, independent of the others: run in parallel.
        operations.concurrentMap { operation -> [Diagnostic] in
            guard let text = texts.texts[operation.name] else { return [] }
            let parsed = Parser.parse(Source(text, name: "<\(operation.name) text>"))
            let problems =
                parsed.diagnostics + Validator.validate([parsed.document], schema: schema, options: textOptions)
            return problems.map {
                .error(
                    "Operation \"\(operation.name)\" becomes invalid once fragment arguments are applied: "
                        + $0.message, at: operation.location)
            }
        }.flatMap { $0 }
    }
}
