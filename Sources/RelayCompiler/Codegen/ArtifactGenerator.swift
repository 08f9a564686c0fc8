import GraphQLParser

/// The whole of code generation: one `<Name>.graphql.swift` per operation and fragment, in a
/// `__generated__` folder next to the Swift file that defines it (or all in one artifact
/// directory), plus one `SchemaTypes.graphql.swift` per output folder with the schema enums and
/// input objects that folder's definitions use.
///
/// With `outputPerSourceFile`, the layout a build plugin needs instead: it must name every file
/// a command will write before the command runs, and it knows only the Swift files. So each
/// given Swift file gets `<File>.graphql.swift` holding all its definitions (empty when it has
/// none), and the artifact directory gets a `SchemaTypes.graphql.swift` even when no schema type
/// is used.
public struct ArtifactGenerator: Sendable {
    public let schema: Schema
    public let mapping: SwiftTypeMapping
    /// All artifacts in this folder instead of `__generated__` folders beside the sources.
    public let artifactDirectory: String?
    /// The Swift files that each get one artifact (build-plugin layout); nil for one artifact per
    /// definition.
    public let outputPerSourceFile: [String]?
    /// Generation for its diagnostics only (an editor's compile, which writes nothing): the
    /// folders' `SchemaTypes` files are not made, and of the schema types only those no
    /// `otherFiles` use are declared, for the problems a change can add.
    public var checksOnly = false

    public init(
        schema: Schema, mapping: SwiftTypeMapping, artifactDirectory: String? = nil,
        outputPerSourceFile: [String]? = nil
    ) {
        self.schema = schema
        self.mapping = mapping
        self.artifactDirectory = artifactDirectory
        self.outputPerSourceFile = outputPerSourceFile
    }

    /// The artifact of a Swift file in the per-source-file layout: `Todo.swift` → `Todo.graphql.swift`.
    public static func perSourceArtifactName(forSwiftFile path: String) -> String {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let base = fileName.hasSuffix(".swift") ? String(fileName.dropLast(".swift".count)) : fileName
        return base + ".graphql.swift"
    }

    /// The file name of the shared schema-types file; no operation or fragment can have it
    /// (operation names end in Query/Mutation/Subscription, fragment names contain `_`).
    public static let schemaTypesFileName = "SchemaTypes.graphql.swift"

    /// The files of every definition of the reader program (with the other programs' parts).
    public func artifacts(for programs: Programs) -> ([Artifact], [Diagnostic]) {
        let generation = artifacts(for: programs, regenerating: nil)
        return (generation.artifacts, generation.diagnostics)
    }

    /// What a generation produced: the files, and the schema types each Swift file's
    /// definitions use (which a later compile of part of the project needs for `SchemaTypes`).
    public struct Generation: Sendable {
        public var artifacts: [Artifact]
        public var diagnostics: [Diagnostic]
        public var schemaTypesByFile: [String: Set<String>]
    }

    /// The files of the definitions in `files` (all when nil); each folder's `SchemaTypes` file
    /// covers them and the types `otherFiles` use (Swift files with definitions that are not
    /// regenerated, by path).
    public func artifacts(
        for programs: Programs, regenerating files: Set<String>?, otherFiles: [String: Set<String>] = [:]
    ) -> Generation {
        var program = programs.reader
        if let files {
            program.operations.removeAll { !files.contains($0.location.file) }
            program.fragments.removeAll { !files.contains($0.location.file) }
        }
        var diagnostics: [Diagnostic] = []
        var artifacts: [Artifact] = []
        let definitions = DefinitionFiles(programs: programs, schema: schema, mapping: mapping)
        enum Definition {
            case operation(IROperation)
            case fragment(IRFragment)
        }
        let definitionList =
            program.operations.map(Definition.operation) + program.fragments.map(Definition.fragment)
        // Each file depends only on its own definition and the shared, read-only schema and
        // program, so files are generated in parallel; results keep the program's order. Each
        // is rendered to text where it is built, so no more than a few Swift models are alive
        // at a time (holding all of them doubled a large project's peak memory).
        let generated = definitionList.concurrentMap { definition -> (GeneratedDefinition, [Diagnostic]) in
            var fileDiagnostics: [Diagnostic] = []
            let name: String
            let location: SourceLocation
            let file: SwiftFile
            switch definition {
            case .operation(let operation):
                (name, location) = (operation.name, operation.location)
                file = definitions.operationFile(operation, diagnostics: &fileDiagnostics)
            case .fragment(let fragment):
                (name, location) = (fragment.name, fragment.location)
                file = definitions.fragmentFile(fragment, diagnostics: &fileDiagnostics)
            }
            let path = outputFolder(for: location.file) + "/" + name + ".graphql.swift"
            let body = SwiftRenderer().renderBody(file.declarations)
            // A definition's own file is finished here; one that joins its Swift file's waits.
            let text = outputPerSourceFile == nil ? Self.file(file.imports, body) : body
            return (
                GeneratedDefinition(path: path, sourceFile: location.file, imports: file.imports, text: text),
                fileDiagnostics
            )
        }
        diagnostics += generated.flatMap { $0.1 }
        if let sources = outputPerSourceFile {
            artifacts += perSourceArtifacts(
                generated.map { $0.0 }, sources: files.map { files in sources.filter(files.contains) } ?? sources,
                diagnostics: &diagnostics)
        } else {
            artifacts += generated.map { Artifact(path: $0.0.path, contents: $0.0.text) }
        }
        var byFile: [String: (operations: [IROperation], fragments: [IRFragment])] = [:]
        for operation in program.operations {
            byFile[operation.location.file, default: ([], [])].operations.append(operation)
            // A `RawResponse` names the types of every fragment the operation spreads.
            if operation.hasRawResponseType, let stored = programs.normalizationOperation(named: operation.name) {
                byFile[operation.location.file, default: ([], [])].operations.append(stored)
            }
        }
        for fragment in program.fragments {
            byFile[fragment.location.file, default: ([], [])].fragments.append(fragment)
        }
        let schemaTypes = SchemaTypesGenerator(schema: schema, mapping: mapping)
        let schemaTypesByFile = byFile.mapValues { contents in
            Set(
                schemaTypes.usedTypes(IRProgram(operations: contents.operations, fragments: contents.fragments)).map(
                    \.name))
        }
        var folders: [String: Set<String>] = [:]
        for (file, names) in schemaTypesByFile.merging(otherFiles, uniquingKeysWith: { new, _ in new }) {
            folders[outputFolder(for: file), default: []].formUnion(names)
        }
        if checksOnly {
            // The types the other files use were declared without problems by an earlier compile.
            let declaredBefore = Set(otherFiles.values.flatMap { $0 })
            let added = Set(schemaTypesByFile.values.flatMap { $0 }).subtracting(declaredBefore)
            diagnostics += schemaTypes.declarations(of: added.sorted().compactMap { schema[$0] }).1
            folders = [:]
        }
        for (folder, names) in folders.sorted(by: { $0.key < $1.key }) {
            let types = names.sorted().compactMap { schema[$0] }
            let (declarations, schemaDiagnostics) = schemaTypes.declarations(of: types)
            diagnostics += schemaDiagnostics
            guard !declarations.isEmpty || outputPerSourceFile != nil else { continue }
            let file = SwiftFile(
                headerComments: [], imports: schemaTypes.imports(for: types), declarations: declarations)
            artifacts.append(Artifact(path: folder + "/" + Self.schemaTypesFileName, contents: render(file)))
        }
        return Generation(
            artifacts: artifacts.sorted { $0.path < $1.path }, diagnostics: Self.unique(diagnostics),
            schemaTypesByFile: schemaTypesByFile)
    }

