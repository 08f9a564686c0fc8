/// Extensions of the language a client compiler accepts on top of the spec. The defaults are
/// plain GraphQL; the Relay profile turns on fragment arguments.
public struct ValidationOptions: Sendable {
    /// Directives whose arguments are free-form rather than declared by the schema (Relay's
    /// `@arguments` and `@argumentDefinitions`).
    public var directivesWithUndeclaredArguments: Set<String>
    /// The directive on a fragment definition whose arguments declare variables local to the
    /// fragment (Relay's `@argumentDefinitions`). Those variables belong to the fragment, so the
    /// operations that spread it need not define them.
    public var fragmentVariablesDirective: String?
    /// The directive on a fragment spread that passes values for the fragment's local variables
    /// (Relay's `@arguments`). A spread with it may lead back to its own fragment: the values it
    /// passes can end the recursion, which only applying them shows (Relay's compiler checks
    /// such cycles then).
    public var fragmentArgumentsDirective: String?
    /// Whether `__typename` counts as a field of no particular type when fields sharing a
    /// response key are compared, so it conflicts with another field under that key even on
    /// exclusive object types (Relay's rule; graphql-js compares its parent types).
    public var typenameHasNoParentType = false
    /// After this many errors validation stops with "Too many validation errors, error limit
    /// reached. Validation aborted." (graphql-js's `maxErrors`, and its default). A few hundred
    /// bytes of pathological input can otherwise conflict in millions of ways; `nil` reports all.
    public var maxErrors: Int?
    /// Whether `maxErrors` applies to each source file rather than to the whole run: a file
    /// past the limit stops reporting (with one error saying so) while the others go on, so an
    /// error-ridden file never hides another file's errors. A compiler's choice; graphql-js has
    /// one limit per validation.
    public var limitsErrorsPerSource = false
    /// The fragment names an unknown fragment's message suggests from ("Did you mean …?", as an
    /// unknown field's does): a whole project's, even when only some of its documents are
    /// validated. graphql-js's message has no suggestion: nil, the default.
    public var fragmentNamesToSuggest: [String]?
    /// Directive arguments a document may leave out even where the schema requires them,
    /// because a later stage fills them in (Relay's `label` of `@defer` and `@stream`, made from
    /// the document's name when absent), by directive name.
    public var generatedDirectiveArguments: [String: Set<String>] = [:]
    /// `generatedDirectiveArguments` are known even where the schema's directive does not
    /// declare them: for checking a compiler's output, which adds them (Relay sends `label`
    /// on `@defer` whatever the schema declares). Off for the documents users write.
    public var generatedArgumentsAreKnown = false
    /// Field arguments a document may leave out even where the schema requires them, because a
    /// later stage fills them in on fields carrying a directive (Relay's `supported` of a
    /// `@match` field), by directive name.
    public var fieldArgumentsGeneratedByDirective: [String: Set<String>] = [:]

    public init(
        directivesWithUndeclaredArguments: Set<String> = [], fragmentVariablesDirective: String? = nil,
        fragmentArgumentsDirective: String? = nil, maxErrors: Int? = 100
    ) {
        self.directivesWithUndeclaredArguments = directivesWithUndeclaredArguments
        self.fragmentVariablesDirective = fragmentVariablesDirective
        self.fragmentArgumentsDirective = fragmentArgumentsDirective
        self.maxErrors = maxErrors
    }

    /// The specification's language.
    public static let standard = ValidationOptions()

    /// The names a fragment declares as local variables: in its definition's syntax, or with
    /// `fragmentVariablesDirective`.
    func localVariables(of fragment: FragmentDefinition) -> Set<String> {
        // Fragment variables in the syntax (`ParseOptions.allowsFragmentVariables`).
        var names = Set(fragment.variableDefinitions.map(\.variable.name.value))
        guard let directiveName = fragmentVariablesDirective else { return names }
        for directive in fragment.directives where directive.name.value == directiveName {
            for argument in directive.arguments { names.insert(argument.name.value) }
        }
        return names
    }
}
