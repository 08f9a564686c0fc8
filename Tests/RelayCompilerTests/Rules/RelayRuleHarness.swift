import GraphQLParser
import RelayCompiler
import Testing

/// The harness for one of Relay's validation rules: `expectRelayValid` and `expectRelayErrors`
/// run the rule alone, with the compiler's validation options (fragment arguments), over a
/// document against a small schema of our own with Relay's directives added, so a rule's test
/// file holds only its cases.
enum RelayRuleHarness {
    static let schema = RelaySchema.load([
        Source(
            """
            interface Node { id: ID! }
            interface Pet { name: String owner: Human }
            type Dog implements Pet & Node { id: ID! name: String owner: Human barks: Boolean }
            type Cat implements Pet & Node { id: ID! name: String owner: Human meows: Boolean }
            type Human implements Node { id: ID! name: String pets: [Pet!] bestFriend: Human }
            type Shelter { name: String }
            union CatOrDog = Cat | Dog
            type Query { dog: Dog pet: Pet node(id: ID!): Node catOrDog: CatOrDog human: Human count(min: Int): Int }
            scalar Date
            input Stay { from: Date!, nights: Int }
            directive @since(date: Date) on FIELD
            extend type Query { visits(on: Date, days: [Date!], stay: Stay): Int }
            type Mutation { adopt(petID: ID!): Pet }
            type Subscription { petAdopted: Pet }
            """, name: "relay-rule-harness.graphql")
    ]).schema

    /// The rule's diagnostics for `document`, as `line:column: message`.
    static func errors(_ rule: any ValidationRule.Type, _ document: String) -> [String] {
        let parsed = Parser.parse(Source(document, name: "case.graphql"))
        #expect(parsed.diagnostics.isEmpty, "the case does not parse: \(parsed.diagnostics)")
        return Validator.validate([parsed.document], schema: schema, rules: [rule], options: RelayValidation.options)
            .map { diagnostic in
                let position = diagnostic.location.map { "\($0.line):\($0.column): " } ?? ""
                return position + diagnostic.message
            }
    }
}

/// Records an issue unless `rule` finds nothing wrong with `document`.
func expectRelayValid(
    _ rule: any ValidationRule.Type, _ document: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let errors = RelayRuleHarness.errors(rule, document)
    #expect(errors.isEmpty, "\(rule.name) reported \(errors)", sourceLocation: sourceLocation)
}

/// Records an issue unless `rule` reports exactly `expected` (`line:column: message`, in order).
func expectRelayErrors(
    _ rule: any ValidationRule.Type, _ document: String, _ expected: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect(!expected.isEmpty, "use expectRelayValid for a valid case", sourceLocation: sourceLocation)
    #expect(RelayRuleHarness.errors(rule, document) == expected, sourceLocation: sourceLocation)
}
