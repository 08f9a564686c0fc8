import GraphQLParser

/// Servers know nothing of fragment arguments: every operation's spreads point at copies of
/// their fragments with the arguments applied (`ApplyFragmentArguments`), and the program's
/// fragments become those copies. A copy's name depends only on its fragment and argument
/// values, so operations that apply a fragment alike share one copy. An operation left with
/// nothing to select (constant conditions removed it all) is an error, as in Relay.
public enum ApplyFragmentArgumentsTransform: ProgramTransform {
    public static let name = "ApplyFragmentArguments"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        let applied = program.operations.concurrentMap { ApplyFragmentArguments.apply(to: $0, fragments: fragments) }
        var copies: [String: IRFragment] = [:]
        var diagnostics: [Diagnostic] = []
        for ((operation, used, cycles), written) in zip(applied, program.operations) {
            for fragment in used { copies[fragment.name] = fragment }
            diagnostics += cycles
            if operation.selections.isEmpty, !isClientOnly(written, context.schema, fragments: fragments) {
                diagnostics.append(
                    .error(
                        "After applying transforms to the \(operation.kind.rawValue) `\(operation.name)` selections of "
                            + "the `\(operation.name)` that would be sent to the server are empty. This is likely due to "
                            + "the use of `@skip`/`@include` directives with constant values that remove all selections "
                            + "in the \(operation.kind.rawValue).", at: operation.location))
            }
        }
        // A cycle reached from several operations is one problem.
        var seen: Set<Diagnostic> = []
        diagnostics = diagnostics.filter { seen.insert($0).inserted }
        return TransformOutput(IRProgram(operations: applied.map(\.0), fragments: Array(copies.values)), diagnostics)
    }

    /// An operation whose root fields, its fragments' included, are all client schema extensions
    /// (`query { localUser { __id } }`, left empty once `__id` left; a Relay Resolver without a
    /// root fragment): the store answers it and nothing is sent, as Relay accepts it.
    static func isClientOnly(_ operation: IROperation, _ schema: Schema, fragments: [String: IRFragment]) -> Bool {
        var visited: Set<String> = []
        func fields(_ selections: [IRSelection]) -> [(name: String, parentType: String)]? {
            var found: [(String, String)] = []
            for selection in selections {
                switch selection {
                case .scalarField(let field): found.append((field.name, field.parentType))
                case .linkedField(let field): found.append((field.name, field.parentType))
                case .inlineFragment(let fragment):
                    guard let inner = fields(fragment.selections) else { return nil }
                    found += inner
                case .condition(let condition):
                    guard let inner = fields(condition.selections) else { return nil }
                    found += inner
                case .fragmentSpread(let spread):
                    guard let fragment = fragments[spread.name] else { return nil }
                    guard visited.insert(spread.name).inserted else { continue }
                    guard let inner = fields(fragment.selections) else { return nil }
                    found += inner
                }
            }
            return found
        }
        guard let roots = fields(operation.selections), !roots.isEmpty else { return false }
        return roots.allSatisfy { schema.isClientField($0.name, on: $0.parentType) }
    }
}
