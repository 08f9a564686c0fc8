/// An operation defines each variable once.
public final class UniqueVariableNamesRule: ValidationRule {
    public static let name = "UniqueVariableNamesRule"
    public static let visits: ValidationHooks = .operation
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterOperation(_ operation: OperationDefinition) {
        for (name, names) in groupedByName(operation.variableDefinitions.map(\.variable.name)) where names.count > 1 {
            context.report("There can be only one variable named \"$\(name)\".", at: names)
        }
    }
}

/// Names grouped by value, in order of first appearance (graphql-js's `groupBy`).
func groupedByName(_ names: [Name]) -> [(String, [Name])] {
    var groups: [(String, [Name])] = []
    var index: [String: Int] = [:]
    for name in names {
        if let position = index[name.value] {
            groups[position].1.append(name)
        } else {
            index[name.value] = groups.count
            groups.append((name.value, [name]))
        }
    }
    return groups
}
