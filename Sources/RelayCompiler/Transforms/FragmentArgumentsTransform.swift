import GraphQLParser

/// Gives Relay's fragment arguments their meaning: `@argumentDefinitions(count: {type: "Int",
/// defaultValue: 10})` declares a fragment's local variables, `@arguments(count: $n)` on a spread
/// passes values for them. Both directives are consumed; a malformed definition, an argument the
/// fragment does not declare, or a missing required one is a diagnostic.
///
/// The syntax Relay also reads, `fragment F($count: Int = 10) on T` and `...F(count: $n)`, comes
/// here as those directives (`IRBuilder`).
public enum FragmentArgumentsTransform: ProgramTransform {
    public static let name = "FragmentArguments"
    static let definitionsDirective = "argumentDefinitions"
    static let argumentsDirective = "arguments"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        var program = program
        var diagnostics: [Diagnostic] = []
        for index in program.fragments.indices {
            var fragment = program.fragments[index]
            for directive in fragment.directives where directive.name == "argumentDefinitions" {
                let parsed = directive.arguments.filter {
                    guard let definition = definition($0, schema: schema, diagnostics: &diagnostics) else {
                        return false
                    }
                    fragment.argumentDefinitions.append(definition)
                    return true
                }
                // Only definitions that parsed: a malformed one is reported once, as malformed.
                diagnostics += unusedVariables(parsed, in: fragment)
            }
            fragment.directives.removeAll { $0.name == "argumentDefinitions" }
            program.fragments[index] = fragment
        }
        let definitions = Dictionary(
            program.fragments.map { ($0.name, $0.argumentDefinitions) }, uniquingKeysWith: { first, _ in first })
        // Each definition with the variables in scope there: a variable passed through
        // `@arguments` must fit the argument's type, as graphql-js checks a variable's position.
        func passingArguments(_ selections: [IRSelection], scope: [String: IRVariableDefinition]) -> [IRSelection] {
            IRProgram.rewrite(selections) { selection in
                guard case .fragmentSpread(var spread) = selection else { return [selection] }
                let passed = spread.directives.filter { $0.name == "arguments" }.flatMap(\.arguments)
                spread.directives.removeAll { $0.name == "arguments" }
                spread.arguments = arguments(
                    passed, to: spread, declared: definitions[spread.name] ?? [], scope: scope, schema: schema,
                    diagnostics: &diagnostics)
                return [.fragmentSpread(spread)]
            }
        }
        for index in program.operations.indices {
            let operation = program.operations[index]
            program.operations[index].selections = passingArguments(
                operation.selections, scope: Dictionary(operation.variables.map { ($0.name, $0) }) { first, _ in first }
            )
        }
        for index in program.fragments.indices {
            let fragment = program.fragments[index]
            diagnostics += misplacedLocalVariables(in: fragment, schema: schema)
            program.fragments[index].selections = passingArguments(
                fragment.selections,
                scope: Dictionary(fragment.argumentDefinitions.map { ($0.name, $0) }) { first, _ in first })
        }
        return TransformOutput(program, diagnostics)
    }

    /// Relay's check of a fragment's local variables: each one is used, unless marked
    /// `unusedLocalVariable_DEPRECATED: true` — and then it must not be.
    private static func unusedVariables(_ definitions: [IRArgument], in fragment: IRFragment) -> [Diagnostic] {
        let used = VariableUsage.names(in: fragment.selections)
            .union(VariableUsage.names(in: fragment.directives.filter { $0.name != definitionsDirective }))
        return definitions.compactMap { definition in
            let markedUnused =
                definition.value.objectFields?.contains {
                    $0.name == "unusedLocalVariable_DEPRECATED" && $0.value == .bool(true)
                } == true
            if markedUnused, used.contains(definition.name) {
                return .error(
                    "Variable `$\(definition.name)` of fragment `\(fragment.name)` is marked as unused using "
                        + "`unusedLocalVariable_DEPRECATED: true`, but is actually used. "
                        + "`unusedLocalVariable_DEPRECATED: true` should be removed.", at: definition.location)
            }
            if !markedUnused, !used.contains(definition.name) {
                return .error(
                    "Variable `$\(definition.name)` is never used in fragment `\(fragment.name)`. "
                        + "`@argumentDefinitions` defines local variables, global variables are implicitly available.",
                    at: definition.location)
            }
            return nil
        }
    }

    private static func definition(
        _ argument: IRArgument, schema: Schema, diagnostics: inout [Diagnostic]
    ) -> IRVariableDefinition? {
        // The type as a string (`{type: "Int"}`) or, as Relay also accepts, a bare name (`{type: Int}`).
        let typeText: String?
        switch (argument.value.objectFields ?? []).first(where: { $0.name == "type" })?.value {
        case .string(let text)?, .enumValue(let text)?: typeText = text
        default: typeText = nil
        }
        guard let fields = argument.value.objectFields, let typeText else {
            diagnostics.append(
                .error(
                    "Expected @argumentDefinitions argument \"\(argument.name)\" to be an object with a string "
                        + "\"type\", e.g. {type: \"Int\", defaultValue: 10}.", at: argument.location))
            return nil
        }
        for field in fields
        where !["type", "defaultValue", "provider", "unusedLocalVariable_DEPRECATED", "directives"].contains(field.name)
        {
            diagnostics.append(
                .error(
                    "Invalid value passed to `@argumentDefinitions`, supported options include `type` and "
                        + "`defaultValue`, got `\(field.name)`", at: argument.location))
        }
        if let directives = fields.first(where: { $0.name == "directives" })?.value {
            diagnostics += ArgumentDefinitionDirectives.check(directives, of: argument, schema: schema)
        }
        var provider: String?
        if let value = fields.first(where: { $0.name == "provider" })?.value {
            guard case .string(let name) = value else {
                diagnostics.append(
                    .error(
                        "Expected the 'provider' value to @argumentDefinitions to be a string literal if provided.",
                        at: argument.location))
                return nil
            }
            if fields.contains(where: { $0.name == "defaultValue" }) {
                diagnostics.append(
                    .error(
                        "Module-provided variable ('\(argument.name)') may not declare a default value",
                        at: argument.location))
            }
            provider = name
        }
        if let suppression = fields.first(where: { $0.name == "unusedLocalVariable_DEPRECATED" }),
            suppression.value != .bool(true)
        {
            diagnostics.append(
                .error(
                    "`unusedLocalVariable_DEPRECATED` can only be set to a constant `true` value. Remove the "
                        + "`unusedLocalVariable_DEPRECATED` or update the value.", at: argument.location))
        }
        guard let type = TypeRef(parsing: typeText) else {
            diagnostics.append(
                .error(
                    "Invalid type \"\(typeText)\" for fragment argument \"\(argument.name)\".", at: argument.location))
            return nil
        }
        guard schema[type.namedType]?.kind.isInput == true else {
            diagnostics.append(
                .error(
                    "Unknown input type \"\(type.namedType)\" for fragment argument \"\(argument.name)\".",
                    at: argument.location))
            return nil
        }
        let defaultValue = fields.first { $0.name == "defaultValue" }?.value
        var definition = IRVariableDefinition(
            name: argument.name, type: type, defaultValue: defaultValue, location: argument.location)
        definition.provider = provider
        return definition
    }

    private static func arguments(
        _ passed: [IRArgument], to spread: IRFragmentSpread, declared: [IRVariableDefinition],
        scope: [String: IRVariableDefinition], schema: Schema, diagnostics: inout [Diagnostic]
    ) -> [IRArgument] {
        var result: [IRArgument] = []
        for argument in passed {
            if let definition = declared.first(where: { $0.name == argument.name }), definition.provider != nil {
                diagnostics.append(
                    .error(
                        "Passing a value to '\(argument.name)' (a provided variable) through @arguments is not supported.",
                        at: argument.location))
                continue
            }
            guard let definition = declared.first(where: { $0.name == argument.name }) else {
                let suggestions = Suggestions.suggestionList(argument.name, declared.map(\.name))
                diagnostics.append(
                    .error(
                        "Fragment \"\(spread.name)\" has no argument \"\(argument.name)\"."
                            + Suggestions.didYouMean(suggestions), at: argument.location))
                continue
            }
            if case .variable(let name) = argument.value, let variable = scope[name],
                let misfit = misfit(variable, in: definition.type, at: argument.location, schema: schema)
            {
                diagnostics.append(misfit)
            }
            var typed = argument
            typed.type = definition.type
            result.append(typed)
        }
        for definition in declared
        where definition.type.isNonNull && definition.defaultValue == nil && definition.provider == nil
            && !passed.contains(where: { $0.name == definition.name })
        {
            diagnostics.append(
                .error(
                    "Fragment \"\(spread.name)\" argument \"\(definition.name)\" of type \"\(definition.type)\" is "
                        + "required, but it was not provided.", at: spread.location))
        }
        return result
    }
}

