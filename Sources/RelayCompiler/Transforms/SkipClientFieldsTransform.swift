/// What the server and the store's normalization never see: Relay's client-only `__id` (the
/// reader answers it from the record's id). Client schema extensions are stored, so they stay
/// here and leave the operation text in `SkipClientExtensionsTransform`.
public enum SkipClientFieldsTransform: ProgramTransform {
    public static let name = "SkipClientFields"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        TransformOutput(
            program.rewritingSelectionsConcurrently { selection in
                if case .scalarField(let field) = selection, field.name == RelaySchema.recordIDField { return [] }
                return [selection]
            })
    }
}
