import GraphQLParser

/// The normalization form of each operation (Relay's inline-fragments and flatten transforms,
/// `FlattenSelections`): spreads become inline fragments and selections are merged. The
/// fragments are inlined everywhere they are used, so the result has operations only.
public enum InlineFragmentsTransform: ProgramTransform {
    public static let name = "InlineFragments"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        let operations = program.operations.concurrentMap { operation in
            var operation = operation
            operation.selections = FlattenSelections.apply(
                operation.selections, parentType: operation.rootType, fragments: fragments)
            return operation
        }
        return TransformOutput(IRProgram(operations: operations, fragments: []))
    }
}
