/// The runtime's side of generated types: the protocols generated operations and fragments
/// conform to, and what the runtime adds to the node types `RelayContract` defines.

/// Identifies a record in the store.
public struct DataID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// The record every query starts from.
    public static let root: DataID = "client:root"

    /// The id of an object without its own id, stored under `parent`'s field `storageKey`
    /// (and, in a list, at `index`): `client:<parent>:<key>[:<index>]`, the prefix written once.
    public static func client(parent: DataID, storageKey: String, index: Int? = nil) -> DataID {
        var id = parent.rawValue + ":" + storageKey
        if let index { id += ":\(index)" }
        return DataID(id.hasPrefix("client:") ? id : "client:" + id)
    }
}

/// A generated query, mutation or subscription type.
public protocol Operation: Sendable {
    associatedtype Variables: VariableDataConvertible
    associatedtype Data: SelectionValue & Hashable & Sendable
    var variables: Variables { get }
    init(variables: Variables)
    static var node: ConcreteRequest { get }
}

/// A generated operation with `@raw_response_type`: its `RawResponse` describes the whole
/// response the server sends (every field of every spread fragment, with the `id` and
/// `__typename` the store needs), so an optimistic response or a payload built in Swift is
/// checked by the Swift compiler (`commitMutation(_:optimisticResponse:)`, `commitPayload(_:_:)`).
public protocol RawResponseOperation: Operation {
    associatedtype RawResponse: VariableValueConvertible & Sendable
}

extension Operation {
    /// The variables the runtime uses for storage keys, reading and the request: the given ones,
    /// and the operation's declared default for each one left out (Relay's
    /// `getOperationVariables`).
    public var operationVariables: VariableData {
        var variables = self.variables.variableData
        for (name, value) in Self.node.operation.variableDefaults where variables.fields[name] == nil {
            variables.fields[name] = value
        }
        return variables
    }
}

/// Which end of a connection a page is loaded at.
public enum PaginationDirection: Hashable, Sendable {
    /// After the last edge (`loadNext`).
    case forward
    /// Before the first edge (`loadPrevious`).
    case backward
}

extension ReaderFragment {
    /// The variables the fragment reads `pointer`'s record with (Relay's
    /// `getFragmentVariables`): the pointer's, where each `@argumentDefinitions` argument the
    /// spread did not pass has its default (or none) rather than a parent's variable of that name.
    public func variables(for pointer: FragmentPointer) -> VariableData {
        var variables = pointer.variables
        if let passed = pointer.passedArguments {
            for name in localArguments where !passed.contains(name) { variables.fields[name] = argumentDefaults[name] }
        } else {
            for (name, value) in argumentDefaults where variables.fields[name] == nil {
                variables.fields[name] = value
            }
        }
        return variables
    }
}

extension ConnectionMetadata {
    /// The count and cursor variables that page the connection in `direction`; nil when the
    /// connection does not page that way.
    func variables(paging direction: PaginationDirection) -> (count: String, cursor: String)? {
        let names: (String?, String?) =
            switch (direction, self.direction) {
            case (.forward, .forward), (.forward, .bidirectional), (.backward, .backward): (count, cursor)
            case (.backward, .bidirectional): (backwardCount, backwardCursor)
            case (.forward, .backward), (.backward, .forward): (nil, nil)
            }
        guard let count = names.0, let cursor = names.1 else { return nil }
        return (count, cursor)
    }
}

extension ReaderCatchField {
    /// The key the caught selection has in its parent's data.
    var responseKey: String {
        switch selection {
        case .scalarField(let field): field.alias ?? field.name
        case .linkedField(let field): field.alias ?? field.name
        case .aliasedInlineFragment(let alias): alias.name
        default: ""
        }
    }
}
