import GraphQLParser

extension Pipeline {
    /// What code generation gave a compile.
    struct GeneratedProject {
        var generator: ArtifactGenerator
        var artifacts: [Artifact] = []
        var persistedQueries: [String: String] = [:]
        var fileStates: [String: SourceFileState] = [:]
        /// In a partial compile that writes: the generated files left as they are, and those no
        /// longer produced.
        var kept: [String] = []
        var removed: [String] = []
    }

    /// The generated files of `checked`'s programs — of the files its plan affects, in a partial
    /// compile — with each Swift file's state and, in a partial compile that writes, what stays
    /// and goes on disk.
    func generate(
        _ checked: CheckedProject, sources: ReadSources, schema: Schema, diagnostics: inout [Diagnostic],
        timings: inout StageTimings
    ) -> GeneratedProject {
        var generator = ArtifactGenerator(
            schema: schema,
            mapping: SwiftTypeMapping(
                customScalars: configuration.customScalars,
                requiresCustomScalarTypes: configuration.requiresCustomScalarTypes,
                futureProofEnums: configuration.futureProofEnums),
            artifactDirectory: configuration.artifactDirectory,
            outputPerSourceFile: configuration.outputPerSourceFile ? sources.swiftFiles : nil)
        generator.checksOnly = session.interactive
        generator.testSupport = configuration.testSupport
        var generated = GeneratedProject(generator: generator)
        guard var programs = checked.programs else { return generated }
        programs.persistedIDs = persistedIDs(of: programs.texts, diagnostics: &diagnostics)
        for (name, text) in programs.texts {
            if let id = programs.persistedID(of: name) { generated.persistedQueries[id] = text }
        }
        let plan = checked.plan
        // The files whose generated files stay: still there, and not affected.
        let current = Set(sources.swiftFiles)
        let previous = session.previous ?? [:]
        let unaffected =
            plan.map { plan in previous.filter { current.contains($0.key) && !plan.affectedFiles.contains($0.key) } }
            ?? [:]
        let generation = generator.artifacts(
            for: programs, regenerating: plan?.affectedFiles,
            otherFiles: unaffected.filter { !$0.value.definitions.isEmpty }.mapValues(\.schemaTypes))
        diagnostics += generation.diagnostics
        diagnostics += generator.mapping.unmappedScalarWarnings(programs.reader, schema: schema)
        generated.artifacts = generation.diagnostics.containsErrors ? [] : generation.artifacts
        generated.fileStates = Self.fileStates(
            sources.swiftFiles, digests: sources.digests, programs: programs, generation: generation,
            generator: generator, unaffected: unaffected)
        // What stays and goes on disk; an editor's compile writes nothing.
        if plan != nil, !session.interactive {
            generated.kept = unaffected.values.flatMap(\.artifacts).sorted()
            let produced = Set(generated.artifacts.map(\.path))
            let before = previous.filter { !unaffected.keys.contains($0.key) }.values.flatMap(\.artifacts)
            generated.removed = before.filter { !produced.contains($0) }
            // A folder left without definitions loses its schema-types file.
            func foldersWithDefinitions(_ states: [String: SourceFileState]) -> Set<String> {
                Set(states.filter { !$0.value.definitions.isEmpty }.keys.map(generator.outputFolder))
            }
            for folder in foldersWithDefinitions(previous).subtracting(foldersWithDefinitions(generated.fileStates)) {
                generated.removed.append(folder + "/" + ArtifactGenerator.schemaTypesFileName)
            }
        }
        timings.end("code generation")
        return generated
    }

    /// The compile's result, from its stages' outputs.
    func result(
        _ generated: GeneratedProject, checked: CheckedProject, sources: ReadSources, schema: Schema,
        diagnostics: [Diagnostic], timings: StageTimings
    ) -> Result {
        var result = Result(
            schema: schema, literals: sources.literals, documentCount: sources.documentCount,
            programs: checked.programs, artifacts: generated.artifacts,
            outputFolders: session.interactive
                ? [] : generated.generator.outputFolders(forSwiftFiles: sources.swiftFiles),
            persistedQueries: generated.persistedQueries, diagnostics: diagnostics.sortedByLocation(),
            swiftFileCount: sources.swiftFiles.count, timings: timings)
        if diagnostics.isEmpty { result.fileStates = generated.fileStates }
        result.affectedFiles = checked.plan?.affectedFiles
        result.keptArtifacts = generated.kept
        result.removedArtifacts = generated.removed.sorted()
        result.parsedSources = sources.kept
        return result
    }

    /// Each Swift file's state after a run: the definitions and generated files of those it
    /// compiled, and `unaffected` as they were.
    static func fileStates(
        _ swiftFiles: [String], digests: [String: String], programs: Programs, generation: ArtifactGenerator.Generation,
        generator: ArtifactGenerator, unaffected: [String: SourceFileState]
    ) -> [String: SourceFileState] {
        var definitions: [String: [String]] = [:]
        for operation in programs.reader.operations {
            definitions[operation.location.file, default: []].append(operation.name)
        }
        for fragment in programs.reader.fragments {
            definitions[fragment.location.file, default: []].append(fragment.name)
        }
        var states: [String: SourceFileState] = [:]
        for file in swiftFiles {
            if let state = unaffected[file] {
                states[file] = state
                continue
            }
            guard let digest = digests[file] else { continue }
            let names = definitions[file] ?? []
            states[file] = SourceFileState(
                digest: digest, definitions: names, artifacts: generator.artifactPaths(of: file, definitions: names),
                schemaTypes: generation.schemaTypesByFile[file] ?? [])
        }
        return states
    }

    /// The ids of `texts` when they are not their SHA-256: Relay's MD5 or SHA-1 digests, or the
    /// ids a persisting server gives (not asked while editing: nothing is written then).
    private func persistedIDs(of texts: [String: String], diagnostics: inout [Diagnostic]) -> [String: String]? {
        if let remote = configuration.remotePersisting {
            guard !session.interactive else { return nil }
            let persister = RemotePersister(
                configuration: remote,
                cacheFile: configuration.cacheDirectory.map {
                    $0 + "/remote-persisted-ids.json"
                })
            let (ids, failures) = persister.persist(texts)
            diagnostics += failures
            return ids
        }
        let algorithm = configuration.persistAlgorithm
        return algorithm == .sha256 ? nil : texts.mapValues(algorithm.id)
    }
}
