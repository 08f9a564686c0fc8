import Foundation
import GraphQLParser

/// The one way a project is compiled, as Relay's `build_project`: the command line, the build
/// plugin, the command plugin and the language server are adapters over it. It owns the
/// configuration (one value, read once), the inputs (`CompilerInputs`: the disk, or the disk
/// under an editor's buffers), the build cache and the compile session, and runs the stages
/// in order — the build cache's check (`UpToDateCheck`), the compiler's pipeline (`Pipeline`:
/// sources, schema, checks and programs, generation), then the goal's last stage: nothing for
/// an editor's check, `ArtifactValidation` for `--validate`, `ArtifactWriting` otherwise.
public struct ProjectDriver: Sendable {
    public let configuration: CompilerConfiguration
    public var inputs: any CompilerInputs
    /// The command line's build cache; nil compiles every time.
    public var cache: BuildCache?
    /// What the next compile carries over from the last ones (the language server keeps it).
    public var session: CompileSession
    /// A schema loaded before, used instead of reading the schema files again.
    public var loadedSchema: Schema?

    public init(
        configuration: CompilerConfiguration, inputs: any CompilerInputs = DiskInputs(), cache: BuildCache? = nil,
        session: CompileSession = CompileSession()
    ) {
        self.configuration = configuration
        self.inputs = inputs
        self.cache = cache
        self.session = session
    }

    /// What a build is for.
    public enum Goal: Sendable {
        /// An editor's: diagnostics only, nothing written (generation checks what it would write).
        case check
        /// `--validate`: the generated files compared with what is on disk.
        case validate
        /// The artifacts (and the persisted-query map) written.
        case write
    }

    /// Compiles the project for `goal`.
    public func build(_ goal: Goal) -> ProjectBuild {
        let started = Date()
        let listing = inputs.sources(of: configuration)
        var build = ProjectBuild(sourceFiles: listing.files)
        let upToDate = goal == .check ? nil : UpToDateCheck(configuration: configuration, cache: cache)
        let check = upToDate?.run(listing, validating: goal == .validate)
        if let record = check?.unchanged {
            build.unchanged = record
            build.milliseconds = Self.milliseconds(since: started)
            return build
        }
        var pipeline = Pipeline(configuration: configuration)
        pipeline.swiftFiles = listing.files
        pipeline.sourceProblems = listing.problems
        pipeline.inMemoryFiles =
            check?.read.map { read in inputs.buffers.merging(read.contents) { buffer, _ in buffer } } ?? inputs.buffers
        pipeline.loadedSchema = loadedSchema
        pipeline.session = session
        if let check {
            pipeline.session.previous = check.previous ?? pipeline.session.previous
            pipeline.session.knownDigests.merge(check.read?.digests ?? [:]) { known, _ in known }
        }
        let result = pipeline.run()
        build.result = result
        build.diagnostics = result.diagnostics
        build.timings = result.timings
        switch goal {
        case .check:
            break
        case .validate where !result.diagnostics.containsErrors:
            build.differences = ArtifactValidation().run(result)
        case .write where !result.diagnostics.containsErrors:
            var writing = ArtifactWriting(configuration: configuration, cache: cache)
            writing.cacheInputs = check
            build.written = writing.run(result, sources: listing.files)
            build.diagnostics += build.written?.diagnostics ?? []
            build.timings.end("writing")
        default:
            break
        }
        build.milliseconds = Self.milliseconds(since: started)
        return build
    }

    static func milliseconds(since start: Date) -> Int { Int(Date().timeIntervalSince(start) * 1000) }
}

/// What a build did.
public struct ProjectBuild {
    /// The sources compiled (Swift files and GraphQL documents).
    public var sourceFiles: [String]
    /// The compile's result; nil when the build cache said nothing changed (`unchanged`).
    public var result: Pipeline.Result?
    /// The last compile's record when nothing changed since it: its output is on disk.
    public var unchanged: BuildCache.Record?
    /// The compile's diagnostics, then the writer's.
    public var diagnostics: [Diagnostic] = []
    /// For `--validate`: the generated files that differ from the disk.
    public var differences: ArtifactWriter.Differences?
    /// For a build that writes: what was written, left and deleted.
    public var written: ArtifactWriter.Report?
    public var timings = StageTimings()
    public var milliseconds = 0

    init(sourceFiles: [String]) { self.sourceFiles = sourceFiles }

    /// Errors of the compile, of the writer, and each generated file `--validate` found out
    /// of date.
    public var errorCount: Int {
        let differences = differences.map { $0.missing.count + $0.outdated.count + $0.extra.count } ?? 0
        return diagnostics.count { $0.severity == .error } + differences
    }
}
