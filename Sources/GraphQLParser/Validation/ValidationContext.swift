/// What rules see while the validator walks a document: the schema, the project's fragments,
/// where the walk is (parent type, field, expected input type, … as graphql-js's TypeInfo
/// tracks them), and a place to report errors.
public final class ValidationContext {
    public let schema: Schema
    /// Every fragment of the project by name (the first of duplicates): in a Relay project a
    /// fragment defined in one file may be spread from any other.
    public let fragments: [String: FragmentDefinition]
    /// The errors reported so far, at most `options.maxErrors` of them.
    public private(set) var errors: [ValidationError] = []
    /// Whether an error beyond `options.maxErrors` was reported: the walk stops, and rules
    /// that collect many errors at once stop collecting.
    public private(set) var isAborted = false
    /// The operations walked so far, in order; all of them by the time rules `finish()`.
    public internal(set) var operations: [OperationDefinition] = []

    // The walk's position, maintained by the validator.
    var parentTypeStack: [SchemaType?] = []
    var typeStack: [TypeRef?] = []
    /// The named type of each `typeStack` entry, resolved once.
    var namedTypeStack: [SchemaType?] = []
    var inputTypeStack: [TypeRef?] = []
    var fieldStack: [SchemaField?] = []
    var defaultValueStack: [Value?] = []
    /// The directive being visited, if any.
    public internal(set) var directive: SchemaDirective?
    /// The argument definition being visited, if any.
    public internal(set) var argument: SchemaInputValue?
    /// The directive node whose arguments are being visited, if any (known or not).
    public internal(set) var directiveNode: Directive?

    /// The language extensions in effect.
    public let options: ValidationOptions

    init(schema: Schema, fragments: [String: FragmentDefinition], options: ValidationOptions = .standard) {
        self.schema = schema
        self.fragments = fragments
        self.options = options
    }

