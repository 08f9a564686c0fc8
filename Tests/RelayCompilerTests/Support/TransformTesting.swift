import GraphQLParser
import RelayCompiler

extension TransformPipeline {
    /// The common phase without timings, as tests run it; `enforcesFragmentAliases` is Relay's
    /// feature flag (off for documents that spread fragments where they may not match).
    static func applyCommon(_ program: IRProgram, schema: Schema, enforcesFragmentAliases: Bool = true)
        -> TransformOutput
    {
        var timings = StageTimings()
        return applyCommon(
            program, context: TransformContext(schema: schema, enforcesFragmentAliases: enforcesFragmentAliases),
            timings: &timings)
    }
}

extension IRProgram {
    /// The programs code generation would read, for a program past the common phase (or straight
    /// from the IR builder, for tests of the later phases alone).
    func programs(schema: Schema) -> Programs {
        var timings = StageTimings()
        let transformed = TransformPipeline.programs(
            fromCommon: self, context: TransformContext(schema: schema), timings: &timings
        ).0
        return Programs(transformed, texts: OperationTexts(printing: transformed.operationText))
    }

    /// The server text of operation `name`.
    /// The operation's server text without the final newline every text ends with.
    func operationText(_ name: String, schema: Schema) -> String {
        String((programs(schema: schema).texts[name] ?? "").dropLast())
    }
}

extension OperationTextCheck {
    /// The check of `programs`' operation texts, as the pipeline's check stage runs it.
    static func diagnostics(_ programs: Programs, schema: Schema) -> [Diagnostic] {
        diagnostics(
            OperationTexts(printing: programs.operationText), operations: programs.reader.operations, schema: schema)
    }
}
