import Foundation
import GraphQLParser
import RelayCompiler
import TestSupport
import Testing

/// The validation error limit applies to each file: 500 seeded documents over the GitHub schema,
/// a fifth of them invalid in one of several ways, compiled in one run — every invalid file is
/// reported at its own line (more than the 100 errors a run-wide limit would stop at) and no
/// valid one is.
@Suite(.enabled(if: RelayFixtureCorpus.sharedFileExists("workloads/github-schema.graphql")))
struct ErrorLimitPerDocumentTests {
    /// A document of the generated project: its Swift text, and the Swift line of its error.
    struct GeneratedFile {
        var name: String
        var text: String
        var errorLine: Int?
    }

    @Test func everyInvalidFileIsReportedAtItsOwnLineAndNoValidOne() throws {
        let schemaText = try String(
            contentsOf: RelayFixtureCorpus.sharedFile("workloads/github-schema.graphql"), encoding: .utf8)
        let (schema, schemaDiagnostics) = RelaySchema.load([Source(schemaText, name: "github-schema.graphql")])
        #expect(!schemaDiagnostics.containsErrors)
        var generator = DocumentGenerator(schema: schema, random: SeededRandom(seed: 0x5EED_0500))
        let files = (0..<500).map { generator.file(index: $0, invalid: $0 % 5 == 3) }

        var pipeline = Pipeline(schemaFiles: ["/project/schema.graphql"], sourceDirectories: ["/project/Sources"])
        pipeline.loadedSchema = schema
        pipeline.swiftFiles = files.map { "/project/Sources/\($0.name)" }
        pipeline.inMemoryFiles = Dictionary(
            uniqueKeysWithValues: files.map { ("/project/Sources/\($0.name)", $0.text) })
        let diagnostics = pipeline.run().diagnostics.filter { $0.severity == .error }

        let invalid = files.filter { $0.errorLine != nil }
        #expect(invalid.count == 100)
        #expect(diagnostics.count > 150, "a run-wide limit of 100 would have hidden some of these")
        var linesByFile: [String: Set<Int>] = [:]
        for diagnostic in diagnostics {
            let file = diagnostic.location.map { ($0.file as NSString).lastPathComponent } ?? "(no file)"
            linesByFile[file, default: []].insert(diagnostic.location?.line ?? 0)
        }
        for file in files {
            if let line = file.errorLine {
                #expect(
                    linesByFile[file.name]?.contains(line) == true,
                    "\(file.name): expected an error at line \(line)\n\(file.text)")
            } else {
                #expect(linesByFile[file.name] == nil, "\(file.name) is valid:\n\(file.text)")
            }
        }
        #expect(
            linesByFile["(no file)"] == nil, "an error without a file: \(diagnostics.filter { $0.location == nil })")
    }
}

/// Seeded queries over a schema: fields chosen at random (those whose required arguments take
/// a literal), two levels deep; an invalid document gets one mistake on a line of its own.
struct DocumentGenerator {
    let schema: Schema
    var random: SeededRandom

    mutating func file(index: Int, invalid: Bool) -> ErrorLimitPerDocumentTests.GeneratedFile {
        let name = "Doc\(index)"
        var lines = ["query \(name)Query($login: String!) {", "  user(login: $login) {"]
        lines += selections(on: "User", depth: 2, indent: "    ")
        lines += ["  }", "}"]
        var errorLine: Int?
        if invalid {
            // Two errors on the line (one for the syntax error), so the run has more than 100.
            let mistakes = [
                "    notAFieldOfUser\(index) alsoNotAField\(index)",
                "    login(notAnArgument: 1, alsoNotAnArgument: 2)",
                "    repositories(first: \"ten\", last: \"five\") { totalCount }",
                "    login { length } name { length }",
                "    repositories(first: 2 { totalCount }",
                "    ...UnknownFragment\(index) ...AlsoUnknown\(index)",
                "    followers(first: $undefinedVariable, last: $alsoUndefined) { totalCount }",
                "    ... on Repository { name } ... on Issue { title }",
            ]
            let mistake = mistakes[index / 5 % mistakes.count]
            // After `user(login:) {` and the first generated selection.
            lines.insert(mistake, at: 3)
            errorLine = 4 + 3
        }
        let body = lines.map { "    " + $0 }.joined(separator: "\n")
        let text = "import Relay\n\nlet d0 = graphql(\"\"\"\n\(body)\n    \"\"\")\n"
        return .init(name: name + ".swift", text: text, errorLine: errorLine)
    }

    /// Up to four fields of `typeName`, nested `depth` levels at most.
    mutating func selections(on typeName: String, depth: Int, indent: String) -> [String] {
        guard let type = schema[typeName] else { return [indent + "__typename"] }
        let candidates = type.fields.filter { field in
            field.arguments.allSatisfy { !$0.type.isNonNull || literal(for: $0.type) != nil }
                && (depth > 0 || schema[field.type.namedType]?.kind.isLeaf == true)
                && schema[field.type.namedType]?.kind != .union && field.deprecationReason == nil
        }
        guard !candidates.isEmpty else { return [indent + "__typename"] }
        var lines: [String] = [indent + "__typename"]
        var used: Set<String> = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard let field = candidates.randomElement(using: &random), used.insert(field.name).inserted else {
                continue
            }
            let arguments = field.arguments.filter(\.type.isNonNull).compactMap { argument in
                literal(for: argument.type).map { "\(argument.name): \($0)" }
            }
            let head = indent + field.name + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
            guard let fieldType = schema[field.type.namedType], fieldType.kind.isComposite else {
                lines.append(head)
                continue
            }
            let nested =
                fieldType.kind == .object
                ? selections(on: fieldType.name, depth: depth - 1, indent: indent + "  ")
                : [indent + "  __typename"]
            lines += [head + " {"] + nested + [indent + "}"]
        }
        return lines
    }

    /// A literal for a required argument's type, when it is a scalar or an enum.
    func literal(for type: TypeRef) -> String? {
        guard case .named(let name) = type.nullable, let named = schema[name] else { return nil }
        switch name {
        case "Int": return "2"
        case "Float": return "1.5"
        case "Boolean": return "true"
        case "String", "ID": return "\"x\""
        default: return named.kind == .enumType ? named.enumValues.first?.name : nil
        }
    }
}

/// One file past the limit stops at it, says so at its start, and hides nothing of the others.
struct ErrorLimitPerFileTests {
    @Test func aFilePastTheLimitStopsAloneAndSaysSo() throws {
        let schema = RelaySchema.load([Source("type Query { a: Int }", name: "schema.graphql")]).schema
        let manyMistakes = (0..<150).map { "b\($0)" }.joined(separator: " ")
        let documents = [
            Parser.parse(Source("query NoisyQuery { \(manyMistakes) }", name: "Noisy.swift")).document,
            Parser.parse(Source("query QuietQuery { c }", name: "Quiet.swift")).document,
        ]
        let errors = RelayValidation.validate(documents, schema: schema)
        let noisy = errors.filter { $0.location?.file == "Noisy.swift" }
        #expect(noisy.count == 101)
        #expect(
            noisy.first?.message
                == "Too many validation errors in this file, error limit reached. Validation of the file aborted.")
        #expect(noisy.first?.location?.line == 1 && noisy.first?.location?.column == 1)
        #expect(
            errors.filter { $0.location?.file == "Quiet.swift" }.map(\.message) == [
                #"Cannot query field "c" on type "Query". Did you mean "a"?"#
            ])
    }
}
