import GraphQLParser

/// `@stream_connection(key:, initial_count:, if:, use_customized_batch:)`: a `@connection` whose
/// edges the server streams, as Relay's connection transform writes it. The `edges` field gets
/// `@stream(label: <key>, if:, initialCount:, useCustomizedBatch:)` (namespaced by
/// `DeferStreamTransform` like any `@stream`), and `pageInfo` is deferred until the edges are all
/// there (`IRConnectionStream`, applied by `ConnectionFieldsTransform`). Relay's checks: `edges`
/// and `pageInfo` not aliased, and not on a client field. `if: false` leaves a plain connection.
enum StreamConnection {
    static let directiveName = "stream_connection"

    static func apply(
        _ directive: IRDirective, to field: inout IRLinkedField, schema: Schema, diagnostics: inout [Diagnostic]
    ) {
        for case .linkedField(let child) in field.selections
        where ["edges", "pageInfo"].contains(child.name) && child.alias != nil {
            diagnostics.append(
                .error(
                    "@stream_connection does not support aliasing the '\(child.name)' field.", at: child.location))
        }
        if schema.isClientField(field.name, on: field.parentType) {
            diagnostics.append(
                .error(
                    "Unexpected directive: '\(directiveName)'. This directive can only be used on fields/fragments "
                        + "that are fetched from the server schema, but it is used inside a client-only selection.",
                    at: directive.location))
        }
        let condition = directive.argument("if")
        guard condition?.value != .bool(false), case .string(let key)? = directive.argument("key")?.value else {
            return
        }
        var arguments = [IRArgument(name: "label", value: .string(key), type: nil, location: directive.location)]
        for (given, streamName) in [("if", "if"), ("initial_count", "initialCount")]
            + [("use_customized_batch", "useCustomizedBatch")]
        {
            guard let argument = directive.argument(given) else { continue }
            arguments.append(
                IRArgument(name: streamName, value: argument.value, type: argument.type, location: argument.location))
        }
        let stream = IRDirective(
            name: DeferStreamTransform.streamName, arguments: arguments, location: directive.location)
        field.selections = field.selections.map { selection in
            guard case .linkedField(var edges) = selection, edges.name == "edges", edges.alias == nil else {
                return selection
            }
            edges.directives.append(stream)
            return .linkedField(edges)
        }
        field.connection?.stream = IRConnectionStream(condition: condition)
    }
}
