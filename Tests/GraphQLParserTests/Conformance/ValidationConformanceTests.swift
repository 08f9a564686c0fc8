import GraphQLParser
import Testing

/// Validation against `../shared/conformance`: the corpus's documents (all rules at once) and
/// graphql-js's own rule tests (each case with its one rule). Errors are compared as sets of
/// message + locations. Until every rule exists, the expectations are filtered to the rules
/// that do; the printed counts say how far along that is.
@Suite(.enabled(if: SharedFiles.exists("conformance/corpus.json"), "needs ../shared/conformance"))
struct ValidationConformanceTests {
    static let corpus: JSONValue? = try? SharedFiles.json("conformance/corpus.json")
    static let ruleTests: JSONValue? = try? SharedFiles.json("conformance/graphql-js-validation-tests.json")
    static let implemented = Set(ValidationRules.specified.map { $0.name })

    static func schema(_ sdl: String) -> Schema {
        SchemaBuilder.build([Parser.parse(Source(sdl, name: "schema.graphql")).document])
    }

    /// `message @ line:column, …` for each error, sorted.
    static func describe(_ errors: [ValidationError]) -> [String] {
        errors.map { error in
            let locations = error.locations.map { location -> String in
                let position = location.tree.location(of: location.range)
                return "\(position.line):\(position.column)"
            }
            return "\(error.message) @ \(locations.joined(separator: ", "))"
        }.sorted()
    }

    static func describeExpected(_ errors: [JSONValue]) -> [String] {
        errors.map { error in
            let locations = error["locations"].array.map { "\($0["line"].int ?? 0):\($0["column"].int ?? 0)" }
            return "\(error["message"].string ?? "") @ \(locations.joined(separator: ", "))"
        }.sorted()
    }

    @Test func corpusDocuments() throws {
        let validation = try #require(Self.corpus)["validation"]
        let schema = Self.schema(validation["schema"].string ?? "")
        var failures: [String] = []
        var complete = 0
        let cases = validation["cases"].array
        for testCase in cases {
            let id = testCase["id"].string ?? "?"
            let document = Parser.parse(Source(testCase["document"].string ?? "", name: id)).document
            let expectedErrors = testCase["errors"].array
            let covered = expectedErrors.filter { Self.implemented.contains($0["rule"].string ?? "") }
            if covered.count == expectedErrors.count { complete += 1 }
            let actual = Self.describe(Validator.validationErrors([document], schema: schema))
            let expected = Self.describeExpected(covered)
            if actual != expected {
                failures.append("\(id):\n  expected \(expected)\n  got      \(actual)")
            }
        }
        report(
            "validation documents (rules implemented for \(complete) of them)", passed: cases.count - failures.count,
            of: cases.count, failures)
        #expect(cases.count == 66)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func graphqlJSRuleTests() throws {
        let tests = try #require(Self.ruleTests)
        let schemas = tests["schemas"]
        var built: [String: Schema] = [:]
        var failures: [String] = []
        var run = 0
        let cases = tests["cases"].array
        for testCase in cases where testCase["kind"].string == "executable" {
            let ruleName = testCase["rule"].string ?? ""
            guard let rule = ValidationRules.named(ruleName) else { continue }
            run += 1
            let schemaName = testCase["schema"].string ?? "harness"
            let schema = built[schemaName] ?? Self.schema(schemas[schemaName].string ?? "")
            built[schemaName] = schema
            let document = Parser.parse(Source(testCase["document"].string ?? "", name: "test")).document
            let actual = Self.describe(Validator.validationErrors([document], schema: schema, rules: [rule]))
            let expected = Self.describeExpected(testCase["errors"].array)
            if actual != expected {
                failures.append(
                    "\(ruleName) \(testCase["graphql_js_test"].string ?? ""):\n  expected \(expected)\n  got      \(actual)"
                )
            }
        }
        report(
            "graphql-js executable rule tests (\(run) of \(cases.count) run)", passed: run - failures.count, of: run,
            failures)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
