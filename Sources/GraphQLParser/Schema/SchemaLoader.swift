/// Loads a schema from SDL sources the way the compiler needs it: parse every file, check the
/// SDL, build the schema, check the schema. All problems of all files come back together,
/// ordered by file, line and column; the schema is built from whatever parsed.
public enum SchemaLoader {
    /// The source name of the client compiler's own directive definitions, which may use names
    /// reserved for introspection (Relay's `@__clientField`).
    public static let clientDirectivesSourceName = "<client directives>"

    /// - Parameter clientDirectives: directive definitions the client compiler understands
    ///   (Relay's `@connection`, …), by name, each as SDL; added unless the schema declares a
    ///   directive of that name itself, so a server schema that already carries them loads too.
    /// - Parameter recordIDField: the name of a client-only `ID!` field every composite type
    ///   gets (Relay's `__id`: the record's id in the client's store).
    /// - Parameter clientExtensions: SDL that extends the schema on the client only (Relay's
    ///   `schemaExtensions`): what it defines is marked `isClientExtension`.
    public static func load(
        _ sources: [Source], clientExtensions: [Source] = [], clientDirectives: [String: String] = [:],
        recordIDField: String? = nil
    ) -> (schema: Schema, diagnostics: [Diagnostic]) {
        let results = sources.map { Parser.parse($0) }
        let extensionResults = clientExtensions.map { Parser.parse($0) }
        var documents = results.map(\.document)
        let extensionDocuments = extensionResults.map(\.document)
        var declared: Set<String> = []
        for document in documents + extensionDocuments {
            for case .directive(let directive) in document.definitions { declared.insert(directive.name.value) }
        }
        for name in clientDirectives.keys.sorted() where !declared.contains(name) {
            documents.append(
                Parser.parse(Source(clientDirectives[name] ?? "", name: clientDirectivesSourceName)).document)
        }
        let sdlErrors = SDLValidator.validationErrors(documents + extensionDocuments)
        let schema = SchemaBuilder.build(documents, clientExtensions: extensionDocuments)
        schema.recordIDField = recordIDField.map(BuiltIns.recordIDField(named:))
        let schemaErrors = SchemaValidator.validationErrors(schema)
        let diagnostics =
            (results + extensionResults).flatMap(\.diagnostics) + (sdlErrors + schemaErrors).map(\.diagnostic)
        return (schema, diagnostics.sortedByLocation())
    }
}
