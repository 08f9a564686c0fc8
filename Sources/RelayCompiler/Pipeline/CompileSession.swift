/// What one compile carries over from the compiles before it, apart from the configuration:
/// the CLI fills it from its build cache, watch mode and the language server keep it between
/// compiles. A new session compiles everything.
public struct CompileSession: Sendable {
    /// What the last successful compile with the same schema and options knew about each Swift
    /// file (`Pipeline.Result.fileStates`): given it, a compile compiles only the files an edit
    /// affects (`IncrementalPlan`) and leaves the other generated files as they are; nil
    /// compiles all.
    public var previous: [String: SourceFileState]?
    /// SHA-256 of files the caller has already hashed (the build cache has), by path.
    public var knownDigests: [String: String] = [:]
    /// Each Swift file's literals and parses from an earlier compile
    /// (`Pipeline.Result.parsedSources`), reused for a file whose `knownDigests` entry is the
    /// same: a caller that compiles again and again as files change (the language server) scans
    /// and parses only what changed. Non-nil (even empty) asks the compile to return them.
    public var parsedSources: [String: Pipeline.ParsedSource]?
    /// An editor's session, which compiles on every change and writes nothing: once a compile
    /// without errors gave `previous`, errors in reading or parsing end the compile (the rest of
    /// the project is checked once the text parses; `Pipeline.Result.stoppedAtParsing`); the
    /// first compile checks everything, as the command line does. Generation is for diagnostics
    /// only (`ArtifactGenerator.checksOnly`).
    public var interactive = false

    public init(
        previous: [String: SourceFileState]? = nil, knownDigests: [String: String] = [:],
        parsedSources: [String: Pipeline.ParsedSource]? = nil, interactive: Bool = false
    ) {
        self.previous = previous
        self.knownDigests = knownDigests
        self.parsedSources = parsedSources
        self.interactive = interactive
    }
}
