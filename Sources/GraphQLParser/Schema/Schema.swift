/// A GraphQL schema: named types, directives and root operation types, built from SDL by
/// `SchemaBuilder`. A class, so passing it around costs nothing; filled in by the builder and
/// never changed after, which is what makes it safe to share between threads.
public final class Schema: @unchecked Sendable {
    public internal(set) var types: [String: SchemaType] = [:]
    public internal(set) var directives: [String: SchemaDirective] = [:]
    public internal(set) var queryType: String?
    public internal(set) var mutationType: String?
    public internal(set) var subscriptionType: String?
    /// For each interface, the object and interface types that implement it, in definition order.
    public internal(set) var implementations: [String: [String]] = [:]
    /// The type names in definition order (built-ins last), for stable iteration.
    public internal(set) var typeNames: [String] = []
    /// The types in definition order; `SchemaType.index` is a type's position here.
    public internal(set) var typeList: [SchemaType] = []

    init() {}

    public subscript(typeName: String) -> SchemaType? { types[typeName] }

    /// The root type of an operation kind.
    public func rootType(for operation: OperationType) -> SchemaType? {
        let name: String?
        switch operation {
        case .query: name = queryType
        case .mutation: name = mutationType
        case .subscription: name = subscriptionType
        }
        return name.flatMap { types[$0] }
    }

    /// The named type of a field (`User` for `[User!]!`), nil if the schema lacks it.
    public func namedType(of field: SchemaField) -> SchemaType? {
        field.namedTypeIndex >= 0 ? typeList[field.namedTypeIndex] : self[field.type.namedType]
    }

    /// The named type of an argument or input field, nil if the schema lacks it.
    public func namedType(of value: SchemaInputValue) -> SchemaType? {
        value.namedTypeIndex >= 0 ? typeList[value.namedTypeIndex] : self[value.type.namedType]
    }

    /// The object types an abstract type may be at run time (itself for an object type).
    public func possibleTypes(of type: SchemaType) -> [SchemaType] {
        switch type.kind {
        case .object: return [type]
        case .union: return type.members.compactMap { types[$0] }
        case .interface:
            return (implementations[type.name] ?? []).compactMap { types[$0] }.filter { $0.kind == .object }
        default: return []
        }
    }

    /// True when `maybeSubtype` is `abstractType` itself' member or implementation.
    public func isSubType(_ abstractType: SchemaType, _ maybeSubtype: SchemaType) -> Bool {
        switch abstractType.kind {
        case .union: return abstractType.members.contains(maybeSubtype.name)
        case .interface: return (implementations[abstractType.name] ?? []).contains(maybeSubtype.name)
        default: return false
        }
    }

    /// graphql-js's `isTypeSubTypeOf`: a value of `maybeSubType` can be used where `superType`
    /// is expected (same type, non-null where nullable is fine, an implementation or member
    /// where an abstract type is expected).
    public func isSubType(_ maybeSubType: TypeRef, of superType: TypeRef) -> Bool {
        if maybeSubType == superType { return true }
        switch (maybeSubType, superType) {
        case (.nonNull(let sub), .nonNull(let sup)): return isSubType(sub, of: sup)
        case (_, .nonNull): return false
        case (.nonNull(let sub), _): return isSubType(sub, of: superType)
        case (.list(let sub), .list(let sup)): return isSubType(sub, of: sup)
        case (_, .list), (.list, _): return false
        case (.named(let sub), .named(let sup)):
            guard let subType = self[sub], let superType = self[sup], superType.kind.isAbstract,
                subType.kind == .object || subType.kind == .interface
            else { return false }
            return isSubType(superType, subType)
        }
    }

    /// True when client extensions were given (`SchemaLoader.load(_:clientExtensions:)`): only
    /// then may a type, field or directive be `isClientExtension`.
    public internal(set) var hasClientExtensions = false

    /// A field a client adds to every composite type, answered from its store rather than by the
    /// server (Relay's `__id`, a record's store id); nil in a server's schema.
    public internal(set) var recordIDField: SchemaField?

