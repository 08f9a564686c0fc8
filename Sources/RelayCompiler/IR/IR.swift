import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// The compiler's intermediate representation: a project's validated documents resolved against
/// the schema. Every field knows its schema type, values are plain data, and directives stay on
/// their nodes until a transform gives them meaning. Transforms rewrite it; code generation
/// reads it. Nothing here refers back to the syntax tree except source locations for diagnostics.
public struct IRProgram: Hashable, Sendable {
    /// Sorted by name, so that everything downstream is independent of file order.
    public var operations: [IROperation]
    /// Sorted by name.
    public var fragments: [IRFragment]

    public init(operations: [IROperation], fragments: [IRFragment]) {
        self.operations = operations.sorted { $0.name < $1.name }
        self.fragments = fragments.sorted { $0.name < $1.name }
    }

    public func fragment(named name: String) -> IRFragment? {
        fragments.first { $0.name == name }
    }
}

public struct IROperation: Hashable, Sendable {
    public var name: String
    public var kind: OperationType
    /// The schema's root type for `kind`.
    public var rootType: String
    public var variables: [IRVariableDefinition]
    public var directives: [IRDirective]
    public var selections: [IRSelection]
    public var location: SourceLocation
    /// What features' transforms attached (`IRMetadata`), read through their properties.
    public var metadata = IRMetadata()
}

public struct IRFragment: Hashable, Sendable {
    public var name: String
    public var typeCondition: String
    /// Local variables from `@argumentDefinitions`, filled in by a transform.
    public var argumentDefinitions: [IRVariableDefinition]
    public var directives: [IRDirective]
    public var selections: [IRSelection]
    public var location: SourceLocation
    /// What features' transforms attached (`IRMetadata`), read through their properties.
    public var metadata = IRMetadata()
}

public struct IRVariableDefinition: Hashable, Sendable {
    public var name: String
    public var type: TypeRef
    public var defaultValue: IRValue?
    public var location: SourceLocation
    /// What features' transforms attached (`IRMetadata`), read through their properties.
    public var metadata = IRMetadata()
}

public indirect enum IRSelection: Hashable, Sendable {
    case scalarField(IRScalarField)
    case linkedField(IRLinkedField)
    case inlineFragment(IRInlineFragment)
    case fragmentSpread(IRFragmentSpread)
    /// Selections that apply when a variable (or constant) has `passingValue`; made from
    /// `@include` / `@skip` by a transform.
    case condition(IRCondition)
}

/// A field whose type is a scalar or an enum.
public struct IRScalarField: Hashable, Sendable {
    public var alias: String?
    public var name: String
    /// The type the field is selected on (for its description, deprecation and arguments).
    public var parentType: String
    public var type: TypeRef
    public var arguments: [IRArgument]
    public var directives: [IRDirective]
    public var location: SourceLocation

    public var responseKey: String { alias ?? name }
    /// What features' transforms attached (`IRMetadata`), read through their properties.
    public var metadata = IRMetadata()
}

/// A field whose type is an object, interface or union.
public struct IRLinkedField: Hashable, Sendable {
    public var alias: String?
    public var name: String
    /// The type the field is selected on.
    public var parentType: String
    public var type: TypeRef
    public var arguments: [IRArgument]
    public var directives: [IRDirective]
    public var selections: [IRSelection]
    public var location: SourceLocation

    public var responseKey: String { alias ?? name }
    /// What features' transforms attached (`IRMetadata`), read through their properties.
    public var metadata = IRMetadata()
}

public struct IRInlineFragment: Hashable, Sendable {
    /// The type condition; the parent type when the document omits it.
    public var typeCondition: String
    public var directives: [IRDirective]
    public var selections: [IRSelection]
    public var location: SourceLocation
    /// False when the document omits the type condition (`... @include(if: $x) { … }`).
    public var hasTypeCondition = true
    /// What features' transforms attached (`IRMetadata`), read through their properties.
    public var metadata = IRMetadata()
}

public struct IRFragmentSpread: Hashable, Sendable {
    public var name: String
    /// Values passed with `@arguments`, filled in by a transform.
    public var arguments: [IRArgument]
    public var directives: [IRDirective]
    public var location: SourceLocation
    /// What features' transforms attached (`IRMetadata`), read through their properties.
    public var metadata = IRMetadata()
}

public struct IRCondition: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case variable(String)
        case constant(Bool)
    }

    public var value: Value
    public var passingValue: Bool
    public var selections: [IRSelection]
    public var location: SourceLocation
}

public struct IRArgument: Hashable, Sendable {
    public var name: String
    public var value: IRValue
    /// The type the schema declares for the argument (nil for arguments the schema does not
    /// declare, such as `@arguments`' own).
    public var type: TypeRef?
    public var location: SourceLocation
}

public struct IRDirective: Hashable, Sendable {
    public var name: String
    public var arguments: [IRArgument]
    public var location: SourceLocation

    public func argument(_ name: String) -> IRArgument? {
        arguments.first { $0.name == name }
    }
}

/// An input value. Numbers keep their source text so that printing and storage keys reproduce
/// exactly what the user wrote.
public indirect enum IRValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(String)
    case float(String)
    case string(String)
    case enumValue(String)
    case variable(String)
    case list([IRValue])
    case object([IRObjectField])

    /// True when no variable occurs in the value, so it can be evaluated at compile time.
    public var isConstant: Bool {
        switch self {
        case .variable: false
        case .list(let items): items.allSatisfy(\.isConstant)
        case .object(let fields): fields.allSatisfy(\.value.isConstant)
        default: true
        }
    }
}

public struct IRObjectField: Hashable, Sendable {
    public var name: String
    public var value: IRValue

    public init(name: String, value: IRValue) {
        self.name = name
        self.value = value
    }
}

extension IRLinkedField {
    /// The directions a connection field pages in, as Relay reads them from its arguments:
    /// forward with `first` or `after`, backward with `last` or `before`.
    public var pagingDirections: (forward: Bool, backward: Bool) {
        let names = Set(arguments.map(\.name))
        return (names.contains("first") || names.contains("after"), names.contains("last") || names.contains("before"))
    }

    /// The variable the argument `name` is given, if it is given one.
    public func variable(passedAs name: String) -> String? {
        guard case .variable(let variable)? = arguments.first(where: { $0.name == name })?.value else { return nil }
        return variable
    }
}
