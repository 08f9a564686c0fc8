import GraphQLParser

/// Removes from each operation the variables that neither it nor a fragment it spreads uses
/// once the store-only arguments are gone (declarative edits' `connections`), so servers that
/// reject unused variables accept the text. Code generation sends those variables to the store
/// only (`Programs.clientVariables`).
public enum SkipClientVariablesTransform: ProgramTransform {
    public static let name = "SkipClientVariables"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        var program = program
        program.operations = program.operations.concurrentMap { operation in
            var used = VariableUsage.names(in: operation.selections)
            used.formUnion(VariableUsage.names(in: operation.directives))
            for fragment in IRProgram.fragments(reachableFrom: operation.selections, in: fragments) {
                used.formUnion(VariableUsage.names(in: fragment.selections))
                used.formUnion(VariableUsage.names(in: fragment.directives))
            }
            var operation = operation
            operation.variables.removeAll { !used.contains($0.name) }
            return operation
        }
        return TransformOutput(program)
    }
}