    /// What the schema was built from, as a short digest its loader gives (the Relay compiler
    /// stamps it on artifacts, so a store saved under another schema is not misread); empty when
    /// none was given.
    public var sourceDigest = ""

    /// The field `name` of a composite type, including the introspection fields `__typename`
    /// (everywhere) and `__schema` / `__type` (on the query root), and `recordIDField`.
    public func field(_ name: String, on type: SchemaType) -> SchemaField? {
        if name.utf8.first == UInt8(ascii: "_") {
            if name == "__typename", type.kind.isComposite { return BuiltIns.typenameField }
            if let recordIDField, name == recordIDField.name, type.kind.isComposite { return recordIDField }
            if type.name == queryType {
                if name == "__schema" { return BuiltIns.schemaField }
                if name == "__type" { return BuiltIns.typeField }
            }
        }
        return type.field(name)
    }
}

/// A description from the SDL, decoded only when read: a schema has thousands and code
/// generation reads few of them.
public struct SchemaDescription: Sendable {
    private let text: String?
    private let node: StringValue?

    public init(_ text: String?) {
        self.text = text
        node = nil
    }

    init(node: StringValue?) {
        text = nil
        self.node = node
    }

    public var value: String? { text ?? node?.value }
}

/// What kind of named type a `SchemaType` is.
public enum TypeKind: String, Sendable, Hashable {
    case scalar = "SCALAR"
    case object = "OBJECT"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumType = "ENUM"
    case inputObject = "INPUT_OBJECT"

    /// Object, interface or union: types with selection sets.
    public var isComposite: Bool { self == .object || self == .interface || self == .union }
    /// Interface or union.
    public var isAbstract: Bool { self == .interface || self == .union }
    /// Types that may be variables and arguments.
    public var isInput: Bool { self == .scalar || self == .enumType || self == .inputObject }
    /// Types that may be fields.
    public var isOutput: Bool { self != .inputObject }
    /// Scalar or enum: types without selections.
    public var isLeaf: Bool { self == .scalar || self == .enumType }
}

/// A named type of a schema. Which parts are filled depends on `kind`.
///
/// Schema elements are classes so that lookups during validation and code generation hand
/// out references instead of copying their lists. They are filled in by `SchemaBuilder` and
/// never changed after the schema is returned, which is what makes them safe to share.
public final class SchemaType: @unchecked Sendable {
    public let name: String
    public let kind: TypeKind
    let descriptionText: SchemaDescription
    public var description: String? { descriptionText.value }
    /// The type's position in `Schema.typeList`.
    public internal(set) var index = 0
    /// Object and interface fields, in definition order.
    public internal(set) var fields: [SchemaField] = []
    var fieldIndex: [String: Int] = [:]
    /// Interfaces an object or interface implements.
    public internal(set) var interfaces: [String] = []
    /// Union members.
    public internal(set) var members: [String] = []
    public internal(set) var enumValues: [SchemaEnumValue] = []
    /// Input object fields, in definition order.
    public internal(set) var inputFields: [SchemaInputValue] = []
    var inputFieldIndex: [String: Int] = [:]
    /// `@oneOf` input objects take exactly one field.
    public internal(set) var isOneOf = false
    /// The definition in the SDL (nil for built-ins), for diagnostics.
    public internal(set) var definition: Definition?
    /// Extensions of the type, in order.
    public internal(set) var extensions: [Definition] = []
    public internal(set) var specifiedByURL: String?
    /// Defined by a client schema extension: the type exists only in the client's store.
    public internal(set) var isClientExtension = false

    init(name: String, kind: TypeKind, description: SchemaDescription) {
        self.name = name
        self.kind = kind
        descriptionText = description
    }

    public func field(_ name: String) -> SchemaField? {
        fieldIndex[name].map { fields[$0] }
    }

    public func inputField(_ name: String) -> SchemaInputValue? {
        inputFieldIndex[name].map { inputFields[$0] }
    }

    public func enumValue(_ name: String) -> SchemaEnumValue? {
        enumValues.first { $0.name == name }
    }

    /// Marks the type and the fields it was defined with as client-only.
    func markClientExtension() {
        isClientExtension = true
        for field in fields { field.isClientExtension = true }
    }

