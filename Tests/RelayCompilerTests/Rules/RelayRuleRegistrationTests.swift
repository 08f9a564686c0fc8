import Foundation
import RelayCompiler
import Testing

/// Every Relay rule the compiler defines runs in its validation and has a test file of its own
/// (graphql-js's rules are checked the same way by the parser's `RuleRegistrationTests`).
@Suite struct RelayRuleRegistrationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyRelayRuleIsRegisteredAndTested() throws {
        var ruleNames: [String] = []
        for folder in ["Sources/RelayCompiler/Validation", "Sources/RelayCompiler/Naming"] {
            let directory = Self.repository.appendingPathComponent(folder)
            ruleNames += try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix("Rule.swift") }.map { String($0.dropLast(".swift".count)) }
        }
        #expect(ruleNames.count >= 6)
        let registered = Set(RelayValidation.allRules.map { $0.name })
        let tests = Self.repository.appendingPathComponent("Tests/RelayCompilerTests/Rules")
        for name in ruleNames.sorted() {
            #expect(registered.contains(name), "\(name) is not among RelayValidation.allRules")
            #expect(
                FileManager.default.fileExists(atPath: tests.appendingPathComponent("\(name)Tests.swift").path),
                "\(name) has no test file")
        }
    }
}
