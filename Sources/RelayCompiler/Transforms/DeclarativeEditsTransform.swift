import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// Reads the declarative store-edit directives into the IR: `@deleteRecord` and `@deleteEdge`
/// on fields of ids, `@appendEdge` / `@prependEdge` on fields of edges, `@appendNode` /
/// `@prependNode` on fields of nodes. The directives leave the server's text; the store runs
/// them when the response arrives (the runtime's `DeclarativeEdit`).
public enum DeclarativeEditsTransform: ProgramTransform {
    public static let name = "DeclarativeEdits"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        var diagnostics: [Diagnostic] = []
        let names = Set(HandleKind.storeEdits.map(\.rawValue))
        let rewritten = program.rewritingSelections { selection in
            let edits = selection.directives.filter { names.contains($0.name) }
            guard let directive = edits.first, let kind = HandleKind(rawValue: directive.name) else {
                return [selection]
            }
            var selection = selection
            selection.directives.removeAll { names.contains($0.name) }
            if edits.count > 1 {
                diagnostics.append(
                    .error(
                        "A field takes one of @\(names.sorted().joined(separator: ", @")); "
                            + "this field has \(edits.count).", at: edits[1].location))
            }
            let edit = IRStoreEdit(handler: kind, arguments: directive.arguments)
            switch selection {
            case .scalarField(var field) where kind.editedValue == .ids:
                guard field.type.namedType == "ID" else {
                    diagnostics.append(
                        .error(
                            "@\(directive.name) can only be used on a field of type ID or [ID]; \"\(field.name)\" is "
                                + "\(field.type).", at: directive.location))
                    return [selection]
                }
                field.storeEdit = edit
                return [.scalarField(field)]
            case .linkedField(var field) where kind.editedValue == .edges:
                guard let type = schema[field.type.namedType], type.field("node") != nil else {
                    diagnostics.append(
                        .error(
                            "@\(directive.name) can only be used on a field of edges (a type with a \"node\" field); "
                                + "\"\(field.name)\" is \(field.type).", at: directive.location))
                    return [selection]
                }
                field.storeEdit = edit
                return [.linkedField(field)]
            case .linkedField(var field) where kind.editedValue == .nodes:
                guard edgeTypeIsValid(directive, schema: schema, diagnostics: &diagnostics) else { return [selection] }
                field.storeEdit = edit
                return [.linkedField(field)]
            default:
                let expected = kind.editedValue == .ids ? "a field of type ID or [ID]" : "an object field"
                diagnostics.append(
                    .error("@\(directive.name) can only be used on \(expected).", at: directive.location))
                return [selection]
            }
        }
        return TransformOutput(rewritten, diagnostics)
    }

    /// `edgeTypeName` must name an object type with a `node` field: a string literal is checked
    /// here, a variable's value when the response arrives.
    private static func edgeTypeIsValid(_ directive: IRDirective, schema: Schema, diagnostics: inout [Diagnostic])
        -> Bool
    {
        let value = directive.argument("edgeTypeName")?.value
        if case .variable? = value { return true }
        guard case .string(let name)? = value else {
            diagnostics.append(
                .error(
                    "@\(directive.name) needs \"edgeTypeName\": a string literal or a variable.", at: directive.location
                ))
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

// MARK: What this feature keeps on IR nodes

extension IRScalarField {
    /// `@deleteRecord` / `@deleteEdge`: the store edit the field's value (ids) asks for.
    public var storeEdit: IRStoreEdit? {
        get { metadata[ScalarFieldStoreEditKey.self] }
        set { metadata[ScalarFieldStoreEditKey.self] = newValue }
    }
}

private enum ScalarFieldStoreEditKey: IRMetadataKey {
    static let defaultValue: IRStoreEdit? = nil
}

extension IRLinkedField {
    /// `@appendEdge` / `@prependEdge` / `@appendNode` / `@prependNode`: the store edit the
    /// field's value (edges or nodes) asks for.
    public var storeEdit: IRStoreEdit? {
        get { metadata[LinkedFieldStoreEditKey.self] }
        set { metadata[LinkedFieldStoreEditKey.self] = newValue }
    }
}

private enum LinkedFieldStoreEditKey: IRMetadataKey {
    static let defaultValue: IRStoreEdit? = nil
}

/// A declarative store edit on a mutation's (or subscription's) field: the runtime handler its
/// directive names and the directive's arguments, which only the store sees.
public struct IRStoreEdit: Hashable, Sendable {
    /// One of `HandleKind.storeEdits`.
    package var handler: HandleKind
    /// `connections` (a variable or a list) and, for the node handlers, `edgeTypeName`.
    public var arguments: [IRArgument]

    package init(handler: HandleKind, arguments: [IRArgument]) {
        self.handler = handler
        self.arguments = arguments
    }
}
