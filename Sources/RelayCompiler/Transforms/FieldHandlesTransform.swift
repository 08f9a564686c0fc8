import GraphQLParser

/// Relay's field handles: `@__clientField(handle: "uppercase", key:, filters:)` on a field (one
/// or more) becomes `IRFieldHandle`s. Code generation writes a handle node after the field in
/// the normalization program, which runs the app's handler (`Environment.Configuration.handlerProvider`),
/// and reads the field from the last handle's field, as Relay's handle-field transform does.
public enum FieldHandlesTransform: ProgramTransform {
    public static let name = "FieldHandles"
    static let directiveName = "__clientField"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        var diagnostics: [Diagnostic] = []
        let transformed = program.rewritingSelections { selection in
            switch selection {
            case .scalarField(var field) where field.directives.contains(where: { $0.name == directiveName }):
                field.handles = handles(in: field.directives, diagnostics: &diagnostics)
                field.directives.removeAll { $0.name == directiveName }
                return [.scalarField(field)]
            case .linkedField(var field) where field.directives.contains(where: { $0.name == directiveName }):
                field.handles = handles(in: field.directives, diagnostics: &diagnostics)
                field.directives.removeAll { $0.name == directiveName }
                return [.linkedField(field)]
            default:
                return [selection]
            }
        }
        return TransformOutput(transformed, diagnostics)
    }

    private static func handles(in directives: [IRDirective], diagnostics: inout [Diagnostic]) -> [IRFieldHandle] {
        directives.filter { $0.name == directiveName }.compactMap { directive in
            guard case .string(let handle)? = directive.argument("handle")?.value else {
                diagnostics.append(
                    .error(
                        "Expected a string literal for the `handle` argument of @__clientField.", at: directive.location
                    ))
                return nil
            }
            var key = ""
            if let argument = directive.argument("key") {
                guard case .string(let value) = argument.value else {
                    diagnostics.append(
                        .error(
                            "Expected a string literal for the `key` argument of @__clientField.", at: argument.location
                        ))
                    return nil
                }
                key = value
            }
            var filters: [String]?
            if let argument = directive.argument("filters") {
                guard case .list(let items) = argument.value else {
                    diagnostics.append(
                        .error(
                            "Expected a list of string literals for the `filters` argument of @__clientField.",
                            at: argument.location))
                    return nil
                }
                filters = items.compactMap { if case .string(let name) = $0 { name } else { nil } }
            }
            return IRFieldHandle(handle: handle, key: key, filters: filters)
        }
    }
}

// MARK: What this feature keeps on IR nodes

extension IRScalarField {
    /// `@__clientField(handle:)`: app handlers that run on the field after normalization.
    public var handles: [IRFieldHandle] {
        get { metadata[ScalarFieldHandlesKey.self] }
        set { metadata[ScalarFieldHandlesKey.self] = newValue }
    }
}

private enum ScalarFieldHandlesKey: IRMetadataKey {
    static let defaultValue: [IRFieldHandle] = []
}

extension IRLinkedField {
    /// `@__clientField(handle:)`: app handlers that run on the field after normalization.
    public var handles: [IRFieldHandle] {
        get { metadata[LinkedFieldHandlesKey.self] }
        set { metadata[LinkedFieldHandlesKey.self] = newValue }
    }
}

private enum LinkedFieldHandlesKey: IRMetadataKey {
    static let defaultValue: [IRFieldHandle] = []
}

/// `@__clientField(handle:key:filters:)` (Relay's field handles): after a response is
/// normalized, the app's handler for `handle` writes the field's value where readers read it,
/// `__<key or field name>_<handle>`.
public struct IRFieldHandle: Hashable, Sendable {
    public var handle: String
    public var key: String
    /// The field arguments readers keep (none when nil).
    public var filters: [String]?

    /// The field readers read: `__<key>_<handle>`, or `__<field>_<handle>` without a key.
    public func fieldName(for field: String) -> String {
        "__" + (key.isEmpty ? field : key) + "_" + handle
    }

    /// Of the field's arguments, those readers keep: the `filters`.
    public func filterArguments(_ arguments: [IRArgument]) -> [IRArgument] {
        guard let filters else { return [] }
        return arguments.filter { filters.contains($0.name) }
    }
}
