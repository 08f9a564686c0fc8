import Foundation
import GraphQLParser
import RelayCompiler
import RelayLanguageServer

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
    /// How often `--watch` looks for changed files, in seconds.
    var watchPollInterval = 0.5
    /// Stop `--watch` after this many polls (tests); nil watches until interrupted.
    var watchRounds: Int?
    /// Where `relay.json` is looked for when no inputs are named (tests); nil is the process's
    /// current folder.
    var currentDirectory: String?

    /// How much a compile prints besides diagnostics.
    enum Verbosity { case quiet, normal, verbose }

    static let usage = """
        USAGE: relay-swift-compiler [options]              (reads ./relay.json)
               relay-swift-compiler --src <dir> --schema <schema.graphql> [options]
               relay-swift-compiler [--schema <schema.graphql>]... [--print | --check] <file.graphql>...
               relay-swift-compiler fetch-schema --url URL [--header "Name: value"]... --output FILE
               relay-swift-compiler lsp

        lsp serves the Language Server Protocol over standard input and output: the compiler's
        diagnostics for the GraphQL in open Swift files as they change (see docs/Editors.md).

        fetch-schema runs the introspection query against a GraphQL server and writes its schema
        as SDL (types and directives sorted by name). A schema file may also be the JSON of an
        introspection result (a .json file) wherever a .graphql one is taken.

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
          --schema FILE  A file of the server's schema (repeatable).
          --schema-extension FILE
                         A client schema extension (repeatable): fields and types for local
                         state, which the store keeps and the server never sees.
          --artifact-directory DIR
                         Write all generated files into DIR instead of __generated__ folders.
          --source-file FILE
                         A Swift file to compile, or a .graphql document (repeatable); replaces
                         relay.json's "src" (and its "documents" when documents are named).
          --output-per-source
                         With --artifact-directory: one <File>.graphql.swift per Swift file, with
                         all its definitions (empty when it has none), and always a
                         SchemaTypes.graphql.swift; the layout of the SwiftPM build plugin, which
                         must name its outputs before running.
          --custom-scalar NAME=TYPE
                         The Swift type of a custom scalar, e.g. DateTime=String (repeatable).
                         An unmapped one is read as VariableValue (its JSON), with a warning.
          --require-custom-scalar-types
                         Make an unmapped custom scalar an error instead.
          --test-support Also write what RelayTesting's GeneratedDataCheck needs: each field's
                         schema type in every operation, and RelayDefinitions.graphql.swift
                         listing every definition (relay.json's testSupport).
          --persist-output FILE
                         Also write FILE: a JSON map of persisted-query id to operation text.
          --config FILE  Read options from FILE (relay.json keys: src, schema, schemaExtensions,
                         documents, artifactDirectory, excludes, customScalarTypes,
                         persistOutput, cacheDirectory, featureFlags, requireCustomScalarTypes,
                         testSupport; or
                         relay.config.json's multi-project form, root, sources and projects).
                         Without --config, --src, --source-file or .graphql files, ./relay.json
                         (or else ./relay.config.json) is read. Options given override the file's: --src, --source-file,
                         --schema and --schema-extension replace its lists, --exclude and
                         --custom-scalar add to them.
          --project NAME With a multi-project configuration file, compile only project NAME
                         (repeatable). Without it, every project is compiled, in the file's
                         order; with --src or --source-file, the project whose sources hold them.
          --cache-directory DIR
                         Keep the build cache in DIR (default: .build/relay-swift-compiler beside
                         relay.json, or in the current folder). When no input changed and every
                         generated file is as the last compile left it, nothing is recompiled.
          --no-cache     Always compile everything.
          --watch        Compile, then compile again whenever a Swift source or schema file
                         changes (polls the file system; Ctrl-C stops).
          --quiet        Print only diagnostics.
          --verbose      Also list every generated file written or deleted.
          --validate     Write nothing; list missing, outdated and extra generated files and
                         exit 1 if there are any (for CI).
          --print        Print the canonical form of each document (the default).
          --check        Only report errors; print nothing but the summary.
          --version      Show the version.
          -h, --help     Show this help.
        """

    /// What follows a usage error: one line, not the whole usage (`--help` prints it).
    static let usageHint = "Run relay-swift-compiler --help for the options."

    func run() -> Int32 {
        if arguments.first == "fetch-schema" { return fetchSchema(Array(arguments.dropFirst())) }
        if arguments.first == "lsp" {
            let connection = JSONRPCConnection(input: .standardInput, output: .standardOutput, log: standardError)
            let verbose = arguments.dropFirst().contains("--verbose")
            return LanguageServer(connection: connection, version: Self.version, verbose: verbose, log: standardError)
                .run()
        }
        switch CommandLineArguments.parse(arguments) {
        case .help:
            standardOutput(Self.usage)
            return 0
        case .version:
            standardOutput("relay-swift-compiler \(Self.version)")
            return 0
        case .usageError(let message):
            return usageError(message)
        case .compile(let parsed):
            return compile(parsed)
        }
    }

    /// Reports a usage mistake with the hint to `--help`; exit code 2.
    func usageError(_ message: String) -> Int32 {
        standardError("error: \(message)\n\(Self.usageHint)")
        return 2
    }

    /// A project compile (with `relay.json`, `--config` or `--src`), or the `.graphql` files named.
    private func compile(_ parsed: CommandLineArguments) -> Int32 {
        var configurationPath = parsed.configurationPath
        // With no inputs named, the project's relay.json (as relay-compiler reads
        // relay.config.json), whatever other flags are given: they override its values.
        if configurationPath == nil, !parsed.namesInputs {
            let here = CompilerConfiguration.fileName(in: currentDirectory ?? ".")
            guard FileManager.default.fileExists(atPath: here) else {
                guard !arguments.isEmpty else {
                    standardError("error: no arguments and no relay.json here\n\n\(Self.usage)")
                    return 2
                }
                return usageError(
                    "no input files: no relay.json in \(currentDirectory ?? "the current folder"); "
                        + "give --config FILE, --src DIR with --schema FILE, or .graphql files")
            }
            configurationPath = here
        }
        if configurationPath != nil || !parsed.flags.sourceDirectories.isEmpty || !parsed.flags.sourceFiles.isEmpty {
            return compileProject(parsed, configurationPath: configurationPath)
        }
        guard !parsed.documentFiles.isEmpty else { return usageError("no input files") }
        return checkDocuments(parsed.documentFiles, schemaFiles: parsed.schemaFiles, prints: parsed.printsDocuments)
    }
}
