/// `query`, `mutation` or `subscription`.
public enum OperationType: String, Hashable, Sendable {
    case query
    case mutation
    case subscription
}

public struct OperationDefinition: Hashable, Sendable {
    public var operation: OperationType
    /// Nil for an anonymous operation (including the `{ … }` shorthand).
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange

    public init(
        operation: OperationType, name: Name?, variableDefinitions: [VariableDefinition],
        directives: [Directive], selectionSet: SelectionSet, range: SourceRange
    ) {
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

public struct VariableDefinition: Hashable, Sendable {
    public var variable: Variable
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var range: SourceRange

    public init(
        variable: Variable, type: TypeReference, defaultValue: Value?, directives: [Directive],
        range: SourceRange
    ) {
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.range = range
    }
}

public struct SelectionSet: Hashable, Sendable {
    public var selections: [Selection]
    public var range: SourceRange

    public init(selections: [Selection], range: SourceRange) {
        self.selections = selections
        self.range = range
    }
}

public enum Selection: Hashable, Sendable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var range: SourceRange {
        switch self {
        case .field(let node): node.range
        case .fragmentSpread(let node): node.range
        case .inlineFragment(let node): node.range
        }
    }

    public var directives: [Directive] {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}

public struct Field: Hashable, Sendable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: SelectionSet?
    public var range: SourceRange

    public init(
        alias: Name?, name: Name, arguments: [Argument], directives: [Directive], selectionSet: SelectionSet?,
        range: SourceRange
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }

    /// The key under which the field appears in a response: its alias, or else its name.
    public var responseKey: Name { alias ?? name }
}

public struct Argument: Hashable, Sendable {
    public var name: Name
    public var value: Value
    public var range: SourceRange

    public init(name: Name, value: Value, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

public struct FragmentSpread: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange

    public init(name: Name, directives: [Directive], range: SourceRange) {
        self.name = name
        self.directives = directives
        self.range = range
    }
}

public struct InlineFragment: Hashable, Sendable {
    public var typeCondition: NamedType?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange

    public init(typeCondition: NamedType?, directives: [Directive], selectionSet: SelectionSet, range: SourceRange) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

public struct FragmentDefinition: Hashable, Sendable {
    public var name: Name
    public var typeCondition: NamedType
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange

    public init(
        name: Name, typeCondition: NamedType, directives: [Directive], selectionSet: SelectionSet,
        range: SourceRange
    ) {
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

public struct Directive: Hashable, Sendable {
    public var name: Name
    public var arguments: [Argument]
    public var range: SourceRange

    public init(name: Name, arguments: [Argument], range: SourceRange) {
        self.name = name
        self.arguments = arguments
        self.range = range
    }
}
