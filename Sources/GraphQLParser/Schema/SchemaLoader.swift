/// Loads a schema from SDL sources the way the compiler needs it: parse every file, check the
/// SDL, build the schema, check the schema. All problems of all files come back together,
/// ordered by file, line and column; the schema is built from whatever parsed.
public enum SchemaLoader {
    public static func load(_ sources: [Source]) -> (schema: Schema, diagnostics: [Diagnostic]) {
        let results = sources.map { Parser.parse($0) }
        let documents = results.map(\.document)
        let sdlErrors = SDLValidator.validationErrors(documents)
        let schema = SchemaBuilder.build(documents)
        let schemaErrors = SchemaValidator.validationErrors(schema)
        let diagnostics = results.flatMap(\.diagnostics) + (sdlErrors + schemaErrors).map(\.diagnostic)
        return (schema, diagnostics.sortedByLocation())
    }
}
