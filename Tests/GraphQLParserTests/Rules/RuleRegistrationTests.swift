import Foundation
import GraphQLParser
import Testing

/// What adding a rule takes, checked: every rule file is registered and has a test file. A
/// rule's hooks need no list to keep in step: a rule visits a kind of node by conforming to its
/// visitor protocol, and the validator calls the hooks of exactly those conformances.
@Suite struct RuleRegistrationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Records the hooks the validator calls, in order.
    final class RecordingRule: FieldVisitor, FragmentSpreadVisitor, ValueVisitor {
        static let name = "RecordingRule"
        nonisolated(unsafe) static var calls: [String] = []
        init(context: ValidationContext) {}
        func enterField(_ field: Field) { Self.calls.append("enter field \(field.name.value)") }
        func leaveField(_ field: Field) { Self.calls.append("leave field \(field.name.value)") }
        func enterFragmentSpread(_ spread: FragmentSpread) { Self.calls.append("spread \(spread.name.value)") }
        func leaveValue(_ value: Value) { Self.calls.append("leave value") }
        func finish() { Self.calls.append("finish") }
    }

    @Test func theValidatorCallsTheHooksOfARulesVisitorConformances() {
        let (schema, _) = SchemaBuilder.build([Source("type Query { user(id: ID): User } type User { name: String }")])
        let document = Parser.parse(
            Source(#"query Q { user(id: "1") { name ...F } } fragment F on User { name }"#, name: "Q.graphql")
        ).document
        RecordingRule.calls = []
        _ = Validator.validate([document], schema: schema, rules: [RecordingRule.self])
        #expect(
            RecordingRule.calls == [
                "enter field user", "leave value", "enter field name", "leave field name", "spread F",
                "leave field user", "enter field name", "leave field name", "finish",
            ])
    }

    @Test func everyRuleOfTheRulesFolderIsRegisteredAndTested() throws {
        let folder = Self.repository.appendingPathComponent("Sources/GraphQLParser/Validation/Rules")
        let ruleNames = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
        let registered = ValidationRules.specified.map { $0.name }.sorted()
        #expect(ruleNames == registered)
        let tests = Self.repository.appendingPathComponent("Tests/GraphQLParserTests/Rules")
        for name in ruleNames {
            #expect(
                FileManager.default.fileExists(atPath: tests.appendingPathComponent("\(name)Tests.swift").path),
                "\(name) has no test file")
        }
    }

    @Test func everySDLRuleIsRegisteredAndTested() throws {
        let folder = Self.repository.appendingPathComponent("Sources/GraphQLParser/Validation/SDLRules")
        let ruleNames = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
        #expect(ruleNames.count >= 15)
        #expect(ruleNames == SDLValidator.specifiedRules.map { String(describing: $0) }.sorted())
        let tests = Self.repository.appendingPathComponent("Tests/GraphQLParserTests/Rules")
        for name in ruleNames {
            #expect(
                FileManager.default.fileExists(atPath: tests.appendingPathComponent("\(name)Tests.swift").path),
                "\(name) has no test file")
        }
    }
}
