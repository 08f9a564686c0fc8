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

// MARK: What this feature keeps on IR nodes

/// A spread with `@defer`, as the reader sees it: the property that holds its key is nil until
/// the fragment's own fields are in the store (its deferred payload arrived, or the server sent
/// them at once). The reader checks that with the fragment's selections, read with the
/// variables the spread gives it.
public struct IRDeferredSpread: Hashable, Sendable {
    public var fragmentName: String
    /// The fragment's `@argumentDefinitions`, for the defaults of arguments the spread leaves out.
    public var argumentDefinitions: [IRVariableDefinition]
    /// The fragment's reader selections; filled in by `DeferredSpreadsTransform`.
    public var selections: [IRSelection]

    public init(fragmentName: String, argumentDefinitions: [IRVariableDefinition], selections: [IRSelection] = []) {
        self.fragmentName = fragmentName
        self.argumentDefinitions = argumentDefinitions
        self.selections = selections
    }
}
