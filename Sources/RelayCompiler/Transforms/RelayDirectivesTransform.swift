import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// Reads Relay's metadata directives into the IR and checks their use: `@relay(plural:)`,
/// `@refetchable(queryName:)` and `@inline` on fragments, `@relay(mask: false)` on fragment
/// spreads, `@relay_test_operation` and `@raw_response_type` on operations,
/// `@connection(key:filters:)` and `@stream_connection` on fields, `@waterfall` (always an error
/// without client edges). The directives are consumed; what they mean travels as
/// typed IR properties.
public enum RelayDirectivesTransform: ProgramTransform {
    public static let name = "RelayDirectives"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        // As written: whether an unmasked spread's fragment has directives.
        let fragments = program.fragmentsByName
        var program = program
        var diagnostics: [Diagnostic] = []
        for index in program.operations.indices {
            var operation = program.operations[index]
            operation.isTestOperation = operation.directives.contains { $0.name == "relay_test_operation" }
            if operation.isTestOperation, let pattern = context.checks.testPathRegex,
                let regex = try? Regex(pattern), (try? regex.firstMatch(in: operation.location.file)) == nil
            {
                diagnostics.append(
                    .error(
                        "The `@relay_test_operation` directive is only allowed within test files because it creates "
                            + "larger generated files we don't want to include in production. File does not match "
                            + "test regex: \(pattern)", at: operation.location))
            }
            operation.hasRawResponseType = operation.directives.contains { $0.name == "raw_response_type" }
            operation.directives.removeAll { $0.name == "relay_test_operation" || $0.name == "raw_response_type" }
            program.operations[index] = operation
        }
        for index in program.fragments.indices {
            var fragment = program.fragments[index]
            for directive in fragment.directives where directive.name == "relay" {
                guard let plural = directive.argument("plural") else { continue }
                guard case .bool(let value) = plural.value else {
                    diagnostics.append(
                        .error(
                            "Expected the `plural` argument to @relay to be a boolean literal if specified.",
                            at: plural.location))
                    continue
                }
                fragment.isPlural = value
            }
            for directive in fragment.directives where directive.name == "refetchable" {
                fragment.refetchPrefersFetchable = prefersFetchable(directive, diagnostics: &diagnostics)
                if let directives = directive.argument("directives") {
                    let (parsed, problems) = RefetchQueryDirectives.parse(directives, schema: schema)
                    fragment.refetchQueryDirectives = parsed
                    diagnostics += problems
                }
                fragment.refetchQueryName = refetchQueryName(
                    directive, fragment: fragment, schema: schema, diagnostics: &diagnostics)
            }
            fragment.isInline = fragment.directives.contains { $0.name == "inline" }
            fragment.directives.removeAll { ["relay", "refetchable", "inline"].contains($0.name) }
            program.fragments[index] = fragment
        }
        program = program.rewritingSelections { selection in
            guard case .fragmentSpread(var spread) = selection,
                let directive = spread.directives.first(where: { $0.name == "relay" })
            else { return [selection] }
            spread.directives.removeAll { $0.name == "relay" }
            spread.isUnmasked = unmasks(directive, fragments[spread.name], diagnostics: &diagnostics)
            return [.fragmentSpread(spread)]
        }
        program = program.rewritingSelections { selection in
            var selection = selection
            guard
                let directive = selection.directives.first(where: {
                    $0.name == "connection" || $0.name == StreamConnection.directiveName
                })
            else { return [selection] }
            selection.directives.removeAll { $0.name == directive.name }
            guard case .linkedField(var field) = selection else {
                diagnostics.append(
                    .error("@connection can only be used on a field that selects a connection.", at: directive.location)
                )
                return [selection]
            }
            field.connection = connection(directive, on: field, schema: schema, diagnostics: &diagnostics)
            if directive.name == StreamConnection.directiveName, field.connection != nil {
                StreamConnection.apply(directive, to: &field, schema: schema, diagnostics: &diagnostics)
            }
            return [.linkedField(field)]
        }
        return TransformOutput(program, diagnostics)
    }

    /// Whether `@relay(…)` on a spread of `fragment` says `mask: false`, which needs a fragment
    /// without arguments or other directives (its fields are read as the parent's).
    private static func unmasks(_ directive: IRDirective, _ fragment: IRFragment?, diagnostics: inout [Diagnostic])
        -> Bool
    {
        if let plural = directive.argument("plural") {
            diagnostics.append(
                .error("@relay(plural:) is only supported on fragment definitions.", at: plural.location))
        }
        guard let mask = directive.argument("mask") else { return false }
        guard case .bool(let masked) = mask.value else {
            diagnostics.append(
                .error(
                    "Expected the `mask` argument to @relay to be a boolean literal if specified.", at: mask.location))
            return false
        }
        guard !masked, let fragment else { return false }
        if !fragment.argumentDefinitions.isEmpty || fragment.directives.contains(where: { $0.name != "relay" }) {
            diagnostics.append(
                .error(
                    "Cannot use @relay(mask: false) on fragment spreads for fragments with directives.",
                    at: directive.location))
            return false
        }
        return true
    }

    private static func refetchQueryName(
        _ directive: IRDirective, fragment: IRFragment, schema: Schema, diagnostics: inout [Diagnostic]
    ) -> String? {
        guard case .string(let name)? = directive.argument("queryName")?.value else {
            diagnostics.append(.error("@refetchable needs a string literal \"queryName\".", at: directive.location))
            return nil
        }
        if fragment.isPlural {
            diagnostics.append(
                .error(
                    "Invalid use of @refetchable on fragment `\(fragment.name)`, fragments cannot be annotated with "
                        + "both @refetchable and @relay(plural: true).", at: directive.location))
            return nil
        }
        guard RefetchRoot.of(fragment, schema: schema) != nil else {
            diagnostics.append(
                .error(
                    "@refetchable fragment \"\(fragment.name)\" is on \"\(fragment.typeCondition)\"; it must be on "
                        + "the query type, Viewer, Node, an object type implementing Node, an interface or union "
                        + "whose types all implement Node, or a @fetchable type.", at: directive.location))
            return nil
        }
        return name
    }

    /// `@refetchable(preferFetchable:)`, which must be a Boolean literal.
    private static func prefersFetchable(_ directive: IRDirective, diagnostics: inout [Diagnostic]) -> Bool {
        guard let argument = directive.argument("preferFetchable") else { return false }
        guard case .bool(let prefers) = argument.value else {
            diagnostics.append(
                .error(
                    "Expected the 'preferFetchable' argument of @refetchable to be a literal Boolean value, got "
                        + "'\(IRPrinter.print(argument.value))'", at: argument.location))
            return false
        }
        return prefers
    }

    private static func connection(
        _ directive: IRDirective, on field: IRLinkedField, schema: Schema, diagnostics: inout [Diagnostic]
    ) -> IRConnection? {
        var problems: [String] = []
        let responseKey = field.responseKey
        let key: String
        if case .string(let value)? = directive.argument("key")?.value, value.hasSuffix("_" + responseKey),
            value.count > responseKey.count + 1
        {
            key = value
        } else {
            key = ""
            problems.append(
                "Expected the key argument to @connection to be a string literal of the form <SomeName>_\(responseKey)."
            )
        }
        var filters: [String]?
        if let argument = directive.argument("filters") {
            let given = field.arguments.map(\.name)
            if let names = argument.value.stringList, names.allSatisfy(given.contains) {
                filters = names
            } else {
                problems.append(
                    "Expected the filters argument to @connection to be a list of names of arguments given to "
                        + "\"\(field.name)\" (\(given.joined(separator: ", "))).")
            }
        }
        let definition = schema[field.parentType].flatMap { schema.field(field.name, on: $0) }
        if definition?.argument("first") == nil, definition?.argument("last") == nil {
            problems.append(
                "Expected field \"\(field.name)\" to take a \"first\" or \"last\" argument to be a connection.")
        } else if !field.arguments.contains(where: { $0.name == "first" || $0.name == "last" }) {
            problems.append("Expected field '\(field.name)' to be passed a 'first' or 'last' argument.")
        }
        if let shapeProblem = connectionShapeProblem(field, schema: schema) {
            problems.append(shapeProblem)
        } else if !field.selections.contains(where: { Self.selectsEdges($0) }) {
            problems.append("Expected '\(field.name)' to be passed a 'edges' selection.")
        }
        var isPrefetchable = false
        if let argument = directive.argument("prefetchable_pagination") {
            if case .bool(let value) = argument.value {
                isPrefetchable = value
            } else {
                problems.append("Expected the prefetchable_pagination argument to @connection to be a Boolean literal.")
            }
        }
        var handler = HandleKind.connection.rawValue
        if let argument = directive.argument("handler") {
            if case .string(let name) = argument.value, !name.isEmpty {
                handler = name
            } else {
                problems.append("Expected the handler argument to @connection to be a non-empty string literal.")
            }
        }
        diagnostics += problems.map { .error($0, at: directive.location) }
        guard problems.isEmpty else { return nil }
        var connection = IRConnection(key: key, filters: filters, handler: handler)
        connection.dynamicKey = directive.argument("dynamicKey_UNSTABLE")?.value
        connection.isPrefetchable = isPrefetchable
        return connection
    }

    /// What the connection type lacks of Relay's connection shape: `edges` a list of objects
    /// with `cursor` and a `node`, `pageInfo` an object with the cursor and has-more fields of
    /// the directions the field pages in, as scalars.
    private static func connectionShapeProblem(_ field: IRLinkedField, schema: Schema) -> String? {
        guard let type = schema[field.type.namedType] else { return nil }
        func problem(_ path: String, _ returning: String) -> String {
            "@connection used on invalid field '\(field.name)'. Expected the field type '\(type.name)' to expose a "
                + "'\(path)' field that returns \(returning)."
        }
        guard let edges = type.field("edges"), case .list = edges.type.nullable,
            let edge = schema[edges.type.namedType], edge.kind == .object
        else { return problem("edges", "a list of objects") }
        guard let node = edge.field("node"), schema[node.type.namedType]?.kind.isComposite == true else {
            return problem("edges { node }", "an object, interface or union")
        }
        guard let cursor = edge.field("cursor"), schema[cursor.type.namedType]?.kind == .scalar else {
            return problem("edges { cursor }", "a scalar")
        }
        guard let pageInfo = type.field("pageInfo"), let pageInfoType = schema[pageInfo.type.namedType],
            pageInfoType.kind == .object
        else { return problem("pageInfo", "an object") }
        let (forward, backward) = field.pagingDirections
        let pagingFields =
            (forward || !backward ? ["endCursor", "hasNextPage"] : [])
            + (backward ? ["startCursor", "hasPreviousPage"] : [])
        for name in pagingFields {
            guard let pagingField = pageInfoType.field(name), schema[pagingField.type.namedType]?.kind == .scalar else {
                return problem("pageInfo { \(name) }", "a scalar")
            }
        }
        return nil
    }
}

