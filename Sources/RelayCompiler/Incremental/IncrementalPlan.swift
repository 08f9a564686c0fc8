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
/// other generated files stay as they are. Nil when the whole project must be compiled: a
/// definition it cannot place, or a name defined twice (a refetch query's too), whose
/// diagnostics need every file. Known before anything is checked, so a partial compile is one
/// from start to end: its diagnostics are those of the files it compiles, and the files it does
/// not compile were clean (file states are kept only from compiles without diagnostics) and are
/// unaffected.
struct IncrementalPlan {
    /// The Swift files whose generated files are made again.
    let affectedFiles: Set<String>
    /// The documents (indices into the run's documents) the partial compile reads.
    let documentIndices: [Int]

    init?(
        previous: [String: SourceFileState], files: [String], digests: [String: String],
        outlines: [DocumentOutline], documentFiles: [String]
    ) {
        let changed = Set(files.filter { previous[$0]?.digest != digests[$0] })
        let removed = Set(previous.keys).subtracting(files)
        // What every definition is called and spreads, from the documents as they are now.
        var definitionFiles: [String: String] = [:]
        var spreads: [String: Set<String>] = [:]
        var definitionsByDocument: [[String]] = []
        for (outline, file) in zip(outlines, documentFiles) {
            guard let definitions = outline.definitions else { return nil }
            for definition in definitions {
                guard definitionFiles.updateValue(file, forKey: definition.name) == nil else { return nil }
                spreads[definition.name] = definition.spreads
            }
            definitionsByDocument.append(definitions.map(\.name))
        }
        // Fragments whose text may differ from what the last compile inlined.
        var dirty: Set<String> = []
        for file in changed.union(removed) { dirty.formUnion(previous[file]?.definitions ?? []) }
        for (name, file) in definitionFiles where changed.contains(file) { dirty.insert(name) }
        // A definition is affected when it reaches a dirty fragment through spreads: walk the
        // spreads backwards from the dirty ones (each definition once, whatever the project's size).
        var spreaders: [String: [String]] = [:]
        for (name, spread) in spreads {
            for fragment in spread { spreaders[fragment, default: []].append(name) }
        }
        var reaching: Set<String> = []
        var pending = Array(dirty)
        while let name = pending.popLast() {
            for spreader in spreaders[name] ?? [] where reaching.insert(spreader).inserted { pending.append(spreader) }
        }
        var affected = changed
        for name in reaching { if let file = definitionFiles[name] { affected.insert(file) } }
        // The compile reads the affected definitions and every fragment they spread, directly or not.
        var needed: Set<String> = []
        pending = definitionFiles.filter { affected.contains($0.value) }.map(\.key)
        while let name = pending.popLast() {
            guard needed.insert(name).inserted else { continue }
            pending += spreads[name] ?? []
        }
        affectedFiles = affected
        documentIndices = definitionsByDocument.indices.filter { index in
            affected.contains(documentFiles[index]) || definitionsByDocument[index].contains(where: needed.contains)
        }
    }
}

/// What a compile after an edit needs to know of one document: each definition's name and the
/// fragments it spreads, and the refetch query each `@refetchable` fragment adds (a definition
/// of the document too, spreading its fragment). Made once per parse, so that planning does not
/// walk every document of the project again.
public struct DocumentOutline: Sendable {
    public struct Definition: Sendable {
        public var name: String
        public var spreads: Set<String>
    }
    /// Nil when the document has a definition a partial compile cannot place (an anonymous
    /// operation, a type-system definition, a `@refetchable` without a string `queryName`).
    public var definitions: [Definition]?

    public init(_ document: Document) {
        var definitions: [Definition] = []
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                guard let name = operation.name?.value else {
                    self.definitions = nil
                    return
                }
                definitions.append(Definition(name: name, spreads: Self.spreads(operation.selectionSet)))
            case .fragment(let fragment):
                definitions.append(
                    Definition(name: fragment.name.value, spreads: Self.spreads(fragment.selectionSet)))
                if let refetchable = fragment.directives.first(where: { $0.name.value == "refetchable" }) {
                    let queryName = refetchable.arguments.first { $0.name.value == "queryName" }?.value
                    guard case .string(let name)? = queryName else {
                        self.definitions = nil
                        return
                    }
                    definitions.append(Definition(name: name.value, spreads: [fragment.name.value]))
                }
            default:
                self.definitions = nil
                return
            }
        }
        self.definitions = definitions
    }

    /// The fragments a selection set spreads, at any depth.
    static func spreads(_ selectionSet: SelectionSet) -> Set<String> {
        var spreads: Set<String> = []
        func visit(_ selectionSet: SelectionSet) {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field): field.selectionSet.map(visit)
                case .fragmentSpread(let spread): spreads.insert(spread.name.value)
                case .inlineFragment(let fragment): visit(fragment.selectionSet)
                }
            }
        }
        visit(selectionSet)
        return spreads
    }
}
