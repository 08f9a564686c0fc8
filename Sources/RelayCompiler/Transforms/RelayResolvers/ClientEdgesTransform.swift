import GraphQLParser

/// Client edges to server objects (Relay's `client_edges` transform): a linked field a Relay
/// Resolver backs, whose type is the server's, is read from the record whose id the resolver
/// returns. That record may not be in the store yet, so reading the field is a network round
/// trip — a waterfall — which the field must say with `@waterfall`. For each such field the
/// transform adds Relay's `ClientEdgeQuery_<document>_<path>`: a refetchable fragment of the
/// field's selections (`RefetchableClientEdgeQuery_…`) that `RefetchableTransform` turns into a
/// `node(id:)` query.
///
/// Relay's checks, with its messages: `@waterfall` only on such fields and always on them, no
/// other directive on a client edge but `@required` and `@catch`, and no list of server objects. An
/// interface or union with a server member counts as a server type (Relay's mixed edges).
public enum ClientEdgesTransform: ProgramTransform {
    public static let name = "ClientEdges"

    static let waterfall = "waterfall"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        var walker = Walker(schema: context.schema)
        var program = program
        for index in program.operations.indices {
            let operation = program.operations[index]
            walker.begin(document: operation.name, at: operation.location)
            program.operations[index].selections = walker.rewrite(operation.selections)
        }
        for index in program.fragments.indices {
            let fragment = program.fragments[index]
            walker.begin(document: fragment.name, at: fragment.location)
            program.fragments[index].selections = walker.rewrite(fragment.selections)
        }
        program.fragments += walker.queryFragments
        return TransformOutput(program, walker.diagnostics)
    }

    private struct Walker {
        let schema: Schema
        var diagnostics: [Diagnostic] = []
        /// The refetchable fragments of the client edge queries made.
        var queryFragments: [IRFragment] = []
        private var document = ""
        private var documentLocation = SourceLocation(file: "", line: 0, column: 0)
        private var path: [String] = []
        private var queryNames: [String: Int] = [:]

        init(schema: Schema) {
            self.schema = schema
        }

        mutating func begin(document: String, at location: SourceLocation) {
            self.document = document
            documentLocation = location
            path = []
        }

        mutating func rewrite(_ selections: [IRSelection]) -> [IRSelection] {
            selections.map { selection in
                switch selection {
                case .linkedField(let field):
                    path.append(field.responseKey)
                    defer { path.removeLast() }
                    return .linkedField(rewrite(field))
                case .inlineFragment(var fragment):
                    if fragment.hasTypeCondition { path.append(fragment.typeCondition) }
                    defer { if fragment.hasTypeCondition { path.removeLast() } }
                    fragment.selections = rewrite(fragment.selections)
                    return .inlineFragment(fragment)
                case .condition(var condition):
                    condition.selections = rewrite(condition.selections)
                    return .condition(condition)
                case .scalarField(var field):
                    if let waterfall = removeWaterfall(from: &field.directives) { reportUnexpected(waterfall) }
                    return .scalarField(field)
                case .fragmentSpread(var spread):
                    if let waterfall = removeWaterfall(from: &spread.directives) { reportUnexpected(waterfall) }
                    return .fragmentSpread(spread)
                }
            }
        }

        private mutating func rewrite(_ field: IRLinkedField) -> IRLinkedField {
            var field = field
            field.selections = rewrite(field.selections)
            let waterfall = removeWaterfall(from: &field.directives)
            guard let type = schema[field.parentType], let definition = schema.field(field.name, on: type),
                let resolver = ResolverDefinition.of(definition, on: field.parentType, schema: schema)
            else {
                if let waterfall { reportUnexpected(waterfall) }
                return field
            }
            // `@required`, `@catch` and conditions are read later; Relay reads them before this transform.
            for directive in field.directives where !["required", "catch", "include", "skip"].contains(directive.name) {
                diagnostics.append(
                    .error(
                        "Unexpected directive on Client Edge field. The `@\(directive.name)` directive is not currently "
                            + "supported on fields backed by Client Edges.", at: directive.location))
            }
            guard let edgeType = schema[field.type.namedType], resolver.returns == .serverObject else {
                // An edge to a client object: read from the store, no waterfall.
                if let waterfall { reportUnexpected(waterfall) }
                if resolver.returns == .abstractClientObject, let target = schema[field.type.namedType],
                    target.kind == .interface, schema.possibleTypes(of: target).isEmpty
                {
                    // Nothing the resolver could name (Relay's check of edges to client interfaces).
                    diagnostics.append(
                        .error(
                            "No types implement the client interface \(target.name). Interfaces returned by a "
                                + "@RelayResolver must have at least one concrete implementation.",
                            at: target.definition?.node.location ?? field.location))
                }
                return field
            }
            if field.type.nullable.isList {
                diagnostics.append(
                    .error(
                        "Unexpected Relay Resolver returning plual edge to type defined on the server. Relay Resolvers do "
                            + "not curretly support returning plural edges to server types. As a work around, consider "
                            + "defining a plural edge to a client type which has a singular edge to the server type.",
                        at: definition.definition?.location ?? field.location))
            }
            if waterfall == nil {
                diagnostics.append(
                    .error(
                        "Expected a `@waterfall` directive on this field. Consuming a Client Edge field incurs a network "
                            + "roundtrip or \"waterfall\". To make this explicit, a `@waterfall` directive is required on "
                            + "this field.", at: field.location))
            }
            let queryName = nextQueryName()
            var fragment = IRFragment(
                name: "Refetchable" + queryName, typeCondition: edgeType.name, argumentDefinitions: [], directives: [],
                selections: field.selections, location: documentLocation)
            fragment.refetchQueryName = queryName
            queryFragments.append(fragment)
            field.clientEdgeQuery = queryName
            return field
        }

        /// `ClientEdgeQuery_<document>_<path>`, numbered after the first where paths repeat.
        private mutating func nextQueryName() -> String {
            let root = "ClientEdgeQuery_\(document)_" + path.joined(separator: "__")
            let count = queryNames[root, default: -1] + 1
            queryNames[root] = count
            return count == 0 ? root : "\(root)_\(count)"
        }

        /// Takes `@waterfall` out of `directives`, returning it if it was there.
        private func removeWaterfall(from directives: inout [IRDirective]) -> IRDirective? {
            guard let index = directives.firstIndex(where: { $0.name == ClientEdgesTransform.waterfall }) else {
                return nil
            }
            return directives.remove(at: index)
        }

        /// `@waterfall` where no client edge to a server object is.
        private mutating func reportUnexpected(_ waterfall: IRDirective) {
            diagnostics.append(
                .error(
                    "Unexpected `@waterfall` directive. Only fields that are backed by a Client Edge and point to a "
                        + "server object should be annotated with the `@waterfall` directive.", at: waterfall.location))
        }
    }
}

// MARK: What this feature keeps on IR nodes

extension IRLinkedField {
    /// A client edge (`@waterfall`): a Relay Resolver gives the id of the server record the
    /// field's selections are read from, and `ClientEdgeQuery_…`, this query, fetches them.
    public var clientEdgeQuery: String? {
        get { metadata[LinkedFieldClientEdgeQueryKey.self] }
        set { metadata[LinkedFieldClientEdgeQueryKey.self] = newValue }
    }
}

private enum LinkedFieldClientEdgeQueryKey: IRMetadataKey {
    static let defaultValue: String? = nil
}
