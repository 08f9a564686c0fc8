import GraphQLParser

/// Relay's check of inline fragments and fragment spreads against every type condition they sit
/// in, not only the nearest: in a `User` field, `... on Node { ... on Page { … } }` can never
/// match (a User is never a Page) although `Page` and `Node` overlap. graphql-js's
/// PossibleFragmentSpreads rule reports what the nearest type already excludes; this rule reports
/// what only an outer type excludes.
public final class NarrowedTypeOverlapRule: OperationVisitor, FragmentDefinitionVisitor {
    public static let name = "NarrowedTypeOverlapRule"
    private unowned let context: ValidationContext
    /// Each type's possible object types, made once: most fields have no type condition under
    /// them, and a large interface has hundreds of implementations.
    private var possibleTypes: [String: Set<String>] = [:]

    public init(context: ValidationContext) {
        self.context = context
    }

    /// The object types a selection set's values can have, and the type that narrowed them
    /// most recently (named in messages).
    private struct Scope {
        var possible: Set<String>
        var name: String
    }

    public func enterOperation(_ operation: OperationDefinition) {
        guard let root = context.schema.rootType(for: operation.operation) else { return }
        check(operation.selectionSet, in: scope(of: root), parent: root)
    }

    public func enterFragmentDefinition(_ fragment: FragmentDefinition) {
        guard let type = context.schema[fragment.typeCondition.name.value] else { return }
        check(fragment.selectionSet, in: scope(of: type), parent: type)
    }

    private func scope(of type: SchemaType) -> Scope {
        Scope(possible: possible(type), name: type.name)
    }

    private func possible(_ type: SchemaType) -> Set<String> {
        if let known = possibleTypes[type.name] { return known }
        let found = Set(context.schema.possibleTypes(of: type).map(\.name))
        possibleTypes[type.name] = found
        return found
    }

    private func check(_ selectionSet: SelectionSet, in scope: Scope, parent: SchemaType) {
        let schema = context.schema
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard let selections = field.selectionSet,
                    let definition = schema.field(field.name.value, on: parent),
                    let type = schema[definition.type.namedType], type.kind.isComposite
                else { continue }
                check(selections, in: self.scope(of: type), parent: type)
            case .inlineFragment(let fragment):
                guard let condition = fragment.typeCondition else {
                    check(fragment.selectionSet, in: scope, parent: parent)
                    continue
                }
                guard let type = schema[condition.name.value], type.kind.isComposite else { continue }
                guard let narrowed = narrowed(scope, by: type, parent: parent) else {
                    context.report(
                        "Invalid type '\(type.name)' in inline fragment, this type can never occur for parent type "
                            + "'\(scope.name)'", at: fragment)
                    continue
                }
                check(fragment.selectionSet, in: narrowed, parent: type)
            case .fragmentSpread(let spread):
                guard let definition = context.fragments[spread.name.value],
                    let type = schema[definition.typeCondition.name.value], type.kind.isComposite,
                    narrowed(scope, by: type, parent: parent) == nil
                else { continue }
                context.report(
                    "Invalid fragment spread '\(spread.name.value)', the type of this fragment ('\(type.name)') can "
                        + "never occur for parent type '\(scope.name)'", at: spread)
            }
        }
    }

    /// The scope inside a type condition; nil when no value can match it although the nearest
    /// type overlaps it (graphql-js reports the other case).
    private func narrowed(_ scope: Scope, by type: SchemaType, parent: SchemaType) -> Scope? {
        let possible = self.possible(type)
        let inScope = scope.possible.intersection(possible)
        let overlapsParent = !self.possible(parent).isDisjoint(with: possible)
        if inScope.isEmpty { return overlapsParent ? nil : scope }
        return Scope(possible: inScope, name: possible.isSubset(of: scope.possible) ? type.name : scope.name)
    }
}
