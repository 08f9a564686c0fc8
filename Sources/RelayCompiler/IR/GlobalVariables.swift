import GraphQLParser

/// The variables a fragment reads from its operation rather than from its own
/// `@argumentDefinitions` — its own and those of the fragments it spreads, each with the type
/// of the position it is used in (Relay's variable inference). A generated query that includes
/// the fragment (a `@refetchable` fragment's refetch query) declares them.
struct GlobalVariables {
    let schema: Schema
    let fragments: [String: IRFragment]

    /// Each global variable with the type its uses need: non-null when any use is.
    func of(_ fragment: IRFragment) -> [String: TypeRef] {
        var found: [String: TypeRef] = [:]
        var visited: Set<String> = [fragment.name]
        collect(
            fragment.selections, locals: Set(fragment.argumentDefinitions.map(\.name)), into: &found,
            visited: &visited)
        return found
    }

    private func collect(
        _ selections: [IRSelection], locals: Set<String>, into found: inout [String: TypeRef],
        visited: inout Set<String>
    ) {
        func use(_ value: IRValue, as type: TypeRef?) {
            switch value {
            case .variable(let name) where !locals.contains(name):
                guard let type else { return }
                if let known = found[name], known.isNonNull || !type.isNonNull { return }
                found[name] = type
            case .list(let items):
                let itemType: TypeRef? = if case .list(let inner) = type?.nullable { inner } else { nil }
                for item in items { use(item, as: itemType) }
            case .object(let fields):
                let inputType = type.flatMap { schema[$0.namedType] }
                for field in fields { use(field.value, as: inputType?.inputField(field.name)?.type) }
            default:
                return
            }
        }
        func use(_ arguments: [IRArgument]) {
            for argument in arguments { use(argument.value, as: argument.type) }
        }
        for selection in selections {
            for directive in selection.directives { use(directive.arguments) }
            switch selection {
            case .scalarField(let field):
                use(field.arguments)
            case .linkedField(let field):
                use(field.arguments)
                if let dynamicKey = field.connection?.dynamicKey { use(dynamicKey, as: .named("String")) }
                collect(field.selections, locals: locals, into: &found, visited: &visited)
            case .inlineFragment(let fragment):
                collect(fragment.selections, locals: locals, into: &found, visited: &visited)
            case .condition(let condition):
                if case .variable = condition.value {
                    use(condition.value.irValue, as: .nonNull(.named("Boolean")))
                }
                collect(condition.selections, locals: locals, into: &found, visited: &visited)
            case .fragmentSpread(let spread):
                use(spread.arguments)
                guard let spread = fragments[spread.name], visited.insert(spread.name).inserted else { continue }
                collect(
                    spread.selections, locals: Set(spread.argumentDefinitions.map(\.name)), into: &found,
                    visited: &visited)
            }
        }
    }
}

extension IRCondition.Value {
    /// The condition's value as an input value.
    var irValue: IRValue {
        switch self {
        case .variable(let name): .variable(name)
        case .constant(let value): .bool(value)
        }
    }
}
