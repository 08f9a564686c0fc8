/// The storage behind a parsed document: every node in one table, every list of children in
/// another, and each distinct name once.
///
/// Parsing appends to three arrays instead of allocating an object or array per node, and
/// freeing a document frees three arrays. AST types such as `Field` or `SelectionSet` are small
/// views (this tree plus a node index) whose properties read the table, so the AST is as easy to
/// walk as a tree of structs (swift-syntax's raw-arena design, on a smaller scale).
public final class SyntaxTree: Sendable {
    /// The parsed text; string literals and numbers are read from it on demand.
    public let source: String
    /// The source's name (usually its path), for diagnostics.
    public let sourceName: String
    /// Where the text came from, when it is embedded in another file.
    public let origin: SourceOrigin?
    let nodes: [RawNode]
    /// Child lists: `lists[i]` is a count, followed by that many node indices. Index 0 is the
    /// empty list.
    let lists: [UInt32]
    let names: [String]

    init(
        source: String, sourceName: String, origin: SourceOrigin? = nil, nodes: [RawNode], lists: [UInt32],
        names: [String]
    ) {
        self.source = source
        self.sourceName = sourceName
        self.origin = origin
        self.nodes = nodes
        self.lists = lists
        self.names = names
    }

    /// A tree with no nodes, behind empty lists made outside a parse.
    static let empty = SyntaxTree(source: "", sourceName: "", nodes: [], lists: [0], names: [])

    /// The number of nodes, a measure of the document's size.
    public var nodeCount: Int { nodes.count }

    private let lineTableLock = Lock()
    nonisolated(unsafe) private var cachedLineTable: LineTable?

    /// Line numbers for `source`, made when a diagnostic first needs them.
    public var lineTable: LineTable {
        lineTableLock.withLock {
            if let table = cachedLineTable { return table }
            let table = LineTable(source)
            cachedLineTable = table
            return table
        }
    }

    /// Where `range` is, as a file, line and column (in the containing file for embedded text).
    public func location(of range: SourceRange) -> SourceLocation {
        if let origin { return origin.location(of: range) }
        return SourceLocation(file: sourceName, range: range, lines: lineTable)
    }

    /// The source text of a range.
    func text(_ range: SourceRange) -> String {
        var source = source
        return source.withUTF8 { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(range.start)..<Int(range.end)]), as: UTF8.self)
        }
    }
}

/// Marks an absent optional child in a node slot.
let noNode = UInt32.max

/// One node: its kind, a flag, its source range and up to five slots holding child node
/// indices, list indices or a name index, depending on the kind (see `SyntaxBuilder`).
struct RawNode: Sendable {
    var kind: NodeKind
    var flag: UInt8
    var start: UInt32
    var end: UInt32
    var a: UInt32
    var b: UInt32
    var c: UInt32
    var d: UInt32
    var e: UInt32
}

enum NodeKind: UInt8, Sendable {
    case document, name
    case operationDefinition, variableDefinition, variable, selectionSet, field, argument
    case fragmentSpread, inlineFragment, fragmentDefinition, directive
    case intValue, floatValue, stringValue, booleanValue, nullValue, enumValue, listValue, objectValue
    case objectField
    case namedType, listType, nonNullType
    case schemaDefinition, schemaExtension, operationTypeDefinition
    case scalarTypeDefinition, scalarTypeExtension
    case objectTypeDefinition, objectTypeExtension, interfaceTypeDefinition, interfaceTypeExtension
    case fieldDefinition, inputValueDefinition
    case unionTypeDefinition, unionTypeExtension, enumTypeDefinition, enumTypeExtension, enumValueDefinition
    case inputObjectTypeDefinition, inputObjectTypeExtension, directiveDefinition
}

/// Something an AST list can hold: a node view, or an enum of node views.
public protocol SyntaxElement: Hashable, Sendable {
    /// Makes the element for node `id` of `tree`. `id` must come from that tree.
    init(tree: SyntaxTree, id: UInt32)
}

/// A view of one node of a `SyntaxTree`.
public protocol SyntaxNode: SyntaxElement {
    var tree: SyntaxTree { get }
    /// The node's index in its tree.
    var id: UInt32 { get }
}

extension SyntaxNode {
    var raw: RawNode {
        @inline(__always) get { tree.nodes[Int(id)] }
    }

    /// The node's source text, from its first token to its last.
    public var range: SourceRange { SourceRange(start: raw.start, end: raw.end) }

    /// Where the node is, in its source file's line and column terms (the Swift file's, for a
    /// literal extracted from Swift).
    public var location: SourceLocation { tree.location(of: range) }

    @inline(__always)
    func child<Child: SyntaxElement>(_ slot: UInt32) -> Child {
        Child(tree: tree, id: slot)
    }

    @inline(__always)
    func optionalChild<Child: SyntaxElement>(_ slot: UInt32) -> Child? {
        slot == noNode ? nil : Child(tree: tree, id: slot)
    }

    @inline(__always)
    func list<Element: SyntaxElement>(_ slot: UInt32) -> NodeList<Element> {
        NodeList(tree: tree, listIndex: slot)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.tree === rhs.tree && lhs.id == rhs.id
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(tree))
        hasher.combine(id)
    }
}

/// A list of children (selections, arguments, directives, …), read from the tree's list table.
public struct NodeList<Element: SyntaxElement>: RandomAccessCollection, Hashable, Sendable {
    let tree: SyntaxTree
    let listIndex: UInt32

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(tree.lists[Int(listIndex)]) }

    public subscript(position: Int) -> Element {
        Element(tree: tree, id: tree.lists[Int(listIndex) + 1 + position])
    }

    /// A list with no elements, not tied to any document.
    public static var empty: NodeList {
        NodeList(tree: SyntaxTree.empty, listIndex: 0)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.tree === rhs.tree && lhs.listIndex == rhs.listIndex
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(tree))
        hasher.combine(listIndex)
    }
}