    /// The composite type whose selection set is being visited.
    public var parentType: SchemaType? { parentTypeStack.last ?? nil }
    /// The output type of the current field, operation or fragment.
    public var type: TypeRef? { typeStack.last ?? nil }
    /// The named type of `type` (`User` for `[User!]`).
    public var namedOutputType: SchemaType? { namedTypeStack.last ?? nil }
    /// The field definition of the current field.
    public var fieldDefinition: SchemaField? { fieldStack.last ?? nil }
    /// The type the current input value must have.
    public var inputType: TypeRef? { inputTypeStack.last ?? nil }
    /// The input type one level up (the list or object the current value is in).
    public var parentInputType: TypeRef? {
        inputTypeStack.count >= 2 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    /// The default value of the current argument or input field, if it has one.
    public var defaultValue: Value? { defaultValueStack.last ?? nil }

    public func report(_ message: String, at nodes: [any SyntaxNode]) {
        guard !isAborted else { return }
        if options.limitsErrorsPerSource {
            let source = nodes.first?.tree.sourceName ?? currentSource ?? ""
            guard !abortedSources.contains(source) else { return }
            if let limit = options.maxErrors, errorCountBySource[source, default: 0] >= limit {
                abortedSources.insert(source)
                return
            }
            errorCountBySource[source, default: 0] += 1
        } else if let limit = options.maxErrors, errors.count >= limit {
            isAborted = true
            return
        }
        errors.append(ValidationError(message: message, nodes: nodes))
    }

    /// Every name a fragment of the project declares as a local variable
    /// (`ValidationOptions.fragmentVariablesDirective`): a value that reads one is only known
    /// once the fragment's arguments are applied.
    public private(set) lazy var fragmentLocalVariableNames: Set<String> = fragments.values.reduce(into: []) {
        $0.formUnion(options.localVariables(of: $1))
    }

    /// The source file of the document being walked (`limitsErrorsPerSource`).
    var currentSource: String?
    private var errorCountBySource: [String: Int] = [:]
    /// The source files past the error limit (`limitsErrorsPerSource`).
    public private(set) var abortedSources: Set<String> = []

    /// How many more errors can be reported before validation aborts (`Int.max` without a
    /// limit; per source file, that of the document being walked); a rule that finds errors in
    /// bulk need not find more than one beyond this.
    public var remainingErrors: Int {
        guard let limit = options.maxErrors else { return Int.max }
        if options.limitsErrorsPerSource {
            let source = currentSource ?? ""
            return abortedSources.contains(source) ? 0 : max(0, limit - errorCountBySource[source, default: 0])
        }
        return isAborted ? 0 : max(0, limit - errors.count)
    }

    public func report(_ message: String, at nodes: any SyntaxNode...) {
        report(message, at: nodes)
    }

    /// The named type a reference resolves to in the schema.
    public func namedType(_ type: TypeRef?) -> SchemaType? {
        type.flatMap { schema[$0.namedType] }
    }

    /// The schema type a type reference in a document denotes, if every name in it exists.
    public func typeRef(_ node: TypeReference) -> TypeRef? {
        let type = TypeRef(node)
        return schema[type.namedType] == nil ? nil : type
    }

    // MARK: Derived information, computed on demand and cached per node

    /// A node of one of the validated documents.
    struct NodeKey: Hashable {
        var tree: ObjectIdentifier
        var id: UInt32

        init(_ node: some SyntaxNode) {
            tree = ObjectIdentifier(node.tree)
            id = node.id
        }
    }

    private var spreadsCache: [NodeKey: [FragmentSpread]] = [:]

    /// The fragment spreads directly in a selection set (not inside spread fragments).
    public func fragmentSpreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
        let key = NodeKey(selectionSet)
        if let cached = spreadsCache[key] { return cached }
        var spreads: [FragmentSpread] = []
        var pending = [selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let child = field.selectionSet { pending.append(child) }
                case .inlineFragment(let fragment): pending.append(fragment.selectionSet)
                }
            }
        }
        spreadsCache[key] = spreads
        return spreads
    }

    private var referencedFragmentsCache: [NodeKey: [FragmentDefinition]] = [:]

    /// Every fragment an operation uses, directly or through other fragments.
    public func recursivelyReferencedFragments(_ operation: OperationDefinition) -> [FragmentDefinition] {
        let key = NodeKey(operation)
        if let cached = referencedFragmentsCache[key] { return cached }
        let fragments = collectReferencedFragments(operation)
        referencedFragmentsCache[key] = fragments
        return fragments
    }

    private func collectReferencedFragments(_ operation: OperationDefinition) -> [FragmentDefinition] {
        var fragments: [FragmentDefinition] = []
        var seen: Set<String> = []
        var pending = [operation.selectionSet]
        while let set = pending.popLast() {
            for spread in fragmentSpreads(in: set) {
                let name = spread.name.value
                guard seen.insert(name).inserted, let fragment = self.fragments[name] else { continue }
                fragments.append(fragment)
                pending.append(fragment.selectionSet)
            }
        }
        return fragments
    }

    /// A variable used in an operation or fragment, with the type its position expects and the
    /// default value of that position.
    public struct VariableUsage {
        public var variable: Variable
        public var type: TypeRef?
        public var defaultValue: Value?
        /// The input type one level up, e.g. the input object a field value belongs to.
        public var parentType: TypeRef?
    }

    /// Variable usages by operation or fragment definition, recorded during the walk.
    var usages: [NodeKey: [VariableUsage]] = [:]

    /// The variables an operation uses, directly or in the fragments it spreads. Complete once
    /// every document has been walked, i.e. in `ValidationRule.finish()`.
    public func recursiveVariableUsages(_ operation: OperationDefinition) -> [VariableUsage] {
        var all = usages[NodeKey(operation)] ?? []
        for fragment in recursivelyReferencedFragments(operation) {
            all += usages[NodeKey(fragment)] ?? []
        }
        return all
    }
}

/// A validation error before it has line numbers: graphql-js's message and the nodes it points
/// at, in graphql-js's order.
public struct ValidationError: Sendable {
    public var message: String
    public var locations: [(tree: SyntaxTree, range: SourceRange)]

    init(message: String, nodes: [any SyntaxNode]) {
        self.message = message
        locations = nodes.map { ($0.tree, $0.range) }
    }

    /// The last error of a source file whose validation stopped at the error limit, at the start
    /// of `document` (`ValidationOptions.limitsErrorsPerSource`).
    static func aborted(_ document: Document) -> ValidationError {
        ValidationError(
            message: "Too many validation errors in this file, error limit reached. Validation of the file aborted.",
            nodes: [document])
    }

    /// The last error of an aborted validation (graphql-js's text); it has no location.
    static let aborted = ValidationError(
        message: "Too many validation errors, error limit reached. Validation aborted.", nodes: [])

    /// The error as a diagnostic: at the first location, with the others as notes.
    public var diagnostic: Diagnostic {
        let resolved = locations.map { $0.tree.location(of: $0.range) }
        return Diagnostic.error(
            message, at: resolved.first, notes: resolved.dropFirst().map { DiagnosticNote("related location", at: $0) })
    }
}