extension RelayDirectivesTransform {
    /// True for an `edges` field (aliased or not, whatever it selects under it).
    fileprivate static func selectsEdges(_ selection: IRSelection) -> Bool {
        if case .linkedField(let edges) = selection { edges.name == "edges" } else { false }
    }
}

extension IRValue {
    /// The strings of a list of string literals; nil for anything else.
    fileprivate var stringList: [String]? {
        guard case .list(let items) = self else { return nil }
        var strings: [String] = []
        for item in items {
            guard case .string(let string) = item else { return nil }
            strings.append(string)
        }
        return strings
    }
}

// MARK: What this feature keeps on IR nodes

extension IROperation {
    /// `@relay_test_operation`: the artifact carries each selected field's schema type, for
    /// the mock payload generator.
    public var isTestOperation: Bool {
        get { metadata[OperationIsTestOperationKey.self] }
        set { metadata[OperationIsTestOperationKey.self] = newValue }
    }
}

private enum OperationIsTestOperationKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

extension IROperation {
    /// `@raw_response_type`: the artifact has a `RawResponse` type describing the whole server
    /// response, which typed optimistic responses and payloads use.
    public var hasRawResponseType: Bool {
        get { metadata[OperationHasRawResponseTypeKey.self] }
        set { metadata[OperationHasRawResponseTypeKey.self] = newValue }
    }
}

private enum OperationHasRawResponseTypeKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

extension IRFragment {
    /// `@relay(plural: true)`: the fragment reads a list of records.
    public var isPlural: Bool {
        get { metadata[FragmentIsPluralKey.self] }
        set { metadata[FragmentIsPluralKey.self] = newValue }
    }
}

private enum FragmentIsPluralKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

extension IRFragmentSpread {
    /// `@relay(mask: false)`: the parent reads the fragment's fields as its own.
    public var isUnmasked: Bool {
        get { metadata[FragmentSpreadIsUnmaskedKey.self] }
        set { metadata[FragmentSpreadIsUnmaskedKey.self] = newValue }
    }
}

private enum FragmentSpreadIsUnmaskedKey: IRMetadataKey {
    static let defaultValue: Bool = false
}
