/// An operation defines each variable once.
public final class UniqueVariableNamesRule: OperationVisitor {
    public static let name = "UniqueVariableNamesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterOperation(_ operation: OperationDefinition) {
        let variables = operation.variableDefinitions.map(\.variable.name)
        guard containsDuplicateNames(variables) else { return }
        for (name, names) in groupedByName(variables) where names.count > 1 {
            context.report("There can be only one variable named \"$\(name)\".", at: names)
        }
    }
}

/// True when two of the names are equal. Names of one document compare by their interned
/// index; short lists, the usual case, are compared pairwise without hashing.
func containsDuplicateNames(_ names: [Name]) -> Bool {
    guard names.count > 1 else { return false }
    guard names.count <= 32, let tree = names.first?.tree, names.allSatisfy({ $0.tree === tree }) else {
        return Set(names.map(\.value)).count != names.count
    }
    let indices = names.map(\.internedIndex)
    for i in indices.indices {
        for j in indices.indices where j > i && indices[i] == indices[j] { return true }
    }
    return false
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
