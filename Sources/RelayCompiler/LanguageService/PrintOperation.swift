import GraphQLParser

/// "Print operation" (Relay's language server command): the full text an operation sends to the
/// server — its fragments included, Relay's directives gone, fragment arguments applied, the
/// fields the store needs added — as the compile of the command line makes it.
extension LanguageWorkspace {
    /// The operation at the offset (or the first of the literal the offset is in) and the text
    /// the server gets for it; nil outside an operation, or when it or its fragments have errors.
    public func operationText(in file: String, atByte offset: Int) -> (name: String, text: String)? {
        guard let (source, inner) = graphQL(in: file, atByte: offset), let schema else { return nil }
        let document = Parser.parse(source, options: configuration.parseOptions).document
        var operations: [OperationDefinition] = []
        for case .operation(let operation) in document.definitions { operations.append(operation) }
        let chosen =
            operations.first { Int($0.range.start) <= inner && inner <= Int($0.range.end) } ?? operations.first
        guard let operation = chosen, let name = operation.name?.value else { return nil }
        // The operation's literal, those of the fragments it spreads, and those of the root
        // fragments of the Relay Resolvers in the schema (a resolver field reaches its root
        // fragment through the schema, not a spread); each with the fragments it spreads.
        let index = fragmentIndex()
        var documents = [document]
        var seen: Set<String> = []
        var pending = Array(DocumentOutline.spreads(operation.selectionSet))
        pending += ResolverDefinition.byRootFragment(in: schema).keys.filter { !$0.isEmpty }
        var ownFragments: [String: FragmentDefinition] = [:]
        for case .fragment(let fragment) in document.definitions { ownFragments[fragment.name.value] = fragment }
        while let spread = pending.popLast() {
            guard seen.insert(spread).inserted else { continue }
            // A fragment of the operation's own literal is in `document` already.
            if let own = ownFragments[spread] {
                pending += DocumentOutline.spreads(own.selectionSet)
                continue
            }
            guard let entry = index[spread] else { continue }
            if !documents.contains(where: { $0.tree === entry.document.tree }) { documents.append(entry.document) }
            pending += Self.spreads(in: entry.document)
        }
        // The check stage of the command line's compile, with the project's settings.
        var timings = StageTimings()
        let checked = Pipeline.check(
            documents, schema: schema, fragmentNames: Array(index.keys),
            context: TransformContext(
                schema: schema, enforcesFragmentAliases: configuration.enforcesFragmentAliases,
                requiresFileNamePrefix: configuration.requiresFileNamePrefix, checks: configuration.checks),
            timings: &timings)
        return checked.programs?.texts[name].map { (name, $0) }
    }

    /// The fragments a document's operations and fragments spread.
    static func spreads(in document: Document) -> [String] {
        document.definitions.flatMap { definition -> Set<String> in
            switch definition {
            case .operation(let operation): DocumentOutline.spreads(operation.selectionSet)
            case .fragment(let fragment): DocumentOutline.spreads(fragment.selectionSet)
            default: []
            }
        }
    }
}
