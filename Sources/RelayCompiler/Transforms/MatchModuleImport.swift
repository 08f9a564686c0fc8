import GraphQLParser

extension IRInlineFragment {
    /// Made from a `@module` spread: the spread and its two `js` fields (`MatchTransform`).
    public var moduleImport: IRModuleImport? {
        get { metadata[InlineFragmentModuleImportKey.self] }
        set { metadata[InlineFragmentModuleImportKey.self] = newValue }
    }
}

private enum InlineFragmentModuleImportKey: IRMetadataKey {
    static let defaultValue: IRModuleImport? = nil
}

/// A `@module` spread (Relay's `ModuleImport`): one branch of a data-driven match. The server
/// answers its two `js` fields with the branch's component and normalization names when it
/// chose the branch, and null when it did not; the fragment's data comes only with them.
public struct IRModuleImport: Hashable, Sendable {
    /// `@match(key:)`, or the name of the document the spread is in: the `js` fields' aliases
    /// are `__module_component_<key>` and `__module_operation_<key>`.
    public var key: String
    public var fragmentName: String
    /// `@module(name:)`: the component that renders the branch.
    public var componentName: String
    /// A branch of a `@match` field (not a standalone `@module` spread).
    public var isMatchBranch: Bool
    /// A fragment on a client type (Relay's client 3D): the reader names the component itself,
    /// no `js` field is asked for.
    public var isClient: Bool

    public init(
        key: String, fragmentName: String, componentName: String, isMatchBranch: Bool = false, isClient: Bool = false
    ) {
        self.key = key
        self.fragmentName = fragmentName
        self.componentName = componentName
        self.isMatchBranch = isMatchBranch
        self.isClient = isClient
    }

    /// The response key of the field that names the component.
    public var componentField: String { Self.componentPrefix + key }
    /// The response key of the field that names the branch's normalization (non-null exactly
    /// when the server sent the branch).
    public var operationField: String { Self.operationPrefix + key }

    static let componentPrefix = "__module_component_"
    static let operationPrefix = "__module_operation_"
}
