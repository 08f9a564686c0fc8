/// What an operation looks like to a server, which knows nothing of fragment arguments: every
/// fragment that declares `@argumentDefinitions` is copied with its local variables replaced by
/// the values its spread passes (or their defaults, or `null`). A copy that differs from the
/// defaults gets a name derived from its argument values, so two spreads with equal arguments
/// share one copy and output stays deterministic.
public struct ApplyFragmentArguments {
    private let fragments: [String: IRFragment]
    /// The fragments the operation needs, by their (possibly derived) names.
    private var applied: [String: IRFragment] = [:]

    /// The operation with spreads pointing at the applied fragments, and those fragments sorted
    /// by name.
    public static func apply(to operation: IROperation, in program: IRProgram) -> (IROperation, [IRFragment]) {
        apply(to: operation, fragments: program.fragmentsByName)
    }

    public static func apply(to operation: IROperation, fragments: [String: IRFragment]) -> (IROperation, [IRFragment])
    {
        var application = ApplyFragmentArguments(fragments: fragments)
        var operation = operation
        operation.selections = application.rewrite(operation.selections, bindings: [:])
        return (operation, application.applied.values.sorted { $0.name < $1.name })
    }

    private init(fragments: [String: IRFragment]) {
        self.fragments = fragments
    }

    private mutating func rewrite(_ selections: [IRSelection], bindings: [String: IRValue]) -> [IRSelection] {
        selections.flatMap { selection -> [IRSelection] in
            switch selection {
            case .scalarField(var field):
                field.arguments = field.arguments.map { $0.substituting(bindings) }
                field.directives = field.directives.map { $0.substituting(bindings) }
                return [.scalarField(field)]
            case .linkedField(var field):
                field.arguments = field.arguments.map { $0.substituting(bindings) }
                field.directives = field.directives.map { $0.substituting(bindings) }
                field.selections = rewrite(field.selections, bindings: bindings)
                return [.linkedField(field)]
            case .inlineFragment(var fragment):
                fragment.directives = fragment.directives.map { $0.substituting(bindings) }
                fragment.selections = rewrite(fragment.selections, bindings: bindings)
                return [.inlineFragment(fragment)]
            case .condition(var condition):
                condition.selections = rewrite(condition.selections, bindings: bindings)
                guard case .variable(let name) = condition.value, let bound = bindings[name] else {
                    return [.condition(condition)]
                }
                switch bound {
                case .variable(let outer): condition.value = .variable(outer)
                case .bool(let value): return value == condition.passingValue ? condition.selections : []
                default: return []
                }
                return [.condition(condition)]
            case .fragmentSpread(var spread):
                spread.directives = spread.directives.map { $0.substituting(bindings) }
                let arguments = spread.arguments.map { $0.substituting(bindings) }
                spread.name = applyFragment(named: spread.name, arguments: arguments)
                spread.arguments = []
                return [.fragmentSpread(spread)]
            }
        }
    }

    /// Adds the fragment, applied to the arguments, to the result; returns its name there.
    private mutating func applyFragment(named name: String, arguments: [IRArgument]) -> String {
        guard var fragment = fragments[name] else { return name }
        var bindings: [String: IRValue] = [:]
        for definition in fragment.argumentDefinitions {
            bindings[definition.name] =
                arguments.first { $0.name == definition.name }?.value ?? definition.defaultValue ?? .null
        }
        let appliedName =
            arguments.isEmpty
            ? name
            : name + "_" + String(SHA256.hexDigest(Self.key(bindings)).prefix(8))
        guard applied[appliedName] == nil else { return appliedName }
        applied[appliedName] = fragment  // placeholder against re-entry while rewriting
        fragment.name = appliedName
        fragment.argumentDefinitions = []
        fragment.selections = rewrite(fragment.selections, bindings: bindings)
        applied[appliedName] = fragment
        return appliedName
    }

    /// A stable text of the bindings, for naming.
    private static func key(_ bindings: [String: IRValue]) -> String {
        bindings.keys.sorted().map { "\($0):\(IRPrinter.print(bindings[$0] ?? .null))" }.joined(separator: ",")
    }
}

extension IRValue {
    /// The value with bound variables replaced.
    func substituting(_ bindings: [String: IRValue]) -> IRValue {
        guard !bindings.isEmpty else { return self }
        switch self {
        case .variable(let name): return bindings[name] ?? self
        case .list(let items): return .list(items.map { $0.substituting(bindings) })
        case .object(let fields):
            return .object(fields.map { IRObjectField(name: $0.name, value: $0.value.substituting(bindings)) })
        default: return self
        }
    }
}

extension IRArgument {
    func substituting(_ bindings: [String: IRValue]) -> IRArgument {
        var argument = self
        argument.value = value.substituting(bindings)
        return argument
    }
}

extension IRDirective {
    func substituting(_ bindings: [String: IRValue]) -> IRDirective {
        var directive = self
        directive.arguments = arguments.map { $0.substituting(bindings) }
        return directive
    }
}
