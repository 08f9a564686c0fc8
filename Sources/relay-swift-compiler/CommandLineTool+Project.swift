import Foundation
import GraphQLParser
import RelayCompiler

extension CommandLineTool {
    /// The project (or projects) `relay.json` and the flags describe, compiled once or watched.
    func compileProject(_ parsed: CommandLineArguments, configurationPath: String?) -> Int32 {
        var projects = [RelayProject(name: nil, configuration: CompilerConfiguration())]
        if let configurationPath {
            switch CompilerConfiguration.loadProjects(path: configurationPath) {
            case .success(let loaded): projects = loaded
            case .failure(let diagnostic):
                standardError(DiagnosticRenderer.plain.render(diagnostic) { _, _ in nil })
                return 2
            }
        }
        let selected: [RelayProject]
        switch Self.select(projects, parsed) {
        case .success(let chosen): selected = chosen
        case .failure(let problem): return usageError(problem.message)
        }
        let defaultCacheDirectory =
            ((configurationPath.map { ($0 as NSString).deletingLastPathComponent } ?? "") as NSString)
            .appendingPathComponent(".build/relay-swift-compiler")
        var builds: [(name: String?, configuration: CompilerConfiguration, cache: BuildCache?)] = []
        let configurationFolder = configurationPath.map { Self.absolute(($0 as NSString).deletingLastPathComponent) }
        for selectedProject in selected {
            let applied = parsed.applied(to: selectedProject.configuration)
            // No sources named: the package's targets (or the configuration's folder), as the
            // plugins and the language server read the same relay.json.
            var projects = [RelayProject(name: nil, configuration: applied)]
            if let configurationFolder {
                switch RelayProject.sourcesImplied(by: applied, in: configurationFolder) {
                case .success(let implied): projects = implied
                case .failure(let problem):
                    standardError(DiagnosticRenderer.plain.render(problem) { _, _ in nil })
                    return 2
                }
            }
            for project in projects {
                var configuration = project.configuration
                guard !configuration.outputPerSourceFile || configuration.artifactDirectory != nil else {
                    return usageError("--output-per-source needs --artifact-directory")
                }
                guard
                    !configuration.sourceDirectories.isEmpty || !configuration.sourceFiles.isEmpty
                        || !configuration.documentPaths.isEmpty,
                    !configuration.schemaFiles.isEmpty
                else {
                    return usageError("compiling needs --src and --schema (or \"src\" and \"schema\" in relay.json)")
                }
                let name = [selectedProject.name, project.name].compactMap { $0 }.joined(separator: "/")
                // Each project of a multi-project file, and each target, keeps its own cache.
                let cacheDirectory = configuration.cacheDirectory ?? defaultCacheDirectory
                // Remote persisting keeps the ids it learned there, even with --no-cache.
                if configuration.remotePersisting != nil, configuration.cacheDirectory == nil {
                    configuration.cacheDirectory =
                        name.isEmpty ? cacheDirectory : (cacheDirectory as NSString).appendingPathComponent(name)
                }
                let cache =
                    parsed.usesCache
                    ? BuildCache(
                        directory: name.isEmpty
                            ? cacheDirectory : (cacheDirectory as NSString).appendingPathComponent(name),
                        configuration: configuration, compilerIdentity: Self.identity) : nil
                builds.append((name.isEmpty ? nil : name, configuration, cache))
            }
        }
        // Several projects: each one's summary under its name.
        let labels = builds.map { builds.count > 1 ? $0.name : nil }
        func compileAll() -> Int32 {
            var code: Int32 = 0
            for (build, label) in zip(builds, labels) {
                if let label, parsed.verbosity != .quiet { standardError("Project \(label):") }
                if let projectFolder = configurationFolder, parsed.verbosity != .quiet {
                    for source in Self.outside(projectFolder, build.configuration.sourceDirectories) {
                        standardError(
                            "warning: source '\(source)' is outside the project's folder '\(projectFolder)' "
                                + "(the configuration file's); everything under it is searched")
                    }
                }
                code = max(
                    code,
                    compile(
                        build.configuration, cache: build.cache, validatesOnly: parsed.validatesOnly,
                        verbosity: parsed.verbosity))
            }
            return code
        }
        guard parsed.watches else { return compileAll() }
        return watch(builds.map(\.configuration), verbosity: parsed.verbosity, compileAll: compileAll)
    }

    /// `path` made absolute against the current folder, `..` and `.` resolved.
    static func absolute(_ path: String) -> String {
        let full =
            path.hasPrefix("/")
            ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (full as NSString).standardizingPath
    }

    /// The source folders not inside `folder`: a `src` that reaches far (`"/"`, `".."`) is
    /// said, since it makes every compile search all of it.
    static func outside(_ folder: String, _ sources: [String]) -> [String] {
        sources.filter { source in
            let path = absolute(source)
            return path != folder && !path.hasPrefix(folder == "/" ? "/" : folder + "/")
        }
    }

