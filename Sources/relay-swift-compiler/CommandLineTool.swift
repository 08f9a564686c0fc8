import Foundation
import GraphQLParser

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
        USAGE: relay-swift-compiler [--print | --check] <file.graphql>...

        Parses GraphQL documents, reports every syntax error as path:line:column: error: message,
        and prints each document in canonical form (graphql-js print()). Compiling graphql(...)
        literals in Swift sources into __generated__ files is being built (see docs/).

        OPTIONS:
          --print        Print the canonical form of each document (the default).
          --check        Only report errors; print nothing but the summary.
          --version      Show the version.
          -h, --help     Show this help.
        """

    func run() -> Int32 {
        var printsDocuments = true
        var files: [String] = []
        for argument in arguments {
            switch argument {
            case "-h", "--help":
                standardOutput(Self.usage)
                return 0
            case "--version":
                standardOutput("relay-swift-compiler \(Self.version)")
                return 0
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
        guard !files.isEmpty else {
            standardError("error: no input files\n\n\(Self.usage)")
            return 2
        }
        let started = Date()
        var errorCount = 0
        var definitionCount = 0
        let renderer = rendersForTerminal ? DiagnosticRenderer.terminal : DiagnosticRenderer.plain
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                standardError("error: cannot read '\(path)'")
                errorCount += 1
                continue
            }
            let text = String(decoding: data, as: UTF8.self)
            let result = Parser.parse(Source(text, name: path))
            let lines = LineTable(text)
            for diagnostic in result.diagnostics {
                standardError(renderer.render(diagnostic) { _, line in lines.lineText(line) })
            }
            errorCount += result.diagnostics.count
            definitionCount += result.document.definitions.count
            if printsDocuments, !result.hasErrors {
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
