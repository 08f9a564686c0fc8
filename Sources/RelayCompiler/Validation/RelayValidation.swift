import GraphQLParser

/// The checks the compiler runs on a project's documents: graphql-js's rules, except that an
/// unused fragment is fine (another file may spread it, as in Relay) and Relay directives not
/// compiled yet say so, plus Relay's own rules; with fragment arguments (`@arguments`,
/// `@argumentDefinitions`) as a language extension.
public enum RelayValidation {
    public static var rules: [any ValidationRule.Type] { rules(requiringFileNamePrefix: true) }

    /// Every Relay rule, those `OptionalChecks` turn on included.
    public static var allRules: [any ValidationRule.Type] { rules + [CustomScalarLiteralsRule.self] }

    /// The rules, with or without the file-name prefix of definition names (relay.json's
    /// `requireFileNamePrefix`), and those of the optional checks turned on.
    public static func rules(requiringFileNamePrefix: Bool, checks: OptionalChecks) -> [any ValidationRule.Type] {
        rules(requiringFileNamePrefix: requiringFileNamePrefix)
            + (checks.strictCustomScalars ? [CustomScalarLiteralsRule.self] : [])
    }

    /// The rules, with or without the file-name prefix of definition names (relay.json's
    /// `requireFileNamePrefix`).
    public static func rules(requiringFileNamePrefix: Bool) -> [any ValidationRule.Type] {
        ValidationRules.specified.filter { $0 != NoUnusedFragmentsRule.self && $0 != KnownDirectivesRule.self } + [
            RelayKnownDirectivesRule.self,
            requiringFileNamePrefix ? RelayNamingRule.self : RelayNamingRuleWithoutFilePrefix.self,
            NoReservedAliasesRule.self,
            NoTypenameOnRootRule.self,
            RelayVariableDefinitionsRule.self,
            NarrowedTypeOverlapRule.self,
            MatchSelectionsRule.self,
        ]
    }

    public static let options: ValidationOptions = {
        var options = ValidationOptions(
            directivesWithUndeclaredArguments: ["arguments", "argumentDefinitions"],
            fragmentVariablesDirective: "argumentDefinitions", fragmentArgumentsDirective: "arguments")
        options.typenameHasNoParentType = true
        // One file's errors never hide another's.
        options.limitsErrorsPerSource = true
        // `DeferStreamTransform` labels every `@defer` and `@stream` that has no label.
        options.generatedDirectiveArguments = ["defer": ["label"], "stream": ["label"]]
        // `MatchTransform` gives a `@match` field its `supported` types.
        options.fieldArgumentsGeneratedByDirective = ["match": ["supported"]]
        return options
    }()

    /// Validates every document of a project against the schema; all errors, ordered by file,
    /// line and column. A misspelled spread names the fragments it may have meant among
    /// `fragmentNames` (the whole project's, when only some documents are validated; by
    /// default those of `documents`).
    public static func validate(
        _ documents: [Document], schema: Schema, fragmentNames: [String]? = nil, requiresFileNamePrefix: Bool = true,
        checks: OptionalChecks = OptionalChecks()
    ) -> [Diagnostic] {
        var options = options
        options.fragmentNamesToSuggest = fragmentNames ?? Self.fragmentNames(in: documents)
        return Validator.validate(
            documents, schema: schema, rules: rules(requiringFileNamePrefix: requiresFileNamePrefix, checks: checks),
            options: options)
    }

    /// The names of the fragments `documents` define.
    public static func fragmentNames(in documents: [Document]) -> [String] {
        documents.flatMap { document in
            document.definitions.compactMap { definition -> String? in
                guard case .fragment(let fragment) = definition else { return nil }
                return fragment.name.value
            }
        }
    }
}
