import GraphQLParser
import Testing

/// The harness for testing one SDL rule (`SDLValidationRule`): `expectSDLValid` and
/// `expectSDLErrors` run the rule alone over type-system documents, as `RuleHarness` does for
/// executable rules, so a rule's test file holds only its cases.
enum SDLRuleHarness {
    /// The rule's diagnostics for `documents` (one source each), as `line:column: message`.
    static func errors(_ rule: any SDLValidationRule.Type, _ documents: [String]) -> [String] {
        let parsed = documents.enumerated().map { index, text in
            Parser.parse(Source(text, name: "case\(index).graphql"))
        }
        #expect(parsed.allSatisfy { $0.diagnostics.isEmpty }, "a case does not parse: \(parsed.map(\.diagnostics))")
        return SDLValidator.validate(parsed.map(\.document), rules: [rule]).map { diagnostic in
            let position = diagnostic.location.map { "\($0.line):\($0.column): " } ?? ""
            return position + diagnostic.message
        }
    }
}

/// Records an issue unless `rule` finds nothing wrong with the documents (a schema, then its
/// extensions).
func expectSDLValid(
    _ rule: any SDLValidationRule.Type, _ documents: String...,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let errors = SDLRuleHarness.errors(rule, documents)
    #expect(errors.isEmpty, "\(rule.name) reported \(errors)", sourceLocation: sourceLocation)
}

/// Records an issue unless `rule` reports exactly `expected` (`line:column: message`, in order)
/// for the documents.
func expectSDLErrors(
    _ rule: any SDLValidationRule.Type, _ documents: [String], _ expected: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect(!expected.isEmpty, "use expectSDLValid for a valid case", sourceLocation: sourceLocation)
    #expect(SDLRuleHarness.errors(rule, documents) == expected, sourceLocation: sourceLocation)
}
