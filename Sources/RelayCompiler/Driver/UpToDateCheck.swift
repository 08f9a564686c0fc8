import GraphQLParser

/// The driver's first stage for the command line: the inputs read once and hashed, compared
/// with the build cache's last record. Nothing changed (and the outputs are on disk): the
/// build ends here. Only Swift files changed: the compile is planned from the record's file
/// states (`CompileSession.previous`).
struct UpToDateCheck {
    let configuration: CompilerConfiguration
    let cache: BuildCache?

    struct Outcome {
        /// The inputs as read (the compile reads these instead of the disk).
        var read: BuildCache.Inputs?
        /// SHA-256 of every input file, and of the schema's.
        var inputsDigest: String?
        var schemaDigest: String?
        /// The last record, when nothing changed since it.
        var unchanged: BuildCache.Record?
        /// The file states a partial compile starts from.
        var previous: [String: SourceFileState]?
    }

    func run(_ listing: SourceDiscovery.Listing, validating: Bool) -> Outcome? {
        guard let cache else { return nil }
        let files = listing.files + configuration.allSchemaFiles
        var outcome = Outcome(read: BuildCache.readInputs(files))
        outcome.inputsDigest = outcome.read?.digest(of: files)
        outcome.schemaDigest = outcome.read?.digest(of: configuration.allSchemaFiles)
        guard let record = cache.lastRecord(), record.outputsAreOnDisk else { return outcome }
        if record.inputs == outcome.inputsDigest, listing.problems.isEmpty {
            outcome.unchanged = record
            return outcome
        }
        // `--validate` compares every file, and a persisted-query map lists every operation.
        if !record.files.isEmpty, record.schemaDigest == outcome.schemaDigest, !validating,
            configuration.persistOutput == nil
        {
            outcome.previous = record.files
        }
        return outcome
    }
}
