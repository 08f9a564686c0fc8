import GraphQLParser

/// A project's schema as the compiler sees it: the server's SDL plus what Relay adds on the
/// client — its directives (`@connection`, `@refetchable`, …) and `__id`, a record's id in the
/// store, selectable on every object, interface and union type and never sent to the server.
public enum RelaySchema {
    /// The name of Relay's client-only record-id field.
    public static let recordIDField = "__id"

    /// The schema of `sources` (the server's), `clientExtensions` (Relay's client schema
    /// extensions: fields and types only the store has) and `resolverExtensions` (what Relay
    /// Resolver docblocks declare). The digest leaves the last out: resolvers' values are
    /// computed, never stored, and their SDL names the files they are in.
    public static func load(_ sources: [Source], clientExtensions: [Source] = [], resolverExtensions: [Source] = [])
        -> (schema: Schema, diagnostics: [Diagnostic])
    {
        let loaded = SchemaLoader.load(
            sources, clientExtensions: clientExtensions + resolverExtensions,
            clientDirectives: RelayDirectives.definitions, recordIDField: recordIDField)
        loaded.schema.sourceDigest = digest(sources, clientExtensions: clientExtensions)
        return loaded
    }

    /// The layout of generated nodes: part of the schema digest, so a store saved by an app whose
    /// artifacts had another layout is discarded too. Change it with `NodeEncoder`'s format.
    static let artifactFormat = "relay-swift-artifacts-1"

    /// The first 16 hex digits of the SHA-256 of the artifact format and the schema's SDL, server
    /// and client extensions (contents only: where the files are does not count).
    static func digest(_ sources: [Source], clientExtensions: [Source]) -> String {
        var text = artifactFormat
        for source in sources { text += "\u{0}" + source.text }
        text += "\u{1}"
        for source in clientExtensions { text += "\u{0}" + source.text }
        return String(SHA256.hexDigest(text).prefix(16))
    }
}
