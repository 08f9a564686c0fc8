/// Every argument is defined by its field or directive.
public final class KnownArgumentNamesRule: DirectiveVisitor, ArgumentVisitor {
    public static let name = "KnownArgumentNamesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterArgument(_ argument: Argument) {
        guard context.directiveNode == nil, context.argument == nil, let field = context.fieldDefinition,
            let parent = context.parentType
        else { return }
        let name = argument.name.value
        let suggestions = Suggestions.suggestionList(name, field.arguments.map(\.name))
        context.report(
            "Unknown argument \"\(name)\" on field \"\(parent.name).\(field.name)\"."
                + Suggestions.didYouMean(suggestions),
            at: argument)
    }

    public func enterDirective(_ directive: Directive, at location: DirectiveLocation) {
        guard let definition = context.schema.directives[directive.name.value],
            !context.options.directivesWithUndeclaredArguments.contains(definition.name)
        else { return }
        let known = definition.arguments.map(\.name)
        let generated =
            context.options.generatedArgumentsAreKnown
            ? context.options.generatedDirectiveArguments[definition.name] ?? [] : []
        for argument in directive.arguments
        where !known.contains(argument.name.value) && !generated.contains(argument.name.value) {
            let suggestions = Suggestions.suggestionList(argument.name.value, known)
            context.report(
                "Unknown argument \"\(argument.name.value)\" on directive \"@\(definition.name)\"."
                    + Suggestions.didYouMean(suggestions), at: argument)
        }
    }
}
