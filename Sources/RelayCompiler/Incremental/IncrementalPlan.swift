import GraphQLParser

/// What the last successful compile knew about one Swift file: enough for the next compile to
/// redo only what an edit affects.
public struct SourceFileState: Hashable, Sendable {
    /// SHA-256 of the file's content.
    public var digest: String
    /// The definitions generated from it: its operations and fragments, and the refetch
    /// queries of its `@refetchable` fragments.
    public var definitions: [String]
    /// The files generated from it (not the folder's shared `SchemaTypes` file).
    public var artifacts: [String]
    /// The enums and input objects its definitions use, for its folder's `SchemaTypes` file.
    public var schemaTypes: Set<String>

    public init(digest: String, definitions: [String], artifacts: [String], schemaTypes: Set<String>) {
        self.digest = digest
        self.definitions = definitions
        self.artifacts = artifacts
        self.schemaTypes = schemaTypes
    }
}

/// Which Swift files a compile must redo after an edit: the files that changed (or went away),
/// and every file with a definition that spreads — directly or through other fragments — a
/// fragment a changed file defines or used to define, since its generated file inlines that
/// fragment. The documents to compile are those files' and the fragments they spread; all
/// other generated files stay as they are. Nil when the whole project must be compiled: parse
/// errors or a name defined twice, whose diagnostics need every file.
struct IncrementalPlan {
    /// The Swift files whose generated files are made again.
    let affectedFiles: Set<String>
    /// The documents (indices into the run's documents) the partial compile reads.
    let documentIndices: [Int]

    init?(
        previous: [String: SourceFileState], files: [String], digests: [String: String], documents: [Document],
        documentFiles: [String]
    ) {
        let changed = Set(files.filter { previous[$0]?.digest != digests[$0] })
        let removed = Set(previous.keys).subtracting(files)
        // What every definition is called and spreads, from the documents as they are now.
        var definitionFiles: [String: String] = [:]
        var spreads: [String: Set<String>] = [:]
        var definitionsByDocument: [[String]] = []
        for (document, file) in zip(documents, documentFiles) {
            var names: [String] = []
            for definition in document.definitions {
                let name: String
                let selections: SelectionSet
                switch definition {
                case .operation(let operation):
                    guard let operationName = operation.name?.value else { return nil }
                    (name, selections) = (operationName, operation.selectionSet)
                case .fragment(let fragment):
                    (name, selections) = (fragment.name.value, fragment.selectionSet)
                default:
                    return nil
                }
                guard definitionFiles.updateValue(file, forKey: name) == nil else { return nil }
                var spread: Set<String> = []
                Self.collectSpreads(selections, into: &spread)
                spreads[name] = spread
                names.append(name)
            }
            definitionsByDocument.append(names)
        }
        // Fragments whose text may differ from what the last compile inlined.
        var dirty: Set<String> = []
        for file in changed.union(removed) { dirty.formUnion(previous[file]?.definitions ?? []) }
        for (name, file) in definitionFiles where changed.contains(file) { dirty.insert(name) }
        var closures: [String: Set<String>] = [:]
        func closure(_ name: String) -> Set<String> {
            if let known = closures[name] { return known }
            closures[name] = []  // a cycle is reported by a full compile; here it just ends
            var result: Set<String> = []
            for spread in spreads[name] ?? [] {
                result.insert(spread)
                result.formUnion(closure(spread))
            }
            closures[name] = result
            return result
        }
        var affected = changed
        for (name, file) in definitionFiles where !affected.contains(file) && !closure(name).isDisjoint(with: dirty) {
            affected.insert(file)
        }
        var needed: Set<String> = []
        for (name, file) in definitionFiles where affected.contains(file) {
            needed.insert(name)
            needed.formUnion(closure(name))
        }
        affectedFiles = affected
        documentIndices = definitionsByDocument.indices.filter { index in
            affected.contains(documentFiles[index]) || definitionsByDocument[index].contains(where: needed.contains)
        }
    }

    private static func collectSpreads(_ selectionSet: SelectionSet, into spreads: inout Set<String>) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): field.selectionSet.map { collectSpreads($0, into: &spreads) }
            case .fragmentSpread(let spread): spreads.insert(spread.name.value)
            case .inlineFragment(let fragment): collectSpreads(fragment.selectionSet, into: &spreads)
            }
        }
    }
}
