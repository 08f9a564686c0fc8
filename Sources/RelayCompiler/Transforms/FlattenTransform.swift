/// Relay's flatten transform on the text a server receives: an inline fragment on its parent's
/// type without directives becomes part of its parent, and selections that merge (the same
/// response key, type condition and directives, condition, or fragment spread) become one, so
/// the server gets the smallest equivalent text. Spreads stay spreads.
public enum FlattenTransform: ProgramTransform {
    public static let name = "Flatten"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        return TransformOutput(
            program.transformingDefinitions { selections, parentType in
                FlattenSelections.apply(selections, parentType: parentType, fragments: fragments, mode: .operationText)
            })
    }
}
