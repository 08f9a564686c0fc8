import GraphQLParser

/// What an operation looks like to a server, which knows nothing of fragment arguments: every
/// fragment that declares `@argumentDefinitions` is copied with its local variables replaced by
/// the values its spread passes (or their defaults, or `null`). A spread with arguments names its
/// copy as Relay does (`AppliedFragmentName`: a hash of the arguments as passed), so two spreads
/// passing equal arguments share one copy and the text matches Relay's.
///
/// As Relay's apply-fragment-arguments and skip-unreachable-node transforms, a condition that
/// the arguments decide is resolved, and what is left empty is removed — fields, inline
/// fragments, conditions, and spreads of fragments with nothing left to select — so a fragment
/// may spread itself with arguments that end the recursion. A spread that reaches a copy still
/// being applied is a cycle, reported.
public struct ApplyFragmentArguments {
    private let fragments: [String: IRFragment]
    /// The fragments the operation needs, by their (possibly derived) names.
    private var applied: [String: IRFragment] = [:]
    /// The copies being applied, innermost last: spreading one of them again never ends.
    private var inProgress: [String] = []
    private var diagnostics: [Diagnostic] = []

    /// The operation with spreads pointing at the applied fragments, those fragments sorted by
    /// name, and the cycles found.
    public static func apply(to operation: IROperation, fragments: [String: IRFragment])
        -> (IROperation, [IRFragment], [Diagnostic])
    {
        var application = ApplyFragmentArguments(fragments: fragments)
        var operation = operation
        operation.selections = application.rewrite(operation.selections, bindings: [:])
        let used = application.applied.values.filter { !$0.selections.isEmpty }.sorted { $0.name < $1.name }
        return (operation, used, application.diagnostics)
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
                // An argument that turns `@stream(if:)` false turns the stream off.
                field.directives.removeAll(where: DeferStreamTransform.isDisabled)
                if var connection = field.connection {
                    connection.dynamicKey = connection.dynamicKey?.substituting(bindings)
                    if var stream = connection.stream {
                        stream.condition = stream.condition?.substituting(bindings)
                        // `@stream_connection(if:)` false: the `pageInfo` is not deferred either.
                        connection.stream = stream.condition?.value == .bool(false) ? nil : stream
                    }
                    field.connection = connection
                }
                field.selections = rewrite(field.selections, bindings: bindings)
                return field.selectsNothingWritten ? [] : [.linkedField(field)]
            case .inlineFragment(var fragment):
                fragment.directives = fragment.directives.map { $0.substituting(bindings) }
                fragment.selections = rewrite(fragment.selections, bindings: bindings)
                return fragment.selections.isEmpty ? [] : [.inlineFragment(fragment)]
            case .condition(var condition):
                if case .variable(let name) = condition.value, let bound = bindings[name] {
                    switch bound {
                    case .variable(let outer): condition.value = .variable(outer)
                    case .bool(let value) where value == condition.passingValue:
                        return rewrite(condition.selections, bindings: bindings)
                    default: return []
                    }
                }
                condition.selections = rewrite(condition.selections, bindings: bindings)
                return condition.selections.isEmpty ? [] : [.condition(condition)]
            case .fragmentSpread(var spread):
                spread.directives = spread.directives.map { $0.substituting(bindings) }
                spread.directives.removeAll(where: DeferStreamTransform.isDisabled)
                let arguments = spread.arguments.map { $0.substituting(bindings) }
                guard let name = applyFragment(named: spread.name, arguments: arguments, at: spread.location) else {
                    return []
                }
                spread.name = name
                spread.arguments = []
                return [.fragmentSpread(spread)]
            }
        }
    }

    /// Adds the fragment, applied to the arguments, to the result; returns its name there, or
    /// nil when nothing is left of it (or it spreads itself without end).
    private mutating func applyFragment(named name: String, arguments: [IRArgument], at location: SourceLocation)
        -> String?
    {
        guard var fragment = fragments[name] else { return name }
        var bindings: [String: IRValue] = [:]
        for definition in fragment.argumentDefinitions {
            bindings[definition.name] =
                arguments.first { $0.name == definition.name }?.value ?? definition.defaultValue ?? .null
        }
        let appliedName = AppliedFragmentName.of(name, arguments: arguments)
        if inProgress.contains(appliedName) {
            diagnostics.append(.error("Found a circular reference from fragment '\(name)'.", at: location))
            return nil
        }
        if let done = applied[appliedName] { return done.selections.isEmpty ? nil : appliedName }
        inProgress.append(appliedName)
        fragment.name = appliedName
        fragment.argumentDefinitions = []
        fragment.selections = rewrite(fragment.selections, bindings: bindings)
        inProgress.removeLast()
        applied[appliedName] = fragment
        return fragment.selections.isEmpty ? nil : appliedName
    }
}

extension IRLinkedField {
    /// True when nothing is left under the field but the `__typename` the typename transform
    /// added (at the field's own location): Relay adds it only after removing what is empty.
    var selectsNothingWritten: Bool {
        selections.allSatisfy {
            if case .scalarField(let scalar) = $0 {
                scalar.name == "__typename" && scalar.location == location
            } else {
                false
            }
        }
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
