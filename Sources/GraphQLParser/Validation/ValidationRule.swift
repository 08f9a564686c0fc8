/// One validation rule: a visitor over executable documents, in the style of graphql-js's
/// `validation/rules`. The `Validator` walks each document once and calls every rule's hooks
/// in order; a rule overrides only the hooks it needs and reports through its context.
///
/// Adding a rule means adding a file in `Rules/` and listing it in `ValidationRules.specified`.
public protocol ValidationRule: AnyObject {
    /// The graphql-js name, e.g. `FieldsOnCorrectTypeRule`.
    static var name: String { get }
    /// The kinds of node whose hooks the rule implements; the validator calls only those.
    static var visits: ValidationHooks { get }
    init(context: ValidationContext)

    func enterDocument(_ document: Document)
    func leaveDocument(_ document: Document)
    func enterOperation(_ operation: OperationDefinition)
    func leaveOperation(_ operation: OperationDefinition)
    func enterFragmentDefinition(_ fragment: FragmentDefinition)
    func leaveFragmentDefinition(_ fragment: FragmentDefinition)
    /// A type-system definition in an executable document.
    func enterTypeSystemDefinition(_ definition: Definition)
    func enterVariableDefinition(_ definition: VariableDefinition)
    func enterSelectionSet(_ selectionSet: SelectionSet)
    func enterField(_ field: Field)
    func leaveField(_ field: Field)
    func enterFragmentSpread(_ spread: FragmentSpread)
    func enterInlineFragment(_ fragment: InlineFragment)
    /// The directives of one node, before each is entered.
    func enterDirectives(_ directives: NodeList<Directive>, at location: DirectiveLocation)
    func enterDirective(_ directive: Directive, at location: DirectiveLocation)
    func leaveDirective(_ directive: Directive)
    func enterArgument(_ argument: Argument)
    func leaveArgument(_ argument: Argument)
    /// Every value, including those nested in lists and objects; a variable's use too.
    func enterValue(_ value: Value)
    func leaveValue(_ value: Value)
    func enterObjectField(_ field: ObjectField)
    /// Type names in variable definitions and type conditions.
    func enterNamedType(_ type: NamedType)
    /// Called once after every document has been walked, for checks that need the whole
    /// project (variables used through fragments defined in other files).
    func finish()
}

/// Groups of hooks of `ValidationRule`, enter and leave together.
public struct ValidationHooks: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let document = ValidationHooks(rawValue: 1 << 0)
    public static let operation = ValidationHooks(rawValue: 1 << 1)
    public static let fragmentDefinition = ValidationHooks(rawValue: 1 << 2)
    public static let typeSystemDefinition = ValidationHooks(rawValue: 1 << 3)
    public static let variableDefinition = ValidationHooks(rawValue: 1 << 4)
    public static let selectionSet = ValidationHooks(rawValue: 1 << 5)
    public static let field = ValidationHooks(rawValue: 1 << 6)
    public static let fragmentSpread = ValidationHooks(rawValue: 1 << 7)
    public static let inlineFragment = ValidationHooks(rawValue: 1 << 8)
    /// `enterDirectives`, the directive list of a node.
    public static let directives = ValidationHooks(rawValue: 1 << 9)
    public static let directive = ValidationHooks(rawValue: 1 << 10)
    public static let argument = ValidationHooks(rawValue: 1 << 11)
    public static let value = ValidationHooks(rawValue: 1 << 12)
    public static let objectField = ValidationHooks(rawValue: 1 << 13)
    public static let namedType = ValidationHooks(rawValue: 1 << 14)
    public static let all = ValidationHooks(rawValue: ~0)
}

extension ValidationRule {
    public static var visits: ValidationHooks { .all }

    public func enterDocument(_ document: Document) {}
    public func leaveDocument(_ document: Document) {}
    public func enterOperation(_ operation: OperationDefinition) {}
    public func leaveOperation(_ operation: OperationDefinition) {}
    public func enterFragmentDefinition(_ fragment: FragmentDefinition) {}
    public func leaveFragmentDefinition(_ fragment: FragmentDefinition) {}
    public func enterTypeSystemDefinition(_ definition: Definition) {}
    public func enterVariableDefinition(_ definition: VariableDefinition) {}
    public func enterSelectionSet(_ selectionSet: SelectionSet) {}
    public func enterField(_ field: Field) {}
    public func leaveField(_ field: Field) {}
    public func enterFragmentSpread(_ spread: FragmentSpread) {}
    public func enterInlineFragment(_ fragment: InlineFragment) {}
    public func enterDirectives(_ directives: NodeList<Directive>, at location: DirectiveLocation) {}
    public func enterDirective(_ directive: Directive, at location: DirectiveLocation) {}
    public func leaveDirective(_ directive: Directive) {}
    public func enterArgument(_ argument: Argument) {}
    public func leaveArgument(_ argument: Argument) {}
    public func enterValue(_ value: Value) {}
    public func leaveValue(_ value: Value) {}
    public func enterObjectField(_ field: ObjectField) {}
    public func enterNamedType(_ type: NamedType) {}
    public func finish() {}
}