    /// The projects to compile: those `--project` names; with sources named on the command line
    /// and several projects, the one whose sources hold them; otherwise all.
    static func select(_ projects: [RelayProject], _ parsed: CommandLineArguments) -> Result<
        [RelayProject], Diagnostic
    > {
        let names = projects.compactMap(\.name)
        if !parsed.projectNames.isEmpty {
            var chosen: [RelayProject] = []
            for name in parsed.projectNames {
                guard let project = projects.first(where: { $0.name == name }) else {
                    let known = names.isEmpty ? "the configuration file has no named projects" : "its projects: "
                    return .failure(
                        .error(
                            "no project \"\(name)\"; \(known)\(names.joined(separator: ", "))."
                                + Suggestions.didYouMean(Suggestions.suggestionList(name, names)), at: nil))
                }
                chosen.append(project)
            }
            return .success(chosen)
        }
        let named = parsed.flags.sourceDirectories + parsed.flags.sourceFiles
        guard projects.count > 1, !named.isEmpty else { return .success(projects) }
        let absolute = named.map { path in
            path.hasPrefix("/")
                ? path
                : ((FileManager.default.currentDirectoryPath as NSString)
                    .appendingPathComponent(path) as NSString).standardizingPath
        }
        let holding = projects.filter { project in
            absolute.allSatisfy { path in
                (project.configuration.sourceDirectories + project.configuration.documentPaths).contains {
                    path == $0 || path.hasPrefix($0 + "/")
                }
                    && !project.configuration.excludes.contains { path.hasPrefix($0) }
            }
        }
        guard let project = holding.first else {
            return .failure(
                .error(
                    "the sources named are in none of the configuration file's projects (\(names.joined(separator: ", "))); "
                        + "choose one with --project NAME", at: nil))
        }
        return .success([project])
    }

    /// Compiles, then polls the sources and schema and compiles again on every change. The
    /// generated folders are not sources, so writing artifacts does not trigger a new round.
    func watch(_ configurations: [CompilerConfiguration], verbosity: Verbosity, compileAll: () -> Int32) -> Int32 {
        var code = compileAll()
        func fingerprint() -> [String: [Double]] {
            configurations.reduce(into: [:]) { $0.merge(Self.fingerprint(of: $1)) { first, _ in first } }
        }
        var last = fingerprint()
        if verbosity != .quiet { standardError("Watching for changes (Ctrl-C stops)…") }
        var rounds = 0
        while watchRounds.map({ rounds < $0 }) ?? true {
            Thread.sleep(forTimeInterval: watchPollInterval)
            rounds += 1
            let current = fingerprint()
            guard current != last else { continue }
            last = current
            code = compileAll()
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

    /// Builds the project (`ProjectDriver`) and reports its diagnostics and a one-line summary;
    /// nothing is compiled when the build cache says no input changed since the last compile.
    func compile(
        _ configuration: CompilerConfiguration, cache: BuildCache?, validatesOnly: Bool, verbosity: Verbosity
    ) -> Int32 {
        let driver = ProjectDriver(configuration: configuration, cache: cache)
        let build = driver.build(validatesOnly ? .validate : .write)
        let files = Self.filesChecked(build.sourceFiles)
        if let record = build.unchanged {
            guard verbosity != .quiet else { return 0 }
            let outcome =
                validatesOnly
                ? "artifacts up to date" : "artifacts: 0 written, \(record.outputs.count) unchanged, 0 deleted"
            standardError(
                "Checked \(record.literalCount) graphql literal(s) in \(files): 0 errors; \(outcome) in "
                    + "\(build.milliseconds) ms (nothing changed since the last compile).")
            return 0
        }
        var lineTables: [String: LineTable] = [:]
        let renderer = rendersForTerminal ? DiagnosticRenderer.terminal : DiagnosticRenderer.plain
        for diagnostic in build.diagnostics {
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
        if verbosity == .verbose { standardError("timings: \(build.timings)") }
        var outcome = ""
        if let differences = build.differences {
            for path in differences.missing { standardError("\(path): error: generated file is missing") }
            for path in differences.outdated { standardError("\(path): error: generated file is out of date") }
            for path in differences.extra { standardError("\(path): error: generated file is no longer produced") }
            let count = differences.missing.count + differences.outdated.count + differences.extra.count
            outcome = count == 0 ? "; artifacts up to date" : "; \(count) artifact(s) not up to date"
        } else if let report = build.written {
            if verbosity == .verbose {
                for path in report.written { standardError("wrote \(path)") }
                for path in report.deleted { standardError("deleted \(path)") }
            }
            outcome =
                "; artifacts: \(report.written.count) written, \(report.unchanged.count) unchanged, "
                + "\(report.deleted.count) deleted"
        }
        let errorCount = build.errorCount
        guard verbosity != .quiet else { return errorCount > 0 ? 1 : 0 }
        let errors = errorCount == 1 ? "1 error" : "\(errorCount) errors"
        standardError(
            "Checked \(build.result?.documentCount ?? 0) graphql literal(s) in \(files): "
                + "\(errors)\(outcome) in \(build.milliseconds) ms.")
        return errorCount > 0 ? 1 : 0
    }

    /// "3 Swift file(s)", and "and 1 GraphQL file(s)" when documents were compiled too.
    static func filesChecked(_ files: [String]) -> String {
        let documents = files.count { $0.hasSuffix(".graphql") }
        let swift = "\(files.count - documents) Swift file(s)"
        return documents == 0 ? swift : swift + " and \(documents) GraphQL file(s)"
    }
}
