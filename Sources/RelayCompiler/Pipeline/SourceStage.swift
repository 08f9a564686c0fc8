import GraphQLParser

extension Pipeline {
    /// The Swift sources of a compile, read, their literals extracted and parsed.
    struct ReadSources {
        var swiftFiles: [String]
        var literals: [ExtractedLiteral] = []
        /// One per literal; let go once the IR is built, before code generation, which is where
        /// a compile peaks in memory.
        var documents: [Document] = []
        var documentCount = 0
        var outlines: [DocumentOutline] = []
        var digests: [String: String] = [:]
        /// Every file's literals and parses, when the session keeps them.
        var kept: [String: ParsedSource] = [:]
        /// Listing, reading, extraction and syntax problems.
        var diagnostics: [Diagnostic] = []
        /// The schema extensions the files' `@RelayResolver` docblocks make, one per file.
        var resolverExtensions: [Source] = []
    }

    /// Lists the Swift files (unless the caller did), then reads, scans and parses each,
    /// independently and in parallel, unless the session has a parse of the same content;
    /// results keep the sorted order.
    func readSources() -> ReadSources {
        let listing =
            swiftFiles.map { SourceDiscovery.Listing(files: $0, problems: sourceProblems) }
            ?? configuration.sourceListing
        var read = ReadSources(swiftFiles: listing.files, diagnostics: listing.problems)
        let (files, session, parseOptions) = (inMemoryFiles, session, parseOptions)
        let sources = listing.files.concurrentMap { file -> ParsedSource? in
            if let digest = session.knownDigests[file], let earlier = session.parsedSources?[file],
                earlier.digest == digest
            {
                return earlier
            }
            let read = files[file].map { ($0, Diagnostic?.none) } ?? Self.readChecked(file)
            return read.map { text, problem in
                var extraction =
                    file.hasSuffix(".graphql")
                    ? GraphQLDocumentFile.extract(from: text, file: file)
                    : GraphQLLiteralExtractor.extract(from: text, file: file)
                if let problem { extraction.diagnostics.insert(problem, at: 0) }
                let parses = extraction.literals.map { Parser.parse($0.source, options: parseOptions) }
                let resolvers =
                    file.hasSuffix(".graphql")
                    ? (docblocks: [], diagnostics: [])
                    : ResolverDocblocks.extract(from: text, file: file, index: extraction.index)
                return ParsedSource(
                    digest: session.knownDigests[file] ?? SHA256.hexDigest(Array(text.utf8)), extraction: extraction,
                    parses: parses, outlines: parses.map { DocumentOutline($0.document) },
                    resolverDocblocks: resolvers.docblocks, resolverDiagnostics: resolvers.diagnostics)
            }
        }
        for (file, source) in zip(listing.files, sources) {
            guard let source else {
                read.diagnostics.append(
                    .error("cannot read '\(file)': \(SourceDiscovery.whyUnreadable(file))", at: nil))
                continue
            }
            read.literals += source.extraction.literals
            read.diagnostics += source.extraction.diagnostics + source.resolverDiagnostics
            if let resolvers = ResolverDocblocks.schemaExtension(source.resolverDocblocks, file: file) {
                read.resolverExtensions.append(resolvers)
            }
            for parse in source.parses {
                read.documents.append(parse.document)
                read.diagnostics += parse.diagnostics
            }
            read.outlines += source.outlines
            read.digests[file] = source.digest
            if session.parsedSources != nil { read.kept[file] = source }
        }
        read.documentCount = read.documents.count
        return read
    }

    /// An editor's compile that ended at errors in reading or parsing: those errors, and
    /// nothing about the rest of the project.
    func stoppedAtParsing(_ sources: ReadSources, schema: Schema, diagnostics: [Diagnostic], timings: StageTimings)
        -> Result
    {
        var result = Result(
            schema: schema, literals: sources.literals, documentCount: sources.documentCount, programs: nil,
            artifacts: [], outputFolders: [], persistedQueries: [:], diagnostics: diagnostics.sortedByLocation(),
            swiftFileCount: sources.swiftFiles.count, timings: timings)
        result.stoppedAtParsing = true
        result.parsedSources = sources.kept
        return result
    }
}
