import GraphQLParser
import RelayCompiler

/// Documents named after Swift files, compiled as the pipeline compiles them up to the
/// transformed program.
enum TestProject {
    /// The transformed program and every problem as `path:line:col: error: …` text; validation
    /// errors stop before the IR, as in the pipeline (the program is then empty).
    static func compile(_ files: [(String, String)], schema: Schema) -> (IRProgram, [String]) {
        let documents = files.map { Parser.parse(Source($0.1, name: $0.0)).document }
        let errors = RelayValidation.validate(documents, schema: schema)
        guard errors.isEmpty else { return (IRProgram(operations: [], fragments: []), errors.map(\.description)) }
        let (built, buildDiagnostics) = IRBuilder.build(documents, schema: schema)
        let output = TransformPipeline.applyCommon(built, schema: schema)
        let (program, diagnostics) = (output.program, output.diagnostics)
        return (program, (buildDiagnostics + diagnostics).sortedByLocation().map(\.description))
    }
}