    func addField(_ field: SchemaField) {
        if fieldIndex[field.name] == nil {
            fieldIndex[field.name] = fields.count
            fields.append(field)
        }
    }

    func addInputField(_ field: SchemaInputValue) {
        if inputFieldIndex[field.name] == nil {
            inputFieldIndex[field.name] = inputFields.count
            inputFields.append(field)
        }
    }
}

/// A field of an object or interface type.
public final class SchemaField: @unchecked Sendable {
    public let name: String
    let descriptionText: SchemaDescription
    public var description: String? { descriptionText.value }
    public let arguments: [SchemaInputValue]
    public let type: TypeRef
    public let deprecationReason: String?
    /// The definition in the SDL (nil for built-ins).
    public let definition: FieldDefinition?
    /// True when some argument must be given (non-null without a default).
    public let hasRequiredArguments: Bool
    /// Position of the field's named type in `Schema.typeList`, resolved when the schema is
    /// built (-1 when the type does not exist).
    var namedTypeIndex = -1
    /// Defined by a client schema extension: the server does not have it, the store does.
    public internal(set) var isClientExtension = false

    init(
        name: String, description: SchemaDescription, arguments: [SchemaInputValue], type: TypeRef,
        deprecationReason: String?, definition: FieldDefinition?
    ) {
        self.name = name
        descriptionText = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.definition = definition
        hasRequiredArguments = arguments.contains { $0.isRequired }
    }

    public func argument(_ name: String) -> SchemaInputValue? {
        arguments.first { $0.name == name }
    }
}

/// An argument or an input object field.
public final class SchemaInputValue: @unchecked Sendable {
    public let name: String
    let descriptionText: SchemaDescription
    public var description: String? { descriptionText.value }
    public let type: TypeRef
    public let defaultValue: Value?
    public let deprecationReason: String?
    public let definition: InputValueDefinition?
    /// Position of the value's named type in `Schema.typeList`, resolved when the schema is
    /// built (-1 when the type does not exist).
    var namedTypeIndex = -1

    init(
        name: String, description: SchemaDescription, type: TypeRef, defaultValue: Value?, deprecationReason: String?,
        definition: InputValueDefinition?
    ) {
        self.name = name
        descriptionText = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.definition = definition
    }
}

public struct SchemaEnumValue: Sendable {
    public var name: String
    var descriptionText: SchemaDescription
    public var description: String? { descriptionText.value }
    public var deprecationReason: String?
    public var definition: EnumValueDefinition?
}

public final class SchemaDirective: Sendable {
    public let name: String
    let descriptionText: SchemaDescription
    public var description: String? { descriptionText.value }
    public let arguments: [SchemaInputValue]
    public let locations: [DirectiveLocation]
    public let isRepeatable: Bool
    public let definition: DirectiveDefinition?
    /// Defined by a client schema extension: never sent to a server.
    public let isClientExtension: Bool

    init(
        name: String, description: SchemaDescription, arguments: [SchemaInputValue], locations: [DirectiveLocation],
        isRepeatable: Bool, definition: DirectiveDefinition?, isClientExtension: Bool = false
    ) {
        self.name = name
        descriptionText = description
        self.arguments = arguments
        self.locations = locations
        self.isRepeatable = isRepeatable
        self.definition = definition
        self.isClientExtension = isClientExtension
    }

    public func argument(_ name: String) -> SchemaInputValue? {
        arguments.first { $0.name == name }
    }
}

/// A type as used by a field, argument or variable: a named type with list and non-null
/// wrappers.
public indirect enum TypeRef: Hashable, Sendable, CustomStringConvertible {
    case named(String)
    case list(TypeRef)
    case nonNull(TypeRef)

    public init(_ node: TypeReference) {
        switch node {
        case .named(let named): self = .named(named.name.value)
        case .list(let list): self = .list(TypeRef(list.type))
        case .nonNull(let nonNull): self = .nonNull(TypeRef(nonNull.type))
        }
    }

    /// The named type inside the wrappers.
    public var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without its outer non-null wrapper.
    public var nullable: TypeRef {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// SDL notation: `[String!]!`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }
}