extension FragmentArgumentsTransform {
    /// The fragment's own variables used where their type does not fit (graphql-js checks the
    /// operation's variables; these are the fragment's).
    fileprivate static func misplacedLocalVariables(in fragment: IRFragment, schema: Schema) -> [Diagnostic] {
        let locals = Dictionary(fragment.argumentDefinitions.map { ($0.name, $0) }) { first, _ in first }
        guard !locals.isEmpty else { return [] }
        var found: [Diagnostic] = []
        func check(_ arguments: [IRArgument]) {
            for argument in arguments {
                guard case .variable(let name) = argument.value, let variable = locals[name],
                    let expected = argument.type,
                    let misfit = misfit(variable, in: expected, at: argument.location, schema: schema)
                else { continue }
                found.append(misfit)
            }
        }
        _ = IRProgram.rewrite(fragment.selections) { selection in
            for directive in selection.directives where directive.name != "arguments" { check(directive.arguments) }
            switch selection {
            case .scalarField(let field): check(field.arguments)
            case .linkedField(let field): check(field.arguments)
            case .inlineFragment, .fragmentSpread, .condition: break
            }
            return [selection]
        }
        return found
    }

    /// The error for a variable used where its type does not fit, by graphql-js's rule: its type
    /// must be a subtype of the expected one, or nullable only because a non-null default stands
    /// in for a missing value.
    fileprivate static func misfit(
        _ variable: IRVariableDefinition, in expected: TypeRef, at location: SourceLocation, schema: Schema
    ) -> Diagnostic? {
        if schema.isSubType(variable.type, of: expected) { return nil }
        if expected.isNonNull, !variable.type.isNonNull, let defaultValue = variable.defaultValue,
            defaultValue != .null, schema.isSubType(variable.type, of: expected.nullable)
        {
            return nil
        }
        return .error(
            "Variable of type '\(variable.type)' cannot be used where '\(expected)' is expected.", at: location)
    }
}

extension IRValue {
    /// The fields of an input object literal; nil for anything else.
    fileprivate var objectFields: [IRObjectField]? {
        if case .object(let fields) = self { fields } else { nil }
    }
}
