@_spi(RelayGenerated) import RelayContract

/// A generated operation run with variables built at run time (a refetch or page query's),
/// after relay-runtime's operation descriptors: the same node and data, variables as a value.
struct UntypedOperation<Typed: Operation>: Operation {
    typealias Data = Typed.Data
    let variables: VariableData

    static var node: ConcreteRequest { Typed.node }
    static var providedVariables: [String: @Sendable () -> VariableValue] { Typed.providedVariables }
    static var resolvers: [String: RelayResolverFunction] { Typed.resolvers }
}

extension NormalizationOperation {
    /// The variables the operation's selections use (arguments, conditions, handles) or declare
    /// a default for: what a refetch keeps of the variables in scope, as Relay keeps an
    /// operation's declared ones.
    var usedVariables: Set<String> {
        var names = Set(variableDefaults.keys)
        Self.collectVariables(in: selections, into: &names)
        return names
    }

    private static func collectVariables(in selections: [NormalizationSelection], into names: inout Set<String>) {
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                collectVariables(in: field.args, into: &names)
            case .linkedField(let field):
                collectVariables(in: field.args, into: &names)
                collectVariables(in: field.selections, into: &names)
            case .inlineFragment(let fragment):
                collectVariables(in: fragment.selections, into: &names)
            case .clientExtension(let nested):
                collectVariables(in: nested, into: &names)
            case .handle(let handle):
                collectVariables(in: handle.args + handle.handleArgs, into: &names)
            case .condition(let variable, _, let nested):
                names.insert(variable)
                collectVariables(in: nested, into: &names)
            }
        }
    }

    private static func collectVariables(in arguments: [ArgumentNode], into names: inout Set<String>) {
        for argument in arguments {
            switch argument {
            case .literal: break
            case .variable(_, let variableName): names.insert(variableName)
            case .object(_, let fields): collectVariables(in: fields, into: &names)
            case .list(_, let items): collectVariables(in: items, into: &names)
            }
        }
    }
}
