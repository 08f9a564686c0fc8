import GraphQLParser

/// Relay's rules for an operation's variables: the `__relay_internal` prefix is Relay's own, and
/// a non-null variable takes no default value (a default could only stand in for a value the
/// type already requires).
public final class RelayVariableDefinitionsRule: VariableDefinitionVisitor {
    public static let name = "RelayVariableDefinitionsRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterVariableDefinition(_ definition: VariableDefinition) {
        let name = definition.variable.name.value
        if name.hasPrefix("__relay_internal") {
            context.report(
                "Invalid name `$\(name)` for an operation variable. The `__relay_internal` prefix is reserved for "
                    + "relay internal usage.", at: definition.variable)
        }
        if case .nonNull = definition.type, definition.defaultValue != nil {
            context.report("Non-nullable variable '\(name)' has a default value.", at: definition)
        }
    }
}
