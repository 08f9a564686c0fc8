/// One validation rule: a visitor over executable documents, in the style of graphql-js's
/// `validation/rules`. The `Validator` walks each document once and calls every rule's hooks
/// in order; a rule overrides only the hooks it needs and reports through its context.
///
/// Adding a rule means adding a file in `Rules/` and listing it in `ValidationRules.specified`.
public protocol ValidationRule: AnyObject {
    /// The graphql-js name, e.g. `FieldsOnCorrectTypeRule`.
    static var name: String { get }
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

extension ValidationRule {
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
