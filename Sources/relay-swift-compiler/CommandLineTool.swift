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
                         A Swift file to compile (repeatable); replaces relay.json's "src".
          --output-per-source
                         With --artifact-directory: one <File>.graphql.swift per Swift file, with
                         all its definitions (empty when it has none), and always a
                         SchemaTypes.graphql.swift; the layout of the SwiftPM build plugin, which
                         must name its outputs before running.
          --custom-scalar NAME=TYPE
                         The Swift type of a custom scalar, e.g. DateTime=String (repeatable).
          --persist-output FILE
                         Also write FILE: a JSON map of persisted-query id to operation text.
          --config FILE  Read options from FILE (relay.json keys: src, schema, schemaExtensions,
                         artifactDirectory, excludes, customScalarTypes, persistOutput,
                         cacheDirectory, featureFlags). Without --config, --src, --source-file
                         or .graphql files, ./relay.json is read. Options given override the
                         file's: --src, --source-file, --schema and --schema-extension replace
                         its lists, --exclude and --custom-scalar add to them.
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
            return LanguageServer(connection: connection, verbose: verbose, log: standardError).run()
        }
        var printsDocuments = true
        var files: [String] = []
        var schemaFiles: [String] = []
        var schemaExtensionFiles: [String] = []
        var flags = CompilerConfiguration()
        var configurationPath: String?
        var validatesOnly = false
        var watches = false
        var usesCache = true
        var verbosity = Verbosity.normal
        var remaining = arguments[...]
        /// The value after an option, or nil after reporting the usage error.
        func value(for option: String) -> String? {
            guard let value = remaining.popFirst() else {
                standardError("error: \(option) needs a value\n\(Self.usageHint)")
                return nil
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--src", "--exclude", "--schema", "--schema-extension", "--artifact-directory", "--persist-output",
                "--config", "--cache-directory", "--source-file":
                guard let value = value(for: argument) else { return 2 }
                switch argument {
                case "--src": flags.sourceDirectories.append(value)
                case "--source-file": flags.sourceFiles.append(value)
                case "--exclude": flags.excludes.append(value)
                case "--schema": schemaFiles.append(value)
                case "--schema-extension": schemaExtensionFiles.append(value)
                case "--artifact-directory": flags.artifactDirectory = value
                case "--persist-output": flags.persistOutput = value
                case "--cache-directory": flags.cacheDirectory = value
                default: configurationPath = value
                }
            case "--custom-scalar":
                let parts = remaining.popFirst()?.split(separator: "=", maxSplits: 1).map(String.init) ?? []
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    standardError("error: --custom-scalar needs NAME=TYPE, e.g. DateTime=String\n\(Self.usageHint)")
                    return 2
                }
                flags.customScalars[parts[0]] = CustomScalarType(parts[1])
            case "-h", "--help":
                standardOutput(Self.usage)
                return 0
            case "--version":
                standardOutput("relay-swift-compiler \(Self.version)")
                return 0
            case "--validate": validatesOnly = true
            case "--output-per-source": flags.outputPerSourceFile = true
            case "--no-cache": usesCache = false
            case "--watch": watches = true
            case "--quiet": verbosity = .quiet
            case "--verbose": verbosity = .verbose
            case "--print": printsDocuments = true
            case "--check": printsDocuments = false
            default:
                if argument.hasPrefix("-") {
                    standardError("error: unknown option '\(argument)'\n\(Self.usageHint)")
                    return 2
                }
                files.append(argument)
            }
        }
        // With no inputs named, the project's relay.json (as relay-compiler reads
        // relay.config.json), whatever other flags are given: they override its values.
        let namesInputs = !files.isEmpty || !flags.sourceDirectories.isEmpty || !flags.sourceFiles.isEmpty
        if configurationPath == nil, !namesInputs {
            let here = currentDirectory.map { ($0 as NSString).appendingPathComponent("relay.json") } ?? "relay.json"
            guard FileManager.default.fileExists(atPath: here) else {
                if arguments.isEmpty {
                    standardError("error: no arguments and no relay.json here\n\n\(Self.usage)")
                } else {
                    standardError(
                        """
                        error: no input files: no relay.json in \(currentDirectory ?? "the current folder"); \
                        give --config FILE, --src DIR with --schema FILE, or .graphql files
                        \(Self.usageHint)
                        """)
                }
                return 2
            }
            configurationPath = here
        }
        var configuration = CompilerConfiguration()
        if let configurationPath {
            switch CompilerConfiguration.load(path: configurationPath) {
            case .success(let loaded): configuration = loaded
            case .failure(let diagnostic):
                standardError(DiagnosticRenderer.plain.render(diagnostic) { _, _ in nil })
                return 2
            }
        }
        if configurationPath != nil || !flags.sourceDirectories.isEmpty || !flags.sourceFiles.isEmpty {
            // Options on the command line override the file's: sources, schema files and
            // extensions given replace its lists; excludes and custom scalars add to them.
            if namesInputs {
                configuration.sourceDirectories = flags.sourceDirectories
                configuration.sourceFiles = flags.sourceFiles
            }
            configuration.outputPerSourceFile = flags.outputPerSourceFile
            if !schemaFiles.isEmpty { configuration.schemaFiles = schemaFiles }
            if !schemaExtensionFiles.isEmpty { configuration.schemaExtensionFiles = schemaExtensionFiles }
            configuration.excludes += flags.excludes
            configuration.customScalars.merge(flags.customScalars) { _, flag in flag }
            configuration.artifactDirectory = flags.artifactDirectory ?? configuration.artifactDirectory
            configuration.persistOutput = flags.persistOutput ?? configuration.persistOutput
            configuration.cacheDirectory = flags.cacheDirectory ?? configuration.cacheDirectory
            let defaultCacheDirectory =
                ((configurationPath.map { ($0 as NSString).deletingLastPathComponent } ?? "") as NSString)
                .appendingPathComponent(".build/relay-swift-compiler")
            let cache =
                usesCache
                ? BuildCache(
                    directory: configuration.cacheDirectory ?? defaultCacheDirectory, configuration: configuration,
                    compilerIdentity: Self.identity) : nil
            guard !configuration.outputPerSourceFile || configuration.artifactDirectory != nil else {
                standardError("error: --output-per-source needs --artifact-directory\n\(Self.usageHint)")
                return 2
            }
            guard !configuration.sourceDirectories.isEmpty || !configuration.sourceFiles.isEmpty,
                !configuration.schemaFiles.isEmpty
            else {
                standardError(
                    "error: compiling needs --src and --schema (or \"src\" and \"schema\" in relay.json)\n\(Self.usageHint)"
                )
                return 2
            }
            guard watches else {
                return compile(configuration, cache: cache, validatesOnly: validatesOnly, verbosity: verbosity)
            }
            return watch(configuration, cache: cache, verbosity: verbosity)
        }
        guard !files.isEmpty else {
            standardError("error: no input files\n\(Self.usageHint)")
            return 2
        }
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

    /// `{"<id>": "<text>", …}` with ids sorted, for servers that accept persisted queries.
    static func persistedQueriesJSON(_ queries: [String: String]) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: queries, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Runs the compiler pipeline and reports its diagnostics and a one-line summary.
    /// Compiles, then polls the sources and schema and compiles again on every change. The
    /// generated folders are not sources, so writing artifacts does not trigger a new round.
    private func watch(_ configuration: CompilerConfiguration, cache: BuildCache?, verbosity: Verbosity) -> Int32 {
        var code = compile(configuration, cache: cache, validatesOnly: false, verbosity: verbosity)
        var last = Self.fingerprint(of: configuration)
        if verbosity != .quiet { standardError("Watching for changes (Ctrl-C stops)…") }
        var rounds = 0
        while watchRounds.map({ rounds < $0 }) ?? true {
            Thread.sleep(forTimeInterval: watchPollInterval)
            rounds += 1
            let current = Self.fingerprint(of: configuration)
            guard current != last else { continue }
            last = current
            code = compile(configuration, cache: cache, validatesOnly: false, verbosity: verbosity)
        }
        return code
    }

    /// Path → (modification time, size) of every input file: a change to any of them, a new
    /// file or a removed one changes the fingerprint.
    static func fingerprint(of configuration: CompilerConfiguration) -> [String: [Double]] {
        let files = configuration.swiftFiles + configuration.allSchemaFiles
        var result: [String: [Double]] = [:]
        for file in files {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes?[.size] as? NSNumber)?.doubleValue ?? -1
            result[file] = [modified, size]
        }
        return result
    }

    /// What identifies this build of the compiler in the cache: its version and its executable's
    /// size and modification time, so a rebuilt compiler never trusts an older one's output.
    static let identity: String = {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        let stamp = BuildCache.FileStamp(path: executable)
        return "\(version) \(executable) \(stamp?.size ?? 0) \(stamp?.modified ?? 0)"
    }()

    private func compile(
        _ configuration: CompilerConfiguration, cache: BuildCache?, validatesOnly: Bool, verbosity: Verbosity
    ) -> Int32 {
        let started = Date()
        let listing = configuration.sourceListing
        let swiftFiles = listing.files
        // Nothing changed since the last successful compile: its output is already on disk.
        let read = cache.map { _ in BuildCache.readInputs(swiftFiles + configuration.allSchemaFiles) }
        let inputs = read?.digest(of: swiftFiles + configuration.allSchemaFiles)
        let record = cache?.lastRecord()
        let outputsOnDisk = record?.outputsAreOnDisk == true
        if let record, outputsOnDisk, let inputs, record.inputs == inputs, listing.problems.isEmpty {
            guard verbosity != .quiet else { return 0 }
            let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
            let outcome =
                validatesOnly
                ? "artifacts up to date" : "artifacts: 0 written, \(record.outputs.count) unchanged, 0 deleted"
            standardError(
                "Checked \(record.literalCount) graphql literal(s) in \(record.swiftFileCount) Swift file(s): "
                    + "0 errors; \(outcome) in \(milliseconds) ms (nothing changed since the last compile).")
            return 0
        }
        var pipeline = Pipeline(configuration: configuration)
        pipeline.swiftFiles = swiftFiles
        pipeline.sourceProblems = listing.problems
        // Only Swift files changed since the last successful compile: redo what they affect.
        // (`--validate` compares every file, and a persisted-query file lists every operation.)
        let schemaDigest = read?.digest(of: configuration.allSchemaFiles)
        if let record, outputsOnDisk, !record.files.isEmpty, record.schemaDigest == schemaDigest, !validatesOnly,
            configuration.persistOutput == nil
        {
            pipeline.previous = record.files
        }
        if let read {
            pipeline.inMemoryFiles = read.contents
            pipeline.knownDigests = read.digests
        }
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
                    return lineTables[file]?.codeFrameText(line)
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
            var artifacts = result.artifacts
            if let persistOutput = configuration.persistOutput {
                artifacts.append(
                    Artifact(path: persistOutput, contents: Self.persistedQueriesJSON(result.persistedQueries)))
            }
            var timings = result.timings
            let report = ArtifactWriter(outputDirectories: result.outputFolders).write(
                artifacts, keeping: result.affectedFiles == nil ? nil : result.keptArtifacts,
                removing: result.removedArtifacts)
            timings.end("writing")
            if verbosity == .verbose { standardError("timings: \(timings)") }
            for diagnostic in report.diagnostics { standardError(renderer.render(diagnostic) { _, _ in nil }) }
            errorCount += report.diagnostics.count
            if let cache, let inputs {
                if result.diagnostics.isEmpty, report.diagnostics.isEmpty {
                    let outputs = artifacts.map(\.path) + result.keptArtifacts
                    cache.save(
                        BuildCache.Record(
                            inputs: inputs, literalCount: result.literals.count,
                            swiftFileCount: result.swiftFileCount,
                            outputs: outputs.sorted().compactMap { BuildCache.FileStamp(path: $0) },
                            schemaDigest: schemaDigest ?? "", files: result.fileStates))
                } else {
                    cache.invalidate()
                }
            }
            if verbosity == .verbose {
                for path in report.written { standardError("wrote \(path)") }
                for path in report.deleted { standardError("deleted \(path)") }
            }
            written =
                "; artifacts: \(report.written.count) written, \(report.unchanged.count) unchanged, "
                + "\(report.deleted.count) deleted"
        }
        guard verbosity != .quiet else { return errorCount > 0 ? 1 : 0 }
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        let errors = errorCount == 1 ? "1 error" : "\(errorCount) errors"
        standardError(
            "Checked \(result.documentCount) graphql literal(s) in \(result.swiftFileCount) Swift file(s): "
                + "\(errors)\(written) in \(milliseconds) ms.")
        return errorCount > 0 ? 1 : 0
    }
}
