/// Gives each deferred spread of the reader program the selections of its fragment, so the
/// reader can tell whether the fragment's data has arrived (`IRDeferredSpread`): until it has,
/// the spread's property is nil rather than the parent's data missing.
public enum DeferredSpreadsTransform: ProgramTransform {
    public static let name = "DeferredSpreads"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        return TransformOutput(
            program.rewritingSelectionsConcurrently { selection in
                guard case .inlineFragment(var fragment) = selection, var alias = fragment.alias,
                    var deferred = alias.deferred
                else { return [selection] }
                deferred.selections = fragments[deferred.fragmentName]?.selections ?? []
                alias.deferred = deferred
                fragment.alias = alias
                return [.inlineFragment(fragment)]
            })
    }
}
