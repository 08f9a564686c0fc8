import Foundation
import GraphQLParser

/// The project an editor works on, for the language server: every source file's text (Swift
/// files and the GraphQL files of relay.json's `documents`; the editor's unsaved text for open
/// files, the disk's for the rest) and other `.graphql` files the editor opened, compiled again on each change with what the last compile knew, so that a
/// change costs what it affects: only changed files are scanned and parsed
/// (`CompileSession.parsedSources`), and only the files a change affects are checked
/// (`CompileSession.previous`, the last compile without errors).
public final class LanguageWorkspace {
    public let configuration: CompilerConfiguration
    /// The project's source files, sorted: those on disk and new ones the editor has open (Swift
    /// files, and the GraphQL files of `documents`).
    private var swiftFiles: [String]
    /// Swift files of the project the editor has open, saved or not.
    private var editorFiles: Set<String> = []
    /// Sources that could not be looked through when the files were last listed.
    public private(set) var sourceProblems: [Diagnostic]
    private var texts: [String: String] = [:]
    private var digests: [String: String] = [:]
    /// `.graphql` files open in the editor that are not schema files: executable documents.
    private var graphQLDocuments: [String: String] = [:]
    /// Schema files the editor changed, read instead of the disk.
    private var schemaTexts: [String: String] = [:]
    private var parsedSources: [String: Pipeline.ParsedSource] = [:]
    /// The Swift files' states after the last compile without errors.
    private var baseline: [String: SourceFileState]?
    /// The schema of the last compile that read it without errors (with the fields the Swift
    /// files' `@RelayResolver` docblocks declare); nil until then.
    public private(set) var schema: Schema?
    /// `schema` has fields of docblocks, which the next compile must read again (they may have
    /// changed), rather than take `schema` as it is.
    private var schemaHasDocblocks = false
    /// The diagnostics of the last compile, by file (files without any are absent).
    public private(set) var diagnostics: [String: [Diagnostic]] = [:]
    /// The digest each Swift file with diagnostics had when they were found.
    private var diagnosedDigests: [String: String] = [:]

    public init(configuration: CompilerConfiguration) {
        self.configuration = configuration
        let listing = configuration.sourceListing
        swiftFiles = listing.files
        sourceProblems = listing.problems
        let read = swiftFiles.concurrentMap { Pipeline.read($0) }
        for (file, text) in zip(swiftFiles, read) {
            guard let text else { continue }
            texts[file] = text
            digests[file] = SHA256.hexDigest(Array(text.utf8))
        }
    }

    /// True for a Swift file of the project (one the workspace compiles).
    public func isProjectFile(_ file: String) -> Bool { texts[file] != nil || swiftFiles.contains(file) }

    /// How many Swift files the project has.
    public var swiftFileCount: Int { swiftFiles.count }

    /// The project's Swift files, sorted (without its GraphQL documents).
    var projectSwiftFiles: [String] { swiftFiles.filter { $0.hasSuffix(".swift") } }

    /// The project's source files, sorted: Swift files and GraphQL documents.
    var projectSourceFiles: [String] { swiftFiles }

    /// True for a file of the configuration's schema (or its client extensions).
    public func isSchemaFile(_ file: String) -> Bool { configuration.allSchemaFiles.contains(file) }

