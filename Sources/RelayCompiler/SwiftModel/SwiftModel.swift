/// A small model of the Swift that the code generator emits. Codegen builds values of these
/// types; `SwiftRenderer` turns them into text, so indentation, escaping and keywords are
/// handled in one place and no stage concatenates Swift by hand.
public struct SwiftFile: Hashable, Sendable {
    /// Line comments at the top (the generated-file header goes first).
    public var headerComments: [String]
    public var imports: [String]
    public var declarations: [SwiftDeclaration]

    public init(headerComments: [String], imports: [String], declarations: [SwiftDeclaration]) {
        self.headerComments = headerComments
        self.imports = imports
        self.declarations = declarations
    }
}

public enum SwiftAccess: String, Hashable, Sendable {
    case `public`, `internal`, `private`, `fileprivate`
    /// Public to code that imports `Relay` with the `RelayGenerated` SPI: what a generated type
    /// offers the runtime (its `node`) and not the app.
    case generatedPlumbing = "@_spi(RelayGenerated) public"
}

/// A declaration, with the documentation and attributes written above it.
public struct SwiftDeclaration: Hashable, Sendable {
    public indirect enum Kind: Hashable, Sendable {
        /// `struct`, `enum`, `protocol` or `extension` with members.
        case type(SwiftTypeDeclaration)
        /// `let` / `var`, stored (with an optional initial value) or computed (with a body).
        case variable(SwiftVariable)
        case function(SwiftFunction)
        case typeAlias(name: String, type: String, access: SwiftAccess)
        /// `case name(associated values)` or `case name = rawValue`.
        case enumCase(name: String, associatedValues: [SwiftParameter], rawValue: SwiftExpression?)
    }

    public var kind: Kind
    /// Documentation, rendered as `///` lines.
    public var documentation: String?
    /// Attributes such as `@available(*, deprecated, message: "…")`, one per line.
    public var attributes: [String]

    public init(_ kind: Kind, documentation: String? = nil, attributes: [String] = []) {
        self.kind = kind
        self.documentation = documentation
        self.attributes = attributes
    }
}

public struct SwiftTypeDeclaration: Hashable, Sendable {
    public enum Keyword: String, Hashable, Sendable {
        case `struct`, `enum`, `protocol`, `extension`
    }

    public var keyword: Keyword
    public var access: SwiftAccess?
    public var name: String
    public var conformances: [String]
    /// A `where` clause, for constrained extensions.
    public var whereClause: String?
    public var members: [SwiftDeclaration]
    /// No blank lines between members: for the many small data types of generated files, whose
    /// members read as one list.
    public var isCompact: Bool

    public init(
        _ keyword: Keyword, access: SwiftAccess? = nil, name: String, conformances: [String] = [],
        whereClause: String? = nil, members: [SwiftDeclaration] = [], isCompact: Bool = false
    ) {
        self.isCompact = isCompact
        self.keyword = keyword
        self.access = access
        self.name = name
        self.conformances = conformances
        self.whereClause = whereClause
        self.members = members
    }
}

public struct SwiftVariable: Hashable, Sendable {
    public var access: SwiftAccess?
    public var isStatic: Bool
    public var isMutable: Bool
    public var name: String
    public var type: String?
    public var initialValue: SwiftExpression?
    /// The body of a computed property (`var name: Type { … }`); empty for a protocol
    /// requirement (`var name: Type { get }`).
    public var getter: [SwiftStatement]?
    /// With a getter: the body of a `nonmutating set` (writes go to storage the value refers to,
    /// so they work on a `let`).
    public var nonmutatingSetter: [SwiftStatement]?

    public init(
        access: SwiftAccess? = nil, isStatic: Bool = false, isMutable: Bool = false, name: String,
        type: String? = nil, initialValue: SwiftExpression? = nil, getter: [SwiftStatement]? = nil,
        nonmutatingSetter: [SwiftStatement]? = nil
    ) {
        self.access = access
        self.isStatic = isStatic
        self.isMutable = isMutable
        self.name = name
        self.type = type
        self.initialValue = initialValue
        self.getter = getter
        self.nonmutatingSetter = nonmutatingSetter
    }
}

/// A function parameter or an associated value: `label name: Type = default`.
public struct SwiftParameter: Hashable, Sendable {
    public var label: String?
    public var name: String?
    public var type: String
    public var defaultValue: SwiftExpression?

    public init(label: String? = nil, name: String? = nil, type: String, defaultValue: SwiftExpression? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

public struct SwiftFunction: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case function(name: String)
        case initializer(failable: Bool)
    }

    public var kind: Kind
    public var access: SwiftAccess?
    public var isStatic: Bool
    public var parameters: [SwiftParameter]
    public var effects: [String]
    public var returnType: String?
    /// Nil for a requirement in a protocol.
    public var body: [SwiftStatement]?
    /// Writes a body of simple statements on the signature's line however long it gets (a
    /// data type's initialiser, one assignment a property): such a body is read as a list, and
    /// one line each would double the size of generated files. Short bodies are written so anyway.
    public var bodyOnOneLine: Bool

    public init(
        _ kind: Kind, access: SwiftAccess? = nil, isStatic: Bool = false, parameters: [SwiftParameter] = [],
        effects: [String] = [], returnType: String? = nil, body: [SwiftStatement]?, bodyOnOneLine: Bool = false
    ) {
        self.bodyOnOneLine = bodyOnOneLine
        self.kind = kind
        self.access = access
        self.isStatic = isStatic
        self.parameters = parameters
        self.effects = effects
        self.returnType = returnType
        self.body = body
    }
}

public indirect enum SwiftStatement: Hashable, Sendable {
    case expression(SwiftExpression)
    case assignment(SwiftExpression, SwiftExpression)
    case declaration(SwiftDeclaration)
    case `return`(SwiftExpression?)
    /// `switch subject { case …: … default: … }`; a case pattern is written as Swift text.
    case `switch`(SwiftExpression, cases: [(pattern: String, body: [SwiftStatement])], default: [SwiftStatement]?)

    /// Statements compare by the code they render to.
    public static func == (lhs: SwiftStatement, rhs: SwiftStatement) -> Bool {
        SwiftRenderer().render(lhs, indent: "") == SwiftRenderer().render(rhs, indent: "")
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(SwiftRenderer().render(self, indent: ""))
    }
}

public indirect enum SwiftExpression: Hashable, Sendable {
    case identifier(String)
    case string(String)
    case integer(Int)
    /// A floating-point literal; infinities (a huge literal in a document) render as `.infinity`.
    case float(Double)
    case boolean(Bool)
    case `nil`
    /// `base.name`, or `.name` (an implicit member) when `base` is nil.
    case member(SwiftExpression?, String)
    /// `callee(label: argument, …)`.
    case call(SwiftExpression, [(label: String?, value: SwiftExpression)])
    case array([SwiftExpression])
    case dictionary([(key: SwiftExpression, value: SwiftExpression)])
    case `try`(SwiftExpression)

    /// Expressions compare by the code they render to.
    public static func == (lhs: SwiftExpression, rhs: SwiftExpression) -> Bool {
        SwiftRenderer().render(lhs) == SwiftRenderer().render(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(SwiftRenderer().render(self))
    }
}
