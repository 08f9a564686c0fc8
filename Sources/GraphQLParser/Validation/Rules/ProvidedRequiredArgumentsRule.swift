/// Required arguments (non-null, without a default) of fields and directives are provided.
public final class ProvidedRequiredArgumentsRule: FieldVisitor, DirectiveVisitor {
    public static let name = "ProvidedRequiredArgumentsRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func leaveField(_ field: Field) {
        guard let definition = context.fieldDefinition, definition.hasRequiredArguments else { return }
        var provided = Set(field.arguments.map(\.name.value))
        for directive in field.directives {
            provided.formUnion(context.options.fieldArgumentsGeneratedByDirective[directive.name.value] ?? [])
        }
        for argument in definition.arguments where !provided.contains(argument.name) && argument.isRequired {
            context.report(
                "Field \"\(definition.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                at: field)
        }
    }

    public func leaveDirective(_ directive: Directive) {
        guard let definition = context.schema.directives[directive.name.value] else { return }
        let provided =
            Set(directive.arguments.map(\.name.value))
            .union(context.options.generatedDirectiveArguments[directive.name.value] ?? [])
        for argument in definition.arguments where !provided.contains(argument.name) && argument.isRequired {
            context.report(
                "Directive \"@\(definition.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                at: directive)
        }
    }
}

extension SchemaInputValue {
    /// Non-null without a default value: must be given.
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }
}