    /// Gives a file the editor's text, or with nil the disk's again (the editor closed it, or
    /// it changed on disk). A Swift file the project did not list is listed again first (it
    /// may be new, and need not be saved yet: a file under the sources that the editor opens
    /// is checked before it exists on disk); one outside the project is ignored.
    public func setText(_ text: String?, of file: String) {
        let isDocument = file.hasSuffix(".graphql") && configuration.includesSource(file)
        if (file.hasSuffix(".graphql") && !isDocument) || file.hasSuffix(".json") {
            if isSchemaFile(file) {
                schemaTexts[file] = text
                schema = nil
                baseline = nil
            } else if file.hasSuffix(".graphql") {
                graphQLDocuments[file] = text
            }
            return
        }
        guard file.hasSuffix(".swift") || isDocument else { return }
        if text != nil, configuration.includesSource(file) {
            editorFiles.insert(file)
        } else if text == nil {
            editorFiles.remove(file)
        }
        if texts[file] == nil || text == nil {
            let listing = configuration.sourceListing
            let listed = Set(listing.files).union(editorFiles).sorted()
            sourceProblems = listing.problems
            if listed != swiftFiles {
                swiftFiles = listed
                texts = texts.filter { Set(listed).contains($0.key) }
            }
        }
        guard swiftFiles.contains(file) else { return }
        guard let newText = text ?? Pipeline.read(file) else {
            texts[file] = nil
            digests[file] = nil
            swiftFiles.removeAll { $0 == file }  // closed before it was ever saved
            return
        }
        if texts[file] != newText {
            texts[file] = newText
            digests[file] = SHA256.hexDigest(Array(newText.utf8))
        }
    }

    /// The text a file has in this workspace: the editor's, or the disk's for a project file.
    public func text(of file: String) -> String? {
        texts[file] ?? graphQLDocuments[file] ?? schemaTexts[file] ?? (isSchemaFile(file) ? Pipeline.read(file) : nil)
    }

    /// A Swift file's code with its index: the last compile's, unless the text changed since.
    func swiftCode(of file: String) -> SwiftCode? {
        guard file.hasSuffix(".swift"), let text = text(of: file) else { return nil }
        let parsed = parsedSources[file].flatMap { $0.digest == digests[file] ? $0 : nil }
        return SwiftCode(text: text, file: file, index: parsed?.extraction.index)
    }

    /// What a compile found.
    public struct Compilation {
        /// Diagnostics by file; a file without any is absent.
        public var diagnostics: [String: [Diagnostic]] = [:]
        /// The files whose diagnostics were checked; the others keep the ones they had (a
        /// compile that stopped at a parse error checks only what it parsed).
        public var checkedEverything = true
        public var timings = StageTimings()
        /// The generated files this compile made in memory (not the schema types'): what the
        /// command line would write for the files it compiled.
        public var artifacts: [Artifact] = []
    }

    /// The files the editor's compile reads: the project's sources, and the `.graphql` files
    /// open in the editor, which are compiled as the project's documents are.
    private var compiledFiles: [String] {
        graphQLDocuments.isEmpty ? swiftFiles : Array(Set(swiftFiles).union(graphQLDocuments.keys)).sorted()
    }

    /// Compiles the project as it is now, through the project driver as the command line does,
    /// with the editor's buffers and without writing.
    @discardableResult
    public func compile() -> Compilation {
        // (Merged only when there is something to merge: a keystroke copies no dictionary.)
        var buffers = texts
        var knownDigests = digests
        if !schemaTexts.isEmpty { buffers.merge(schemaTexts) { current, _ in current } }
        if !graphQLDocuments.isEmpty {
            buffers.merge(graphQLDocuments) { current, _ in current }
            knownDigests.merge(documentDigests) { current, _ in current }
        }
        var driver = ProjectDriver(
            configuration: configuration,
            inputs: EditorInputs(listing: SourceDiscovery.Listing(files: compiledFiles), buffers: buffers),
            session: CompileSession(
                previous: baseline, knownDigests: knownDigests, parsedSources: parsedSources, interactive: true))
        driver.loadedSchema = schemaHasDocblocks ? nil : schema
        guard let result = driver.build(.check).result else { return Compilation() }
        parsedSources = result.parsedSources
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in result.diagnostics { byFile[diagnostic.location?.file ?? "", default: []].append(diagnostic) }
        if result.stoppedAtParsing {
            // The rest of the project was not checked: files unchanged since their diagnostics
            // keep them; a changed file that parses has none until it is checked.
            for (file, old) in diagnostics where byFile[file] == nil && diagnosedDigests[file] == currentDigest(file) {
                byFile[file] = old
            }
        } else {
            if !result.diagnostics.containsErrors { baseline = result.fileStates }
        }
        // Kept once read without errors (a run with errors may have read a broken schema).
        let schemaErrors = result.diagnostics.contains { diagnostic in
            diagnostic.severity == .error && (diagnostic.location.map { isSchemaFile($0.file) } ?? true)
        }
        let hasDocblocks = result.parsedSources.values.contains { !$0.resolverDocblocks.isEmpty }
        if !schemaErrors, schema == nil || hasDocblocks || schemaHasDocblocks {
            schema = result.schema
            schemaHasDocblocks = hasDocblocks
        }
        diagnostics = byFile.filter { !$0.value.isEmpty }
        diagnosedDigests = Dictionary(
            uniqueKeysWithValues: diagnostics.keys.compactMap { file in
                currentDigest(file).map { (file, $0) }
            })
        return Compilation(
            diagnostics: diagnostics, checkedEverything: !result.stoppedAtParsing, timings: result.timings,
            artifacts: result.artifacts)
    }

