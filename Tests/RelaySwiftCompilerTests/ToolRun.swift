import Foundation

@testable import relay_swift_compiler

/// One run of the command-line tool in-process, as the tests drive it: its exit code and what
/// it printed on standard error (standard output is dropped).
struct ToolRun {
    let code: Int32
    let errors: [String]

    init(_ arguments: [String], in directory: URL) {
        final class Lines: @unchecked Sendable { var lines: [String] = [] }
        let lines = Lines()
        var tool = CommandLineTool(arguments: arguments)
        tool.currentDirectory = directory.path
        tool.standardOutput = { _ in }
        tool.standardError = { lines.lines.append($0) }
        tool.rendersForTerminal = false
        code = tool.run()
        errors = lines.lines
    }
}
