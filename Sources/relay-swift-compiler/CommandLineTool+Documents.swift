import Foundation
import GraphQLParser
import RelayCompiler

extension CommandLineTool {
    /// Parses `files` (and validates them against the schema of `schemaFiles`, if any),
    /// reports every error, and prints each document in canonical form when `prints`.
    func checkDocuments(_ files: [String], schemaFiles: [String], prints: Bool) -> Int32 {
        let started = Date()
        var diagnostics: [Diagnostic] = []
        var texts: [String: LineTable] = [:]
        func read(_ path: String) -> Source? {
            guard let data = FileManager.default.contents(atPath: path) else {
                diagnostics.append(.error("cannot read '\(path)': \(SourceDiscovery.whyUnreadable(path))", at: nil))
                return nil
            }
            let text = String(decoding: data, as: UTF8.self)
            texts[path] = LineTable(text)
            return Source(text, name: path)
        }
        let schemaSources = schemaFiles.compactMap(read).compactMap { source -> Source? in
            do throws(Diagnostic) {
                return Source(try IntrospectionSchema.schemaText(source.text, path: source.name), name: source.name)
            } catch {
                diagnostics.append(error)
                return nil
            }
        }
        let documentSources = files.compactMap(read)
        let results = documentSources.map { Parser.parse($0) }
        diagnostics += results.flatMap(\.diagnostics)
        if !schemaSources.isEmpty {
            let (schema, schemaDiagnostics) = SchemaLoader.load(schemaSources)
            diagnostics += schemaDiagnostics
            diagnostics += Validator.validate(results.map(\.document), schema: schema)
        }
        let renderer = rendersForTerminal ? DiagnosticRenderer.terminal : DiagnosticRenderer.plain
        for diagnostic in diagnostics.sortedByLocation() {
            standardError(
                renderer.render(diagnostic) { file, line in texts[file]?.codeFrameText(line) })
        }
        let errorCount = diagnostics.filter { $0.severity == .error }.count
        let definitionCount = results.reduce(0) { $0 + $1.document.definitions.count }
        if prints, errorCount == 0 {
            for result in results {
                standardOutput(Printer.print(result.document) + "\n")
            }
        }
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        let errors = errorCount == 1 ? "1 error" : "\(errorCount) errors"
        standardError(
            "Parsed \(files.count) file(s), \(definitionCount) definition(s), \(errors) in \(milliseconds) ms.")
        return errorCount > 0 ? 1 : 0
    }
}
