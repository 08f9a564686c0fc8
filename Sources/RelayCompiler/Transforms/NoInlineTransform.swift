import GraphQLParser

/// Relay's `@no_inline` on a fragment: Relay emits the fragment's normalization as an artifact of
/// its own, which operations load instead of inlining it (for fragments many data-driven
/// branches share). A Swift app has every artifact compiled in, so relay-swift inlines the
/// fragment as any other and only keeps Relay's check: an operation with `@raw_response_type`
/// reaching a `@no_inline` fragment needs `@no_inline(raw_response_type: true)` there, as the
/// raw response then includes that fragment's fields. The directive is consumed.
public enum NoInlineTransform: ProgramTransform {
    public static let name = "NoInline"
    static let directiveName = "no_inline"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        var program = program
        // The `@no_inline` fragments, and whether each has `raw_response_type: true`.
        var rawResponseByFragment: [String: Bool] = [:]
        for index in program.fragments.indices {
            guard let directive = program.fragments[index].directives.first(where: { $0.name == directiveName })
            else { continue }
            rawResponseByFragment[program.fragments[index].name] =
                directive.argument("raw_response_type")?.value == .bool(true)
            program.fragments[index].directives.removeAll { $0.name == directiveName }
        }
        guard !rawResponseByFragment.isEmpty else { return TransformOutput(program) }
        let fragments = program.fragmentsByName
        var diagnostics: [Diagnostic] = []
        for operation in program.operations where operation.hasRawResponseType {
            var seen: Set<String> = []
            var pending = IRProgram.spreads(in: operation.selections)
            while let spread = pending.popLast() {
                guard seen.insert(spread.name).inserted, let fragment = fragments[spread.name] else { continue }
                if rawResponseByFragment[spread.name] == false {
                    diagnostics.append(
                        .error(
                            "The `raw_response_type` argument should be set to `true` for the @no_inline fragment "
                                + "`\(spread.name)` used in the query with @raw_response_type.", at: spread.location))
                }
                pending += IRProgram.spreads(in: fragment.selections)
            }
        }
        return TransformOutput(program, diagnostics)
    }
}
