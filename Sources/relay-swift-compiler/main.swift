import Foundation

exit(CommandLineTool(arguments: Array(CommandLine.arguments.dropFirst())).run())
