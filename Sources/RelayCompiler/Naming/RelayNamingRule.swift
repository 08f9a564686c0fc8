import GraphQLParser

/// Relay's naming rules for definitions in `graphql(…)` literals: every operation is named,
/// its name starts with its Swift file's name (Relay's "module name": `ModuleName`) and ends with
/// its own kind's suffix (`Query`, `Mutation`, `Subscription`); every fragment name starts with
/// the file's name; no operation shares a name with a fragment (both generate
/// `<Name>.graphql.swift`).
///
/// Stricter than Relay, which accepts any of the three suffixes for any kind. A project may turn
/// the file-name prefix off (`RelayNamingRuleWithoutFilePrefix`, relay.json's
/// `requireFileNamePrefix: false`), as Relay 21 apps outside Meta do; the rest still applies.
public class RelayNamingRule: OperationVisitor, FragmentDefinitionVisitor {
    public static let name = "RelayNamingRule"
    private unowned let context: ValidationContext
    private var definitionsByName: [String: Name] = [:]

    /// Whether a definition's name must start with its file's name.
    class var requiresFileNamePrefix: Bool { true }

    public required init(context: ValidationContext) {
        self.context = context
    }

    public func enterOperation(_ operation: OperationDefinition) {
        let module = ModuleName.forFile(operation.tree.sourceName)
        let suffix = Self.suffix(operation.operation)
        guard let name = operation.name else {
            context.report(
                "Operations in graphql tags must be named: expected a name like '\(module)\(suffix)' (from \(Self.fileName(operation.tree.sourceName))).",
                at: operation)
            return
        }
        let value = name.value
        // As Relay: `AddTodoMutation` in AddTodoMutation.swift is fine (the prefix and suffix overlap).
        if !Self.requiresFileNamePrefix, !value.hasSuffix(suffix) {
            context.report(
                "\(Self.plural(operation.operation)) in graphql tags must end with '\(suffix)'. Got '\(value)' instead.",
                at: name)
        } else if Self.requiresFileNamePrefix, !value.hasPrefix(module) || !value.hasSuffix(suffix) {
            context.report(
                "\(Self.plural(operation.operation)) in graphql tags must start with the file's name ('\(module)', from \(Self.fileName(operation.tree.sourceName))) and end with '\(suffix)'. Got '\(value)' instead.",
                at: name)
        }
        checkUnique(name, isFragment: false)
    }

    public func enterFragmentDefinition(_ fragment: FragmentDefinition) {
        let module = ModuleName.forFile(fragment.tree.sourceName)
        let name = fragment.name
        if Self.requiresFileNamePrefix, !name.value.hasPrefix(module) {
            context.report(
                "Fragments in graphql tags must start with the file's name ('\(module)', from \(Self.fileName(fragment.tree.sourceName))). Got '\(name.value)' instead.",
                at: name)
        }
        checkUnique(name, isFragment: true)
    }

    /// The file's name without its folders: what a Swift developer recognizes the rule by.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Same-kind duplicates are graphql-js's UniqueOperationNames and UniqueFragmentNames
    /// rules; this reports an operation and a fragment sharing a name.
    private var kinds: [String: Bool] = [:]

    private func checkUnique(_ name: Name, isFragment: Bool) {
        if let first = definitionsByName[name.value] {
            if kinds[name.value] != isFragment {
                context.report(
                    "There can be only one operation or fragment named \"\(name.value)\": each generates \(name.value).graphql.swift.",
                    at: first, name)
            }
        } else {
            definitionsByName[name.value] = name
            kinds[name.value] = isFragment
        }
    }

    static func suffix(_ operation: OperationType) -> String {
        switch operation {
        case .query: "Query"
        case .mutation: "Mutation"
        case .subscription: "Subscription"
        }
    }

    static func plural(_ operation: OperationType) -> String {
        switch operation {
        case .query: "Queries"
        case .mutation: "Mutations"
        case .subscription: "Subscriptions"
        }
    }
}

/// `RelayNamingRule` without the file-name prefix: operations still end with their kind and
/// names stay unique across the project (each names a generated file).
public final class RelayNamingRuleWithoutFilePrefix: RelayNamingRule {
    override class var requiresFileNamePrefix: Bool { false }
}
