import Foundation
import GraphQLParser
import Testing

/// What adding a rule takes, checked: the validator calls a rule's hooks only for the node kinds
/// its `visits` lists, so a hook implemented but not listed would never run; and every rule file
/// is registered and has a test file. (Hooks cannot be listed by reflection, so the rule sources
/// are read.)
@Suite struct RuleRegistrationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let ruleFolders = [
        "Sources/GraphQLParser/Validation/Rules", "Sources/RelayCompiler/Validation", "Sources/RelayCompiler/Naming",
    ]

    /// Every `ValidationRule` source file's text, by file name.
    static func ruleSources() throws -> [(file: String, text: String)] {
        try ruleFolders.flatMap { folder in
            let directory = repository.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                .filter { $0.hasSuffix(".swift") }
                .map { (file: $0, text: try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)) }
                .filter { $0.text.contains(": ValidationRule {") }
        }
    }

    /// `enterField` / `leaveField` → `field`: the `ValidationHooks` member a hook belongs to.
    static func hookGroup(_ method: Substring) -> String {
        let name = method.dropFirst(5)  // "enter" and "leave" have five letters
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    @Test func everyImplementedHookIsListedInVisits() throws {
        let sources = try Self.ruleSources()
        #expect(sources.count >= 30)
        for (file, text) in sources {
            guard let visitsLine = text.split(separator: "\n").first(where: { $0.contains("static let visits") }) else {
                continue  // no `visits`: the default, every hook
            }
            let listed = Set(visitsLine.matches(of: /\.(\w+)/).map { String($0.output.1) })
            guard !listed.contains("all") else { continue }
            let implemented = Set(
                text.matches(of: /func ((?:enter|leave)\w+)\(/).map { Self.hookGroup($0.output.1) })
            let unlisted = implemented.subtracting(listed)
            #expect(unlisted.isEmpty, "\(file) implements hooks for \(unlisted.sorted()) but its visits omits them")
        }
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
