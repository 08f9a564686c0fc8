import GraphQLParser
import Testing

/// Validation against `../shared/conformance`: the corpus's documents (all rules at once), its
/// SDL and schema cases, and graphql-js's own rule tests (each case with its one rule). Errors
/// are compared as sets of message + locations.
@Suite(.enabled(if: SharedFiles.exists("conformance/corpus.json"), "needs ../shared/conformance"))
struct ValidationConformanceTests {
    static let corpus: JSONValue? = try? SharedFiles.json("conformance/corpus.json")
    static let ruleTests: JSONValue? = try? SharedFiles.json("conformance/graphql-js-validation-tests.json")

    static func schema(_ sdl: String) -> Schema {
        SchemaBuilder.build([Parser.parse(Source(sdl, name: "schema.graphql")).document])
    }

    /// `message @ line:column, …` for each error, sorted. `graphqlCoreLines` reproduces how
    /// graphql-core 3.2 (the oracle of corpus.json) numbers a position at the very start of a
    /// line: as one past the end of the line before (it splits the text before the position
    /// into lines, and a trailing line break adds no line). graphql-js's own tests, and our
    /// diagnostics, say line N, column 1. See docs/CONFORMANCE.md.
    static func describe(_ errors: [ValidationError], graphqlCoreLines: Bool = false) -> [String] {
        errors.map { error in
            let locations = error.locations.map { location -> String in
                let position = location.tree.location(of: location.range)
                if graphqlCoreLines, position.column == 1, position.line > 1,
                    let previous = location.tree.lineTable.lineText(position.line - 1)
                {
                    return "\(position.line - 1):\(previous.unicodeScalars.count + 1)"
                }
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
        let cases = validation["cases"].array
        for testCase in cases {
            let id = testCase["id"].string ?? "?"
            let document = Parser.parse(Source(testCase["document"].string ?? "", name: id)).document
            let actual = Self.describe(Validator.validationErrors([document], schema: schema), graphqlCoreLines: true)
            let expected = Self.describeExpected(testCase["errors"].array)
            if actual != expected {
                failures.append("\(id):\n  expected \(expected)\n  got      \(actual)")
            }
        }
        report("validation documents (all rules)", passed: cases.count - failures.count, of: cases.count, failures)
        #expect(cases.count == 66)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func sdlValidation() throws {
        let cases = try #require(Self.corpus)["sdl_validation"].array
        var failures: [String] = []
        for testCase in cases {
            let id = testCase["id"].string ?? "?"
            let document = Parser.parse(Source(testCase["sdl"].string ?? "", name: id)).document
            let actual = Self.describe(SDLValidator.validationErrors([document]), graphqlCoreLines: true)
            let expected = Self.describeExpected(testCase["errors"].array)
            if actual != expected {
                failures.append("\(id):\n  expected \(expected)\n  got      \(actual)")
            }
        }
        report("SDL validation", passed: cases.count - failures.count, of: cases.count, failures)
        #expect(cases.count == 15)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func schemaValidation() throws {
        let cases = try #require(Self.corpus)["schema_validation"].array
        var failures: [String] = []
        for testCase in cases {
            let id = testCase["id"].string ?? "?"
            let document = Parser.parse(Source(testCase["sdl"].string ?? "", name: id)).document
            let sdlErrors = SDLValidator.validationErrors([document])
            let errors = SchemaValidator.validationErrors(SchemaBuilder.build([document]))
            let actual = Self.describe(sdlErrors + errors, graphqlCoreLines: true)
            let expected = Self.describeExpected(testCase["errors"].array)
            if actual != expected {
                failures.append("\(id):\n  expected \(expected)\n  got      \(actual)")
            }
        }
        report("schema validation", passed: cases.count - failures.count, of: cases.count, failures)
        #expect(cases.count == 7)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func graphqlJSRuleTests() throws {
        let tests = try #require(Self.ruleTests)
        let schemas = tests["schemas"]
        var built: [String: Schema] = [:]
        var failures: [String] = []
        var run = 0
        let cases = tests["cases"].array
        for testCase in cases {
            let ruleName = testCase["rule"].string ?? ""
            let document = Parser.parse(Source(testCase["document"].string ?? "", name: "test")).document
            let errors: [ValidationError]
            if testCase["kind"].string == "sdl" {
                guard let rule = SDLValidator.rule(named: ruleName) else { continue }
                errors = SDLValidator.validationErrors([document], rules: [rule])
            } else {
                guard let rule = ValidationRules.named(ruleName) else { continue }
                let schemaName = testCase["schema"].string ?? "harness"
                let schema = built[schemaName] ?? Self.schema(schemas[schemaName].string ?? "")
                built[schemaName] = schema
                errors = Validator.validationErrors([document], schema: schema, rules: [rule])
            }
            run += 1
            let actual = Self.describe(errors)
            let expected = Self.describeExpected(testCase["errors"].array)
            if actual != expected {
                failures.append(
                    "\(ruleName) \(testCase["graphql_js_test"].string ?? ""):\n  expected \(expected)\n  got      \(actual)"
                )
            }
        }
        report(
            "graphql-js rule tests (\(run) of \(cases.count) run)", passed: run - failures.count, of: run,
            failures)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