    /// What one definition generated, before it becomes an artifact of its own or part of its
    /// Swift file's.
    private struct GeneratedDefinition: Sendable {
        let path: String
        let sourceFile: String
        let imports: [String]
        /// The whole file; in the per-source-file layout, the rendered declarations only
        /// (`SwiftRenderer.renderBody`).
        let text: String
    }

    /// A generated file's text: the header, the imports, then the rendered declarations.
    private static func file(_ imports: [String], _ body: String) -> String {
        SwiftRenderer().renderHead(headerComments: [String(ArtifactWriter.header.dropFirst(3))], imports: imports)
            + body
    }

    /// One artifact per given Swift file with the declarations of all its definitions, in the
    /// program's order; the imports of all of them, once each.
    private func perSourceArtifacts(
        _ definitions: [GeneratedDefinition], sources: [String], diagnostics: inout [Diagnostic]
    ) -> [Artifact] {
        let bySource = Dictionary(grouping: definitions, by: \.sourceFile)
        var artifacts: [Artifact] = []
        for source in sources {
            let name = Self.perSourceArtifactName(forSwiftFile: source)
            guard name != Self.schemaTypesFileName else {
                diagnostics.append(
                    .error(
                        "a Swift file named SchemaTypes.swift would overwrite the generated schema types; rename it",
                        at: SourceLocation(file: source, line: 1, column: 1)))
                continue
            }
            let parts = bySource[source] ?? []
            var imports: [String] = []
            for part in parts { imports += part.imports.filter { !imports.contains($0) } }
            let contents = Self.file(imports, parts.map(\.text).joined())
            artifacts.append(Artifact(path: outputFolder(for: source) + "/" + name, contents: contents))
        }
        return artifacts
    }

    /// The files generated from the Swift file `file` with `definitions` (not the shared
    /// schema-types file): one per definition, or the file's own in the per-source layout.
    public func artifactPaths(of file: String, definitions: [String]) -> [String] {
        let folder = outputFolder(for: file)
        if outputPerSourceFile != nil {
            let name = Self.perSourceArtifactName(forSwiftFile: file)
            return name == Self.schemaTypesFileName ? [] : [folder + "/" + name]
        }
        return definitions.map { folder + "/" + $0 + ".graphql.swift" }
    }

    /// All output folders a run may write to, for stale-file cleanup.
    public func outputFolders(forSwiftFiles files: [String]) -> [String] {
        Array(Set(files.map(outputFolder))).sorted()
    }

    func outputFolder(for swiftFile: String) -> String {
        if let artifactDirectory { return artifactDirectory }
        let directory = swiftFile.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        return (directory.isEmpty ? "." : directory) + "/__generated__"
    }

    private func render(_ file: SwiftFile) -> String {
        var file = file
        file.headerComments = [String(ArtifactWriter.header.dropFirst(3))]
        return SwiftRenderer().render(file)
    }

    /// The same problem (an unmapped scalar) found in several files is reported once.
    private static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }
    }
}
