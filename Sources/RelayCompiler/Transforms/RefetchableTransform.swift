import GraphQLParser

/// Adds the query Relay generates for each `@refetchable(queryName:)` fragment, which fetches
/// the fragment again from a fresh root: `query Q(…, $id: ID!) { node(id: $id) { ...F } }` for a
/// fragment on Node or on types that all implement it, `viewer { ...F }` on Viewer, `...F` on
/// the query type. The query declares the fragment's arguments and the variables it (or a
/// fragment it spreads) reads from its operation, sorted by name, so a refetch can change them.
/// Relay's checks apply: no `$id` of the fragment's own on a Node refetch, and a connection in
/// the fragment pages with variables along a path of single records.
public enum RefetchableTransform: ProgramTransform {
    public static let name = "Refetchable"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        var operations = program.operations
        var diagnostics: [Diagnostic] = []
        let existingNames = Set(program.operations.map(\.name) + program.fragments.map(\.name))
        let globals = GlobalVariables(schema: schema, fragments: program.fragmentsByName)
        for fragment in program.fragments {
            guard let queryName = fragment.refetchQueryName, let queryType = schema.queryType else { continue }
            guard !existingNames.contains(queryName), !operations.contains(where: { $0.name == queryName }) else {
                diagnostics.append(
                    .error(
                        "The refetch query name \"\(queryName)\" of fragment \"\(fragment.name)\" is already used.",
                        at: fragment.location))
                continue
            }
            if let problem = connectionProblem(in: fragment) {
                diagnostics.append(.error(problem, at: fragment.location))
                continue
            }
            let spread = IRSelection.fragmentSpread(
                IRFragmentSpread(
                    name: fragment.name,
                    arguments: fragment.argumentDefinitions.map {
                        IRArgument(name: $0.name, value: .variable($0.name), type: $0.type, location: $0.location)
                    }, directives: [], location: fragment.location))
            let global = globals.of(fragment).map { name, type in
                IRVariableDefinition(name: name, type: type, defaultValue: nil, location: fragment.location)
            }
            var variables = (fragment.argumentDefinitions + global).sorted { $0.name < $1.name }
            let selection: IRSelection
            if fragment.typeCondition == queryType {
                selection = spread
            } else if fragment.typeCondition == "Viewer" {
                guard let viewer = schema[queryType].flatMap({ schema.field("viewer", on: $0) }) else {
                    diagnostics.append(
                        .error(
                            "@refetchable on Viewer needs a \"viewer\" field on \"\(queryType)\".",
                            at: fragment.location))
                    continue
                }
                selection = .linkedField(
                    IRLinkedField(
                        alias: nil, name: "viewer", parentType: queryType, type: viewer.type, arguments: [],
                        directives: [], selections: [spread], location: fragment.location))
            } else {
                guard let node = schema[queryType].flatMap({ schema.field("node", on: $0) }),
                    let idArgument = node.argument("id")
                else {
                    diagnostics.append(
                        .error(
                            "@refetchable on \"\(fragment.typeCondition)\" needs a \"node(id: ID!)\" field on "
                                + "\"\(queryType)\".", at: fragment.location))
                    continue
                }
                if let existing = variables.first(where: { $0.name == "id" }) {
                    diagnostics.append(
                        .error(
                            "Invalid use of @refetchable on fragment `\(fragment.name)`, this fragment already has an "
                                + "`$id` variable in scope.", at: existing.location))
                    continue
                }
                let idType = TypeRef.nonNull(idArgument.type.nullable)
                variables.append(
                    IRVariableDefinition(name: "id", type: idType, defaultValue: nil, location: fragment.location))
                selection = .linkedField(
                    IRLinkedField(
                        alias: nil, name: "node", parentType: queryType, type: node.type,
                        arguments: [
                            IRArgument(name: "id", value: .variable("id"), type: idType, location: fragment.location)
                        ], directives: [], selections: [spread], location: fragment.location))
            }
            operations.append(
                IROperation(
                    name: queryName, kind: .query, rootType: queryType, variables: variables, directives: [],
                    selections: [selection], location: fragment.location))
        }
        return TransformOutput(IRProgram(operations: operations, fragments: program.fragments), diagnostics)
    }

    /// Relay's rule for a connection in a refetchable fragment: reached without going through a
    /// list, and paged with variables (`first`/`after` forward, `last`/`before` backward).
    static func connectionProblem(in fragment: IRFragment) -> String? {
        let prefix =
            "Invalid use of @refetchable with @connection in fragment '\(fragment.name)', refetchable connections"
        for (connection, throughList) in connections(in: fragment.selections, throughList: false) {
            if throughList { return "\(prefix) cannot appear inside plural fields." }
            func isVariable(_ name: String) -> Bool {
                if case .variable? = connection.arguments.first(where: { $0.name == name })?.value {
                    true
                } else {
                    false
                }
            }
            let names = Set(connection.arguments.map(\.name))
            let forward = names.contains("first") || names.contains("after")
            let backward = names.contains("last") || names.contains("before")
            if forward || !backward, !(isVariable("first") && isVariable("after")) {
                return "\(prefix) must use variables for the after and first arguments."
            }
            if backward, !(isVariable("last") && isVariable("before")) {
                return "\(prefix) must use variables for the before and last arguments."
            }
        }
        return nil
    }

    private static func connections(in selections: [IRSelection], throughList: Bool) -> [(IRLinkedField, Bool)] {
        selections.flatMap { selection -> [(IRLinkedField, Bool)] in
            switch selection {
            case .linkedField(let field):
                let listed = throughList || field.type.nullable.isList
                return (field.connection == nil ? [] : [(field, throughList)])
                    + connections(in: field.selections, throughList: listed)
            case .inlineFragment(let fragment): return connections(in: fragment.selections, throughList: throughList)
            case .condition(let condition): return connections(in: condition.selections, throughList: throughList)
            case .scalarField, .fragmentSpread: return []
            }
        }
    }
}

extension TypeRef {
    /// True for a list type (not looking through non-null).
    fileprivate var isList: Bool {
        if case .list = self { true } else { false }
    }
}
