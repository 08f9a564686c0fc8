import Foundation
import GraphQLParser

/// The `relay-swift-compiler` command line: arguments in, exit code out.
///
/// Exit codes follow the compiler convention: 0 success, 1 errors in the input, 2 usage errors.
struct CommandLineTool {
    static let version = "0.1.0"

    var arguments: [String]

    static let usage = """
        USAGE: relay-swift-compiler --print <file.graphql>...

        Parses GraphQL documents, reports every syntax error as path:line:column: error: message,
        and prints each document in canonical form (graphql-js print()).

        OPTIONS:
          --print        Print the canonical form of each document (the default).
          --check        Only report errors; print nothing on success.
          --version      Show the version.
          -h, --help     Show this help.
        """

    func run() -> Int32 {
        var printsDocuments = true
        var files: [String] = []
        for argument in arguments {
            switch argument {
            case "-h", "--help":
                print(Self.usage)
                return 0
            case "--version":
                print("relay-swift-compiler \(Self.version)")
                return 0
            case "--print": printsDocuments = true
            case "--check": printsDocuments = false
            default:
                if argument.hasPrefix("-") {
                    writeError("error: unknown option '\(argument)'\n\n\(Self.usage)")
                    return 2
                }
                files.append(argument)
            }
        }
        guard !files.isEmpty else {
            writeError("error: no input files\n\n\(Self.usage)")
            return 2
        }
        var failed = false
        let renderer = isatty(STDERR_FILENO) != 0 ? DiagnosticRenderer.terminal : DiagnosticRenderer.plain
        for path in files {
            guard let text = readFile(path) else {
                writeError("error: cannot read '\(path)'")
                failed = true
                continue
            }
            let result = Parser.parse(Source(text, name: path))
            let lines = LineTable(text)
            for diagnostic in result.diagnostics {
                writeError(renderer.render(diagnostic) { _, line in lines.lineText(line) })
            }
            failed = failed || result.hasErrors
            if printsDocuments, !result.hasErrors {
                print(Printer.print(result.document))
            }
        }
        return failed ? 1 : 0
    }

    private func writeError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    private func readFile(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
