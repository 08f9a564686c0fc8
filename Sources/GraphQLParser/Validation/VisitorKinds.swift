/// The visitor protocols a rule type conforms to, found once per type and process. Casting a
/// rule to a protocol it does not conform to costs a search of the conformance tables each
/// time, so the walker casts only to the ones this says.
struct VisitorKinds: OptionSet, Sendable {
    let rawValue: UInt16

    static let document = VisitorKinds(rawValue: 1 << 0)
    static let operation = VisitorKinds(rawValue: 1 << 1)
    static let fragmentDefinition = VisitorKinds(rawValue: 1 << 2)
    static let typeSystemDefinition = VisitorKinds(rawValue: 1 << 3)
    static let variableDefinition = VisitorKinds(rawValue: 1 << 4)
    static let selectionSet = VisitorKinds(rawValue: 1 << 5)
    static let field = VisitorKinds(rawValue: 1 << 6)
    static let fragmentSpread = VisitorKinds(rawValue: 1 << 7)
    static let inlineFragment = VisitorKinds(rawValue: 1 << 8)
    static let directiveList = VisitorKinds(rawValue: 1 << 9)
    static let directive = VisitorKinds(rawValue: 1 << 10)
    static let argument = VisitorKinds(rawValue: 1 << 11)
    static let value = VisitorKinds(rawValue: 1 << 12)
    static let objectField = VisitorKinds(rawValue: 1 << 13)
    static let namedType = VisitorKinds(rawValue: 1 << 14)

    /// Guards `known`. A pthread lock (`Lock`), not `Synchronization.Mutex`: compiles validate
    /// files in parallel, and the thread sanitizer sees a pthread lock's ordering on Linux.
    private static let knownLock = Lock()
    nonisolated(unsafe) private static var known: [ObjectIdentifier: VisitorKinds] = [:]

    /// The kinds `rule` visits.
    static func of(_ rule: any ValidationRule.Type) -> VisitorKinds {
        let key = ObjectIdentifier(rule)
        if let kinds = knownLock.withLock({ known[key] }) { return kinds }
        let kinds = conformances(of: rule)
        knownLock.withLock { known[key] = kinds }
        return kinds
    }

    private static func conformances(of rule: any ValidationRule.Type) -> VisitorKinds {
        var kinds: VisitorKinds = []
        let checks: [(VisitorKinds, Bool)] = [
            (.document, rule is any DocumentVisitor.Type), (.operation, rule is any OperationVisitor.Type),
            (.fragmentDefinition, rule is any FragmentDefinitionVisitor.Type),
            (.typeSystemDefinition, rule is any TypeSystemDefinitionVisitor.Type),
            (.variableDefinition, rule is any VariableDefinitionVisitor.Type),
            (.selectionSet, rule is any SelectionSetVisitor.Type), (.field, rule is any FieldVisitor.Type),
            (.fragmentSpread, rule is any FragmentSpreadVisitor.Type),
            (.inlineFragment, rule is any InlineFragmentVisitor.Type),
            (.directiveList, rule is any DirectiveListVisitor.Type), (.directive, rule is any DirectiveVisitor.Type),
            (.argument, rule is any ArgumentVisitor.Type), (.value, rule is any ValueVisitor.Type),
            (.objectField, rule is any ObjectFieldVisitor.Type), (.namedType, rule is any NamedTypeVisitor.Type),
        ]
        for (kind, conforms) in checks where conforms { kinds.insert(kind) }
        return kinds
    }
}
