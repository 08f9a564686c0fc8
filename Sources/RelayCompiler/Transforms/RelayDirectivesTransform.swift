import GraphQLParser

/// Reads Relay's metadata directives into the IR and checks their use: `@relay(plural:)` and
/// `@refetchable(queryName:)` on fragments, `@relay_test_operation` on operations,
/// `@connection(key:filters:)` on fields. The directives are consumed; what they mean travels as
/// typed IR properties.
public enum RelayDirectivesTransform: ProgramTransform {
    public static let name = "RelayDirectives"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        var program = program
        var diagnostics: [Diagnostic] = []
        for index in program.operations.indices
        where program.operations[index].directives.contains(where: { $0.name == "relay_test_operation" }) {
            program.operations[index].isTestOperation = true
            program.operations[index].directives.removeAll { $0.name == "relay_test_operation" }
        }
        for index in program.fragments.indices {
            var fragment = program.fragments[index]
            for directive in fragment.directives {
                switch directive.name {
                case "relay":
                    fragment.isPlural = directive.argument("plural")?.value == .bool(true)
                case "refetchable":
                    fragment.refetchQueryName = refetchQueryName(
                        directive, fragment: fragment, schema: schema, diagnostics: &diagnostics)
                default:
                    continue
                }
            }
            fragment.directives.removeAll { $0.name == "relay" || $0.name == "refetchable" }
            program.fragments[index] = fragment
        }
        program = program.rewritingSelections { selection in
            guard let directive = selection.directives.first(where: { $0.name == "connection" }) else {
                return [selection]
            }
            var selection = selection
            selection.directives.removeAll { $0.name == "connection" }
            guard case .linkedField(var field) = selection else {
                diagnostics.append(
                    .error("@connection can only be used on a field that selects a connection.", at: directive.location)
                )
                return [selection]
            }
            field.connection = connection(directive, on: field, schema: schema, diagnostics: &diagnostics)
            return [.linkedField(field)]
        }
        return TransformOutput(program, diagnostics)
    }

    private static func refetchQueryName(
        _ directive: IRDirective, fragment: IRFragment, schema: Schema, diagnostics: inout [Diagnostic]
    ) -> String? {
        guard case .string(let name)? = directive.argument("queryName")?.value else {
            diagnostics.append(.error("@refetchable needs a string literal \"queryName\".", at: directive.location))
            return nil
        }
        let type = schema[fragment.typeCondition]
        let isRefetchable =
            fragment.typeCondition == schema.queryType || fragment.typeCondition == "Viewer"
            || fragment.typeCondition == "Node" || type?.interfaces.contains("Node") == true
        if !isRefetchable {
            diagnostics.append(
                .error(
                    "@refetchable fragment \"\(fragment.name)\" is on \"\(fragment.typeCondition)\"; it must be on "
                        + "the query type, Viewer, Node, or a type implementing Node.", at: directive.location))
            return nil
        }
        return name
    }

    private static func connection(
        _ directive: IRDirective, on field: IRLinkedField, schema: Schema, diagnostics: inout [Diagnostic]
    ) -> IRConnection? {
        var problems: [String] = []
        let key: String
        if case .string(let value)? = directive.argument("key")?.value, value.hasSuffix("_" + field.name),
            value.count > field.name.count + 1
        {
            key = value
        } else {
            key = ""
            problems.append(
                "Expected the key argument to @connection to be a string literal of the form <SomeName>_\(field.name).")
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
        }
        if let type = schema[field.type.namedType], type.field("edges") == nil || type.field("pageInfo") == nil {
            problems.append(
                "Expected \"\(field.type.namedType)\" to have \"edges\" and \"pageInfo\" fields to be a connection.")
        } else if !field.selections.contains(where: { Self.selectsEdgesWithNode($0) }) {
            problems.append(
                "Expected field \"\(field.name)\" with @connection to select \"edges { node { … } }\" without an alias."
            )
        }
        diagnostics += problems.map { .error($0, at: directive.location) }
        return problems.isEmpty ? IRConnection(key: key, filters: filters) : nil
    }
}

extension RelayDirectivesTransform {
    /// True for an unaliased `edges` field that selects an unaliased `node`.
    fileprivate static func selectsEdgesWithNode(_ selection: IRSelection) -> Bool {
        guard case .linkedField(let edges) = selection, edges.name == "edges", edges.alias == nil else { return false }
        return edges.selections.contains {
            if case .linkedField(let node) = $0 { node.name == "node" && node.alias == nil } else { false }
        }
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