    /// SHA-256 of the open `.graphql` documents' texts, which the compile reads as sources.
    private var documentDigests: [String: String] {
        graphQLDocuments.mapValues { SHA256.hexDigest(Array($0.utf8)) }
    }

    private func currentDigest(_ file: String) -> String? {
        digests[file] ?? graphQLDocuments[file].map { SHA256.hexDigest(Array($0.utf8)) }
    }

    /// A fragment the project defines.
    public struct FragmentEntry {
        public var definition: FragmentDefinition
        /// The document it is in, with the other definitions of its literal.
        public var document: Document
        public var typeCondition: String { definition.typeCondition.name.value }
    }

    /// Every fragment of the project's Swift literals and open `.graphql` files, by name (the
    /// first one for a name defined twice, which the compiler reports).
    public func fragmentIndex() -> [String: FragmentEntry] {
        var index: [String: FragmentEntry] = [:]
        for (_, document) in documents() {
            for definition in document.definitions {
                if case .fragment(let fragment) = definition, index[fragment.name.value] == nil {
                    index[fragment.name.value] = FragmentEntry(definition: fragment, document: document)
                }
            }
        }
        return index
    }

    /// The GraphQL documents of the project, with their files: each literal of the Swift files
    /// as the last compile parsed it, then the open `.graphql` files.
    func documents() -> [(file: String, document: Document)] {
        var documents: [(String, Document)] = []
        for file in compiledFiles {
            if let parsed = parsedSources[file], parsed.digest == currentDigest(file) {
                for parse in parsed.parses { documents.append((file, parse.document)) }
            } else if let text = graphQLDocuments[file] {
                // Opened since the last compile.
                documents.append(
                    (file, Parser.parse(Source(text, name: file), options: configuration.parseOptions).document))
            } else {
                for parse in parsedSources[file]?.parses ?? [] { documents.append((file, parse.document)) }
            }
        }
        return documents
    }

    /// The GraphQL at a byte offset of a file: the literal of a Swift file the offset is in (nil
    /// outside every literal), or a `.graphql` file's whole text; with the offset in it.
    public func graphQL(in file: String, atByte offset: Int) -> (source: Source, offset: Int)? {
        // A schema file is SDL, where these features do not apply.
        guard !isSchemaFile(file), let text = text(of: file) else { return nil }
        guard file.hasSuffix(".swift") else { return (Source(text, name: file), offset) }
        // The last compile's literals, unless the text changed since (not compiled yet).
        let parsed = parsedSources[file].flatMap { $0.digest == digests[file] ? $0 : nil }
        let literals =
            parsed?.extraction.literals
            ?? GraphQLLiteralExtractor.extract(from: text, file: file).literals
        for literal in literals where Int(literal.range.start) <= offset && offset <= Int(literal.range.end) {
            guard let inner = literal.source.origin?.graphQLOffset(ofContainingOffset: offset) else { continue }
            return (literal.source, inner)
        }
        return nil
    }
}
