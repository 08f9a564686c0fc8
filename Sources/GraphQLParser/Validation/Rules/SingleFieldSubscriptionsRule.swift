/// A subscription selects exactly one root field, and not an introspection field.
public final class SingleFieldSubscriptionsRule: OperationVisitor {
    public static let name = "SingleFieldSubscriptionsRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterOperation(_ operation: OperationDefinition) {
        guard operation.operation == .subscription, let root = context.schema.rootType(for: .subscription) else {
            return
        }
        let fields = FieldCollector(context: context).collect(operation.selectionSet, on: root)
        let subject = operation.name.map { "Subscription \"\($0.value)\"" } ?? "Anonymous Subscription"
        if fields.count > 1 {
            context.report("\(subject) must select only one top level field.", at: fields.dropFirst().flatMap(\.fields))
        }
        for group in fields where group.fields.first?.name.value.hasPrefix("__") == true {
            context.report("\(subject) must not select an introspection top level field.", at: group.fields)
        }
    }
}

/// graphql-js's `collectFields` for validation: the fields a selection set selects on an object
/// type, grouped by response key, through fragments whose type condition applies. Literal
/// `@skip(if: true)` and `@include(if: false)` exclude a selection.
struct FieldCollector {
    let context: ValidationContext

    func collect(_ selectionSet: SelectionSet, on type: SchemaType) -> [(key: String, fields: [Field])] {
        var groups: [(key: String, fields: [Field])] = []
        var index: [String: Int] = [:]
        var visited: Set<String> = []
        collect(selectionSet, on: type, into: &groups, index: &index, visited: &visited)
        return groups
    }

    private func collect(
        _ selectionSet: SelectionSet, on type: SchemaType, into groups: inout [(key: String, fields: [Field])],
        index: inout [String: Int], visited: inout Set<String>
    ) {
        for selection in selectionSet.selections where isIncluded(selection.directives) {
            switch selection {
            case .field(let field):
                let key = field.responseKey.value
                if let position = index[key] {
                    groups[position].fields.append(field)
                } else {
                    index[key] = groups.count
                    groups.append((key, [field]))
                }
            case .inlineFragment(let fragment):
                if conditionMatches(fragment.typeCondition?.name.value, type) {
                    collect(fragment.selectionSet, on: type, into: &groups, index: &index, visited: &visited)
                }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard visited.insert(name).inserted, let fragment = context.fragments[name],
                    conditionMatches(fragment.typeCondition.name.value, type)
                else { continue }
                collect(fragment.selectionSet, on: type, into: &groups, index: &index, visited: &visited)
            }
        }
    }

    private func conditionMatches(_ condition: String?, _ type: SchemaType) -> Bool {
        guard let condition else { return true }
        if condition == type.name { return true }
        guard let conditionType = context.schema[condition], conditionType.kind.isAbstract else { return false }
        return context.schema.isSubType(conditionType, type)
    }

    private func isIncluded(_ directives: NodeList<Directive>) -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "skip" || name == "include",
                let argument = directive.arguments.first(where: { $0.name.value == "if" }),
                case .boolean(let flag) = argument.value
            else { continue }
            if name == "skip", flag.value { return false }
            if name == "include", !flag.value { return false }
        }
        return true
    }
}
