import GraphQLParser

/// The transforms between the IR builder and code generation, in order. Each takes the program
/// and returns a new one with its diagnostics; all of them run, so one compile reports every
/// problem.
public enum Transforms {
    public static func apply(_ program: IRProgram, schema: Schema) -> (IRProgram, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var program = program
        (program, diagnostics) = FragmentArgumentsTransform.apply(program, schema: schema)
        let relayDirectives = RelayDirectivesTransform.apply(program, schema: schema)
        let edits = DeclarativeEditsTransform.apply(relayDirectives.0, schema: schema)
        let refetchable = RefetchableTransform.apply(edits.0, schema: schema)
        program = TypenameTransform.apply(ConditionTransform.apply(refetchable.0), schema: schema)
        return (program, diagnostics + relayDirectives.1 + edits.1 + refetchable.1)
    }
}
