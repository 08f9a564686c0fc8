import GraphQLParser

/// `@relay(mask: false)` (Relay's mask transform): an unmasked spread is replaced by its
/// fragment's selections — spliced in on the fragment's own type, in an inline fragment on
/// another — so the parent's `Data` has the fragment's fields itself, and the server text has
/// them in place of the spread, as Relay's. The global variables the unmasked fragments read become
/// the parent's: they may not be one of its own `@argumentDefinitions`, and two fragments may not
/// read one variable as different types.
public enum MaskTransform: ProgramTransform {
    public static let name = "Mask"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        let globals = GlobalVariables(schema: context.schema, fragments: fragments)
        var program = program
        var diagnostics: [Diagnostic] = []
        for index in program.operations.indices {
            var unmasker = Unmasker(fragments: fragments, globals: globals, locals: [])
            let operation = program.operations[index]
            program.operations[index].selections = unmasker.unmask(operation.selections, on: operation.rootType)
            diagnostics += unmasker.diagnostics
        }
        for index in program.fragments.indices {
            let fragment = program.fragments[index]
            var unmasker = Unmasker(
                fragments: fragments, globals: globals, locals: Set(fragment.argumentDefinitions.map(\.name)))
            program.fragments[index].selections = unmasker.unmask(fragment.selections, on: fragment.typeCondition)
            diagnostics += unmasker.diagnostics
        }
        return TransformOutput(program, diagnostics)
    }

    struct Unmasker {
        let fragments: [String: IRFragment]
        let globals: GlobalVariables
        /// The definition's own `@argumentDefinitions`.
        let locals: Set<String>
        var diagnostics: [Diagnostic] = []
        /// The global variables the unmasked fragments read, with the first type seen.
        private var variables: [String: TypeRef] = [:]
        /// The fragments being unmasked, innermost last (a fragment unmasking itself stops).
        private var unmasking: [String] = []

        init(fragments: [String: IRFragment], globals: GlobalVariables, locals: Set<String>) {
            self.fragments = fragments
            self.globals = globals
            self.locals = locals
        }

        mutating func unmask(_ selections: [IRSelection], on parentType: String) -> [IRSelection] {
            selections.flatMap { selection -> [IRSelection] in
                switch selection {
                case .scalarField:
                    return [selection]
                case .linkedField(var field):
                    field.selections = unmask(field.selections, on: field.type.namedType)
                    return [.linkedField(field)]
                case .inlineFragment(var fragment):
                    fragment.selections = unmask(fragment.selections, on: fragment.typeCondition)
                    return [.inlineFragment(fragment)]
                case .condition(var condition):
                    condition.selections = unmask(condition.selections, on: parentType)
                    return [.condition(condition)]
                case .fragmentSpread(let spread):
                    guard spread.isUnmasked, let fragment = fragments[spread.name], !unmasking.contains(spread.name)
                    else { return [selection] }
                    join(globals.of(fragment), at: spread.location)
                    unmasking.append(spread.name)
                    let selections = unmask(fragment.selections, on: fragment.typeCondition)
                    unmasking.removeLast()
                    if fragment.typeCondition == parentType { return selections }
                    return [
                        .inlineFragment(
                            IRInlineFragment(
                                typeCondition: fragment.typeCondition, directives: [], selections: selections,
                                location: spread.location))
                    ]
                }
            }
        }

        /// Adds an unmasked fragment's global variables to the definition's.
        private mutating func join(_ used: [String: TypeRef], at location: SourceLocation) {
            for (name, type) in used.sorted(by: { $0.key < $1.key }) {
                if locals.contains(name) {
                    diagnostics.append(
                        .error(
                            "Cannot combine global and local variables when applying @relay(mask: false). "
                                + "`$\(name)` is an argument of this fragment and a global variable of the unmasked one.",
                            at: location))
                    continue
                }
                guard let known = variables[name] else {
                    variables[name] = type
                    continue
                }
                if known.withoutNonNull != type.withoutNonNull {
                    diagnostics.append(
                        .error(
                            "Cannot combine variables with incompatible types \(known) and \(type) when applying "
                                + "@relay(mask: false). `$\(name)` is read as both.", at: location))
                }
            }
        }
    }
}
