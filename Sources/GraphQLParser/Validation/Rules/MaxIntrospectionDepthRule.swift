/// Introspection queries may not nest list fields (`fields`, `interfaces`, `possibleTypes`,
/// `inputFields`) three deep, which would let a client make the server do unbounded work.
public final class MaxIntrospectionDepthRule: FieldVisitor {
    public static let name = "MaxIntrospectionDepthRule"
    private static let maxListsDepth = 3
    private unowned let context: ValidationContext
    /// Fields already inside a reported introspection root, not checked again.
    private var reportedDepth = 0

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterField(_ field: Field) {
        if reportedDepth > 0 {
            reportedDepth += 1
            return
        }
        let name = field.name.value
        guard name == "__schema" || name == "__type" else { return }
        var visited: Set<String> = []
        if exceedsDepth(.field(field), visited: &visited, depth: 0) {
            context.report("Maximum introspection depth exceeded", at: field)
            reportedDepth = 1
        }
    }

    public func leaveField(_ field: Field) {
        if reportedDepth > 0 { reportedDepth -= 1 }
    }

    private func exceedsDepth(_ selection: Selection, visited: inout Set<String>, depth: Int) -> Bool {
        var depth = depth
        let selectionSet: SelectionSet?
        switch selection {
        case .fragmentSpread(let spread):
            let name = spread.name.value
            guard !visited.contains(name), let fragment = context.fragments[name] else { return false }
            visited.insert(name)
            defer { visited.remove(name) }
            return fragment.selectionSet.selections.contains { exceedsDepth($0, visited: &visited, depth: depth) }
        case .field(let field):
            switch field.name.value {
            case "fields", "interfaces", "possibleTypes", "inputFields":
                depth += 1
                if depth >= Self.maxListsDepth { return true }
            default: break
            }
            selectionSet = field.selectionSet
        case .inlineFragment(let fragment):
            selectionSet = fragment.selectionSet
        }
        guard let selectionSet else { return false }
        return selectionSet.selections.contains { exceedsDepth($0, visited: &visited, depth: depth) }
    }
}
