import GraphQLParser

/// Reads the declarative store-edit directives into the IR: `@deleteRecord` and `@deleteEdge`
/// on fields of ids, `@appendEdge` / `@prependEdge` on fields of edges, `@appendNode` /
/// `@prependNode` on fields of nodes. The directives leave the server's text; the store runs
/// them when the response arrives (the runtime's `DeclarativeEdit`).
public enum DeclarativeEditsTransform {
    static let idHandlers: Set<String> = ["deleteRecord", "deleteEdge"]
    static let edgeHandlers: Set<String> = ["appendEdge", "prependEdge"]
    static let nodeHandlers: Set<String> = ["appendNode", "prependNode"]

    public static func apply(_ program: IRProgram, schema: Schema) -> (IRProgram, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let handlers = idHandlers.union(edgeHandlers).union(nodeHandlers)
        let rewritten = program.rewritingSelections { selection in
            let edits = selection.directives.filter { handlers.contains($0.name) }
            guard let directive = edits.first else { return [selection] }
            var selection = selection
            selection.directives.removeAll { handlers.contains($0.name) }
            if edits.count > 1 {
                diagnostics.append(
                    .error(
                        "A field takes one of @\(handlers.sorted().joined(separator: ", @")); "
                            + "this field has \(edits.count).", at: edits[1].location))
            }
            let edit = IRStoreEdit(handler: directive.name, arguments: directive.arguments)
            switch selection {
            case .scalarField(var field) where idHandlers.contains(directive.name):
                guard field.type.namedType == "ID" else {
                    diagnostics.append(
                        .error(
                            "@\(directive.name) can only be used on a field of type ID or [ID]; \"\(field.name)\" is "
                                + "\(field.type).", at: directive.location))
                    return [selection]
                }
                field.storeEdit = edit
                return [.scalarField(field)]
            case .linkedField(var field) where edgeHandlers.contains(directive.name):
                guard let type = schema[field.type.namedType], type.field("node") != nil else {
                    diagnostics.append(
                        .error(
                            "@\(directive.name) can only be used on a field of edges (a type with a \"node\" field); "
                                + "\"\(field.name)\" is \(field.type).", at: directive.location))
                    return [selection]
                }
                field.storeEdit = edit
                return [.linkedField(field)]
            case .linkedField(var field) where nodeHandlers.contains(directive.name):
                guard edgeTypeIsValid(directive, schema: schema, diagnostics: &diagnostics) else { return [selection] }
                field.storeEdit = edit
                return [.linkedField(field)]
            default:
                let expected = idHandlers.contains(directive.name) ? "a field of type ID or [ID]" : "an object field"
                diagnostics.append(
                    .error("@\(directive.name) can only be used on \(expected).", at: directive.location))
                return [selection]
            }
        }
        return (rewritten, diagnostics)
    }

    /// `edgeTypeName` must name an object type with a `node` field.
    private static func edgeTypeIsValid(_ directive: IRDirective, schema: Schema, diagnostics: inout [Diagnostic])
        -> Bool
    {
        guard case .string(let name)? = directive.argument("edgeTypeName")?.value else {
            diagnostics.append(
                .error("@\(directive.name) needs a string literal \"edgeTypeName\".", at: directive.location))
            return false
        }
        guard let type = schema[name], type.kind == .object, type.field("node") != nil else {
            diagnostics.append(
                .error(
                    "@\(directive.name)'s edgeTypeName \"\(name)\" must name an object type with a \"node\" field.",
                    at: directive.location))
            return false
        }
        return true
    }
}
