/// What the server and the store see of `@alias` (Relay's remove-aliased-inline-fragments
/// transform): nothing. An aliased spread is the spread again; an aliased inline fragment is a
/// plain one. Only code reading data sees the alias as a property of its own.
public enum RemoveAliasedInlineFragmentsTransform: ProgramTransform {
    public static let name = "RemoveAliasedInlineFragments"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        TransformOutput(
            program.rewritingSelectionsConcurrently { selection in
                guard case .inlineFragment(var fragment) = selection, let alias = fragment.alias else {
                    return [selection]
                }
                if alias.wrapsSpread { return fragment.selections }
                fragment.alias = nil
                return [.inlineFragment(fragment)]
            })
    }
}
