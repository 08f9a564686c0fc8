import Foundation
import GraphQLParser
import RelayCompiler

/// A project on disk for language service tests: a schema and Swift files under `Sources`, and
/// a workspace compiled once over them. Removed with `remove()`.
struct LanguageTestProject {
    let root: URL
    let configuration: CompilerConfiguration
    let workspace: LanguageWorkspace

    init(
        schema: String, files: [String: String], configure: (inout CompilerConfiguration) -> Void = { _ in }
    ) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("language-\(UUID().uuidString)")
        let sources = root.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try schema.write(to: root.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        for (name, text) in files {
            try text.write(to: sources.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        var configuration = CompilerConfiguration()
        configuration.schemaFiles = [root.appendingPathComponent("schema.graphql").path]
        configuration.sourceDirectories = [sources.path]
        configure(&configuration)
        self.configuration = configuration
        workspace = LanguageWorkspace(configuration: configuration)
        workspace.compile()
    }

    /// The path of `Sources/<name>`.
    func path(_ name: String) -> String { root.appendingPathComponent("Sources/\(name)").path }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// `file`'s text in the workspace with the edits to it applied (lines and columns 1-based,
    /// columns in bytes).
    func applying(_ edits: [TextEdit], to file: String) -> String {
        var bytes = Array((workspace.text(of: file) ?? "").utf8)
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        for edit in edits.filter({ $0.location.file == file }).sorted(by: { $0.location > $1.location }) {
            let start = lineStarts[edit.location.line - 1] + edit.location.column - 1
            let end = lineStarts[edit.location.endLine - 1] + edit.location.endColumn - 1
            bytes.replaceSubrange(start..<end, with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The byte offset, in `file`'s workspace text, of the `occurrence`th `text`, plus `plus`
    /// (1 puts a cursor inside its first name).
    func offset(of text: String, in file: String, occurrence: Int = 1, plus: Int = 1) throws -> Int {
        let contents = Array((workspace.text(of: file) ?? "").utf8)
        let needle = Array(text.utf8)
        var seen = 0
        for start in 0...max(0, contents.count - needle.count)
        where contents[start...].starts(with: needle) {
            seen += 1
            if seen == occurrence { return start + plus }
        }
        throw LookupFailure(text: text, file: file)
    }

    struct LookupFailure: Error {
        let text: String
        let file: String
    }
}
