import GraphQLParser
import Testing

/// The harness for testing one validation rule: `expectValid` and `expectErrors` run a rule alone
/// over a document against `RuleHarness.schema`, a small schema of our own with every kind of
/// type (a pet shelter), so a rule's test file holds only its cases.
enum RuleHarness {
    static let schemaText = """
        directive @onField on FIELD
        directive @onQuery on QUERY
        directive @repeatable repeatable on FIELD
        directive @withArgs(required: Int!, optional: String) on FIELD | FRAGMENT_SPREAD

        schema { query: Query mutation: Mutation subscription: Subscription }

        interface Node { id: ID! }
        interface Pet { name(surname: Boolean): String owner: Human }
        enum Size { SMALL MEDIUM LARGE }
        enum Mood { HAPPY GRUMPY }
        scalar Date

        type Dog implements Pet & Node {
          id: ID!
          name(surname: Boolean): String
          owner: Human
          barks: Boolean
          size: Size
          knows(command: String!, times: Int = 1): Boolean
          isAtLocation(x: Int, y: Int): Boolean
          born: Date
        }

        type Cat implements Pet & Node {
          id: ID!
          name(surname: Boolean): String
          owner: Human
          meows: Boolean
          mood: Mood
        }

        type Human implements Node {
          id: ID!
          name: String
          pets(first: Int, size: Size): [Pet!]
          bestFriend: Human
        }

        union CatOrDog = Cat | Dog

        input Filter { size: Size, names: [String!], nested: Filter, limit: Int! = 10 }

        type Query {
          dog: Dog
          cat: Cat
          pet: Pet
          catOrDog: CatOrDog
          human(id: ID!): Human
          node(id: ID!): Node
          pets(filter: Filter, first: Int = 10): [Pet]
          count(min: Int, max: Float, exact: Boolean, label: String): Int
        }

        type Mutation { adopt(petID: ID!, filter: Filter): Pet }
        type Subscription { petAdopted: Pet, humanJoined: Human }
        """

    static let schema = SchemaLoader.load([Source(schemaText, name: "rule-harness.graphql")]).schema

    /// The rule's diagnostics for `document`, as `line:column: message`.
    static func errors(_ rule: any ValidationRule.Type, _ document: String) -> [String] {
        let parsed = Parser.parse(Source(document, name: "case.graphql"))
        #expect(parsed.diagnostics.isEmpty, "the case does not parse: \(parsed.diagnostics)")
        return Validator.validate([parsed.document], schema: schema, rules: [rule]).map { diagnostic in
            let position = diagnostic.location.map { "\($0.line):\($0.column): " } ?? ""
            return position + diagnostic.message
        }
    }
}

/// Records an issue unless `rule` finds nothing wrong with `document`.
func expectValid(
    _ rule: any ValidationRule.Type, _ document: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let errors = RuleHarness.errors(rule, document)
    #expect(errors.isEmpty, "\(rule.name) reported \(errors)", sourceLocation: sourceLocation)
}

/// Records an issue unless `rule` reports exactly `expected` (`line:column: message`, in order).
func expectErrors(
    _ rule: any ValidationRule.Type, _ document: String, _ expected: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect(!expected.isEmpty, "use expectValid for a valid case", sourceLocation: sourceLocation)
    #expect(RuleHarness.errors(rule, document) == expected, sourceLocation: sourceLocation)
}
