/// Every fragment of a document is used by one of its operations. (Not in Relay's rule set:
/// in a project, fragments are used from other files.)
public final class NoUnusedFragmentsRule: DocumentVisitor {
    public static let name = "NoUnusedFragmentsRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func leaveDocument(_ document: Document) {
        var used: Set<String> = []
        for case .operation(let operation) in document.definitions {
            for fragment in context.recursivelyReferencedFragments(operation) {
                used.insert(fragment.name.value)
            }
        }
        for case .fragment(let fragment) in document.definitions where !used.contains(fragment.name.value) {
            context.report("Fragment \"\(fragment.name.value)\" is never used.", at: fragment)
        }
    }
}
