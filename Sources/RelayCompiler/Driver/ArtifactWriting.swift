/// The last stage of a build that writes: the artifacts and the persisted-query map written
/// (atomically, only when changed, never over a file the compiler did not write), then the
/// build cache's record saved, or dropped when anything was reported.
struct ArtifactWriting {
    let configuration: CompilerConfiguration
    let cache: BuildCache?
    /// What the up-to-date check read, recorded for the next build.
    var cacheInputs: UpToDateCheck.Outcome?

    init(configuration: CompilerConfiguration, cache: BuildCache?) {
        self.configuration = configuration
        self.cache = cache
    }

    func run(_ result: Pipeline.Result, sources: [String]) -> ArtifactWriter.Report {
        let persisted = configuration.persistOutput.map {
            PersistedQueryMap(path: $0, queries: result.persistedQueries)
        }
        let writer = ArtifactWriter(
            outputDirectories: result.outputFolders, inputs: configuration.inputRoles(sources: sources))
        let report = writer.write(
            result.artifacts, persistedQueries: persisted,
            keeping: result.affectedFiles == nil ? nil : result.keptArtifacts, removing: result.removedArtifacts)
        guard let cache, let inputs = cacheInputs?.inputsDigest else { return report }
        if result.diagnostics.isEmpty, report.diagnostics.isEmpty {
            let outputs = result.artifacts.map(\.path) + result.keptArtifacts + (persisted.map { [$0.path] } ?? [])
            cache.save(
                BuildCache.Record(
                    inputs: inputs, literalCount: result.literals.count, swiftFileCount: result.swiftFileCount,
                    outputs: outputs.sorted().compactMap { BuildCache.FileStamp(path: $0) },
                    schemaDigest: cacheInputs?.schemaDigest ?? "", files: result.fileStates))
        } else {
            cache.invalidate()
        }
        return report
    }
}
