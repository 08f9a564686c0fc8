/// One validation rule: a visitor over executable documents, in the style of graphql-js's
/// `validation/rules`. The `Validator` walks each document once and calls, at each node, the
/// hooks of the rules that visit that kind of node.
///
/// A rule visits a kind of node by conforming to its visitor protocol (`FieldVisitor`,
/// `OperationVisitor`, …), whose requirements are the hooks: the conformance is the
/// registration, so a hook the validator does not call cannot be written (a method of the same
/// name outside the conformance is no hook). Adding a rule means adding a file in `Rules/` and
/// listing it in `ValidationRules.specified`.
public protocol ValidationRule: AnyObject {
    /// The graphql-js name, e.g. `FieldsOnCorrectTypeRule`.
    static var name: String { get }
    init(context: ValidationContext)
    /// Called once after every document has been walked, for checks that need the whole
    /// project (variables used through fragments defined in other files).
    func finish()
}

extension ValidationRule {
    public func finish() {}
}

/// A rule that visits documents.
public protocol DocumentVisitor: ValidationRule {
    func enterDocument(_ document: Document)
    func leaveDocument(_ document: Document)
}

/// A rule that visits operation definitions.
public protocol OperationVisitor: ValidationRule {
    func enterOperation(_ operation: OperationDefinition)
    func leaveOperation(_ operation: OperationDefinition)
}

/// A rule that visits fragment definitions.
public protocol FragmentDefinitionVisitor: ValidationRule {
    func enterFragmentDefinition(_ fragment: FragmentDefinition)
    func leaveFragmentDefinition(_ fragment: FragmentDefinition)
}

/// A rule that visits type-system definitions in executable documents.
public protocol TypeSystemDefinitionVisitor: ValidationRule {
    func enterTypeSystemDefinition(_ definition: Definition)
}

/// A rule that visits variable definitions.
public protocol VariableDefinitionVisitor: ValidationRule {
    func enterVariableDefinition(_ definition: VariableDefinition)
}

/// A rule that visits selection sets.
public protocol SelectionSetVisitor: ValidationRule {
    func enterSelectionSet(_ selectionSet: SelectionSet)
}

/// A rule that visits fields.
public protocol FieldVisitor: ValidationRule {
    func enterField(_ field: Field)
    func leaveField(_ field: Field)
}

/// A rule that visits fragment spreads.
public protocol FragmentSpreadVisitor: ValidationRule {
    func enterFragmentSpread(_ spread: FragmentSpread)
}

/// A rule that visits inline fragments.
public protocol InlineFragmentVisitor: ValidationRule {
    func enterInlineFragment(_ fragment: InlineFragment)
}

/// A rule that visits the directives of one node together, before each is entered.
public protocol DirectiveListVisitor: ValidationRule {
    func enterDirectives(_ directives: NodeList<Directive>, at location: DirectiveLocation)
}

/// A rule that visits directives.
public protocol DirectiveVisitor: ValidationRule {
    func enterDirective(_ directive: Directive, at location: DirectiveLocation)
    func leaveDirective(_ directive: Directive)
}

/// A rule that visits arguments of fields and directives.
public protocol ArgumentVisitor: ValidationRule {
    func enterArgument(_ argument: Argument)
    func leaveArgument(_ argument: Argument)
}

/// A rule that visits every value, including those nested in lists and objects; a variable's
/// use too.
public protocol ValueVisitor: ValidationRule {
    func enterValue(_ value: Value)
    func leaveValue(_ value: Value)
}

/// A rule that visits the fields of object values.
public protocol ObjectFieldVisitor: ValidationRule {
    func enterObjectField(_ field: ObjectField)
}

/// A rule that visits type names in variable definitions and type conditions.
public protocol NamedTypeVisitor: ValidationRule {
    func enterNamedType(_ type: NamedType)
}

// A rule that needs only one of a pair of hooks leaves the other out.
extension DocumentVisitor {
    public func enterDocument(_ document: Document) {}
    public func leaveDocument(_ document: Document) {}
}

extension OperationVisitor {
    public func enterOperation(_ operation: OperationDefinition) {}
    public func leaveOperation(_ operation: OperationDefinition) {}
}

extension FragmentDefinitionVisitor {
    public func enterFragmentDefinition(_ fragment: FragmentDefinition) {}
    public func leaveFragmentDefinition(_ fragment: FragmentDefinition) {}
}

extension FieldVisitor {
    public func enterField(_ field: Field) {}
    public func leaveField(_ field: Field) {}
}

extension DirectiveVisitor {
    public func enterDirective(_ directive: Directive, at location: DirectiveLocation) {}
    public func leaveDirective(_ directive: Directive) {}
}

extension ArgumentVisitor {
    public func enterArgument(_ argument: Argument) {}
    public func leaveArgument(_ argument: Argument) {}
}

extension ValueVisitor {
    public func enterValue(_ value: Value) {}
    public func leaveValue(_ value: Value) {}
}
