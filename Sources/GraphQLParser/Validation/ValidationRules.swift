/// The rule sets the validator runs.
public enum ValidationRules {
    /// graphql-js's `specifiedRules`, in its order: what a GraphQL server checks.
    public static var specified: [any ValidationRule.Type] {
        [
            ExecutableDefinitionsRule.self,
            UniqueOperationNamesRule.self,
            LoneAnonymousOperationRule.self,
            SingleFieldSubscriptionsRule.self,
            KnownTypeNamesRule.self,
            FragmentsOnCompositeTypesRule.self,
            VariablesAreInputTypesRule.self,
            ScalarLeafsRule.self,
            FieldsOnCorrectTypeRule.self,
            UniqueFragmentNamesRule.self,
            KnownFragmentNamesRule.self,
            NoUnusedFragmentsRule.self,
            PossibleFragmentSpreadsRule.self,
            NoFragmentCyclesRule.self,
            UniqueVariableNamesRule.self,
            NoUndefinedVariablesRule.self,
            NoUnusedVariablesRule.self,
            KnownDirectivesRule.self,
            UniqueDirectivesPerLocationRule.self,
            KnownArgumentNamesRule.self,
            UniqueArgumentNamesRule.self,
            ProvidedRequiredArgumentsRule.self,
            VariablesInAllowedPositionRule.self,
            OverlappingFieldsCanBeMergedRule.self,
            UniqueInputFieldNamesRule.self,
            ValuesOfCorrectTypeRule.self,
            MaxIntrospectionDepthRule.self,
        ]
    }

    /// Looks a rule up by its graphql-js name, e.g. `FieldsOnCorrectTypeRule`.
    public static func named(_ name: String) -> (any ValidationRule.Type)? {
        specified.first { $0.name == name }
    }
}
