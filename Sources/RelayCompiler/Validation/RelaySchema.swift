import GraphQLParser

/// A project's schema as the compiler sees it: the server's SDL plus what Relay adds on the
/// client — its directives (`@connection`, `@refetchable`, …) and `__id`, a record's id in the
/// store, selectable on every object, interface and union type and never sent to the server.
public enum RelaySchema {
    /// The name of Relay's client-only record-id field.
    public static let recordIDField = "__id"

    /// The schema of `sources` (the server's) and `clientExtensions` (Relay's client schema
    /// extensions: fields and types only the store has).
    public static func load(_ sources: [Source], clientExtensions: [Source] = []) -> (
        schema: Schema, diagnostics: [Diagnostic]
    ) {
        SchemaLoader.load(
            sources, clientExtensions: clientExtensions, clientDirectives: RelayDirectives.definitions,
            recordIDField: recordIDField)
    }
}
