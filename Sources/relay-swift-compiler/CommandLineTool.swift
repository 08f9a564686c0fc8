import Foundation
import GraphQLParser
import RelayCompiler

/// The `relay-swift-compiler` command line: arguments in, exit code out.
///
/// Exit codes follow the compiler convention: 0 success, 1 errors in the input, 2 usage errors.
/// Output goes through the two sinks so tests can capture it.
struct CommandLineTool {
    static let version = "0.1.0"

    var arguments: [String]
    var standardOutput: (String) -> Void = { print($0) }
    var standardError: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    /// Show code frames and colours (when stderr is a terminal).
    var rendersForTerminal = isatty(STDERR_FILENO) != 0

    static let usage = """
        USAGE: relay-swift-compiler --src <dir> --schema <schema.graphql> [options]
               relay-swift-compiler [--schema <schema.graphql>]... [--print | --check] <file.graphql>...

        With --src, finds the graphql("…") literals of the Swift files under each directory,
        checks them against the schema with graphql-js's rules and Relay's, and writes one
        <Name>.graphql.swift per operation and fragment into a __generated__ folder beside the
        Swift file that defines it (only files whose content changed; stale generated files are
        removed). Every error is reported at its Swift line and column
        (path:line:column: error: message).

        With .graphql files, parses them, reports every error, and prints each document in
        canonical form (graphql-js print()); with --schema, also validates them against it.

        OPTIONS:
          --src DIR      A directory of Swift sources (repeatable).
          --exclude TEXT Skip Swift files whose path contains TEXT (repeatable).
          --schema FILE  A schema or schema-extension file (repeatable).
          --artifact-directory DIR
                         Write all generated files into DIR instead of __generated__ folders.
          --custom-scalar NAME=TYPE
                         The Swift type of a custom scalar, e.g. DateTime=String (repeatable).
          --validate     Write nothing; list missing, outdated and extra generated files and
                         exit 1 if there are any (for CI).
          --print        Print the canonical form of each document (the default).
          --check        Only report errors; print nothing but the summary.
          --version      Show the version.
          -h, --help     Show this help.
        """

    func run() -> Int32 {
        var printsDocuments = true
        var files: [String] = []
        var schemaFiles: [String] = []
        var sourceDirectories: [String] = []
        var excludes: [String] = []
        var customScalars: [String: String] = [:]
        var artifactDirectory: String?
        var validatesOnly = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--src", "--exclude":
                guard let value = remaining.popFirst() else {
                    standardError("error: \(argument) needs a value\n\n\(Self.usage)")
                    return 2
                }
                if argument == "--src" { sourceDirectories.append(value) } else { excludes.append(value) }
            case "--artifact-directory":
                guard let value = remaining.popFirst() else {
                    standardError("error: --artifact-directory needs a directory\n\n\(Self.usage)")
                    return 2
                }
                artifactDirectory = value
            case "--custom-scalar":
                let parts = remaining.popFirst()?.split(separator: "=", maxSplits: 1).map(String.init) ?? []
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    standardError("error: --custom-scalar needs NAME=TYPE, e.g. DateTime=String\n\n\(Self.usage)")
                    return 2
                }
                customScalars[parts[0]] = parts[1]
            case "--schema":
                guard let file = remaining.popFirst() else {
                    standardError("error: --schema needs a file\n\n\(Self.usage)")
                    return 2
                }
                schemaFiles.append(file)
            case "-h", "--help":
                standardOutput(Self.usage)
                return 0
            case "--version":
                standardOutput("relay-swift-compiler \(Self.version)")
                return 0
            case "--validate": validatesOnly = true
            case "--print": printsDocuments = true
            case "--check": printsDocuments = false
            default:
                if argument.hasPrefix("-") {
                    standardError("error: unknown option '\(argument)'\n\n\(Self.usage)")
                    return 2
                }
                files.append(argument)
            }
        }
        if !sourceDirectories.isEmpty {
            guard !schemaFiles.isEmpty else {
                standardError("error: --src needs --schema\n\n\(Self.usage)")
                return 2
            }
            return compile(
                Pipeline(
                    schemaFiles: schemaFiles, sourceDirectories: sourceDirectories, excludes: excludes,
                    customScalars: customScalars, artifactDirectory: artifactDirectory), validatesOnly: validatesOnly)
        }
        guard !files.isEmpty else {
            standardError("error: no input files\n\n\(Self.usage)")
            return 2
        }
        let started = Date()
        var diagnostics: [Diagnostic] = []
        var texts: [String: LineTable] = [:]
        func read(_ path: String) -> Source? {
            guard let data = FileManager.default.contents(atPath: path) else {
                diagnostics.append(.error("cannot read '\(path)'", at: nil))
                return nil
            }
            let text = String(decoding: data, as: UTF8.self)
            texts[path] = LineTable(text)
            return Source(text, name: path)
        }
        let schemaSources = schemaFiles.compactMap(read)
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
                renderer.render(diagnostic) { file, line in texts[file]?.lineText(line) })
        }
        let errorCount = diagnostics.filter { $0.severity == .error }.count
        let definitionCount = results.reduce(0) { $0 + $1.document.definitions.count }
        if printsDocuments, errorCount == 0 {
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

    /// Runs the compiler pipeline and reports its diagnostics and a one-line summary.
    private func compile(_ pipeline: Pipeline, validatesOnly: Bool) -> Int32 {
        let started = Date()
        let result = pipeline.run()
        var lineTables: [String: LineTable] = [:]
        let renderer = rendersForTerminal ? DiagnosticRenderer.terminal : DiagnosticRenderer.plain
        for diagnostic in result.diagnostics {
            standardError(
                renderer.render(diagnostic) { file, line in
                    if lineTables[file] == nil {
                        lineTables[file] = FileManager.default.contents(atPath: file).map {
                            LineTable(utf8: Array($0))
                        }
                    }
                    return lineTables[file]?.lineText(line)
                })
        }
        var errorCount = result.diagnostics.filter { $0.severity == .error }.count
        var written = ""
        if errorCount == 0, validatesOnly {
            let differences = ArtifactWriter(outputDirectories: result.outputFolders).differences(
                from: result.artifacts)
            for path in differences.missing { standardError("\(path): error: generated file is missing") }
            for path in differences.outdated { standardError("\(path): error: generated file is out of date") }
            for path in differences.extra { standardError("\(path): error: generated file is no longer produced") }
            let count = differences.missing.count + differences.outdated.count + differences.extra.count
            errorCount += count
            written = count == 0 ? "; artifacts up to date" : "; \(count) artifact(s) not up to date"
        } else if errorCount == 0 {
            let report = ArtifactWriter(outputDirectories: result.outputFolders).write(result.artifacts)
            for diagnostic in report.diagnostics { standardError(renderer.render(diagnostic) { _, _ in nil }) }
            errorCount += report.diagnostics.count
            written =
                "; artifacts: \(report.written.count) written, \(report.unchanged.count) unchanged, "
                + "\(report.deleted.count) deleted"
        }
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        let errors = errorCount == 1 ? "1 error" : "\(errorCount) errors"
        standardError(
            "Checked \(result.documents.count) graphql literal(s) in \(result.swiftFileCount) Swift file(s): "
                + "\(errors)\(written) in \(milliseconds) ms.")
        return errorCount > 0 ? 1 : 0
    }
}
