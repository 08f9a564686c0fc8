import GraphQLParser

/// Servers know nothing of fragment arguments: every operation's spreads point at copies of
/// their fragments with the arguments applied (`ApplyFragmentArguments`), and the program's
/// fragments become those copies. A copy's name depends only on its fragment and argument
/// values, so operations that apply a fragment alike share one copy.
public enum ApplyFragmentArgumentsTransform: ProgramTransform {
    public static let name = "ApplyFragmentArguments"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        let applied = program.operations.concurrentMap { ApplyFragmentArguments.apply(to: $0, fragments: fragments) }
        var copies: [String: IRFragment] = [:]
        for (_, used) in applied {
            for fragment in used { copies[fragment.name] = fragment }
        }
        return TransformOutput(IRProgram(operations: applied.map(\.0), fragments: Array(copies.values)))
    }
}
