/// Why a generated node cannot be read: where in it (`fragment.selections[2].action`) and what.
@_spi(RelayGenerated) public struct NodeDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Members and indexes from the node's root to the value at fault; empty for the root.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "at \(path): \(message)" }
}

/// Reads the JSON `NodeEncoder` writes back into node values, strictly: an unknown kind or
/// member, a missing member the node needs, or a value of the wrong type is an error saying
/// where, never a silent default — a node the runtime misreads would act wrongly without a word
/// (a `@required(action: THROW)` acting as `NONE`).
@_spi(RelayGenerated) public enum NodeDecoder {
    /// A generated operation's request.
    public static func request(json: String) throws(NodeDecodingError) -> ConcreteRequest {
        let node = try parse(json)
        return try decoding { reader throws in try reader.request(node) }
    }

    /// A generated fragment's reader node.
    public static func readerFragment(json: String) throws(NodeDecodingError) -> ReaderFragment {
        let node = try parse(json)
        return try decoding { reader throws in try reader.readerFragment(node) }
    }

    /// Runs `body`, whose only errors are `NodeDecodingError`s, with their type.
    private static func decoding<Node>(_ body: (inout NodeReader) throws -> Node) throws(NodeDecodingError) -> Node {
        var reader = NodeReader()
        do {
            return try body(&reader)
        } catch let error as NodeDecodingError {
            throw error
        } catch {
            throw NodeDecodingError(path: "", message: "\(error)")
        }
    }

    static func parse(_ json: String) throws(NodeDecodingError) -> VariableValue {
        do {
            return try VariableValue(parsingJSON: json)
        } catch {
            throw NodeDecodingError(path: "", message: "not valid JSON (\(error))")
        }
    }
}

extension ConcreteRequest {
    /// The request a generated operation's `node` spells as JSON. A node that cannot be read
    /// gives an empty request whose `artifactProblem` says why; executing it fails with
    /// `RelayError.invalidArtifact`.
    public init(json: String) {
        do {
            self = try NodeDecoder.request(json: json)
        } catch {
            self.init(
                fragment: ReaderFragment(name: "", type: "", selections: []),
                operation: NormalizationOperation(name: "", selections: []),
                params: RequestParameters(name: "", operationKind: .query, text: nil, id: nil))
            let name = (try? NodeDecoder.parse(json)).flatMap { node in
                node.member("params")?.member("name") ?? node.member("fragment")?.member("name")
            }
            artifactProblem = NodeDecoder.problem(error, name: name)
        }
    }
}

extension ReaderFragment {
    /// The fragment a generated fragment's `node` spells as JSON; see `ConcreteRequest(json:)`.
    public init(json: String) {
        do {
            self = try NodeDecoder.readerFragment(json: json)
        } catch {
            self.init(name: "", type: "", selections: [])
            artifactProblem = NodeDecoder.problem(error, name: (try? NodeDecoder.parse(json))?.member("name"))
        }
    }
}

extension NodeDecoder {
    /// What `artifactProblem` says: which node, where and what, and what to do.
    static func problem(_ error: NodeDecodingError, name: VariableValue?) -> String {
        let node = if case .string(let name) = name { "the generated node of \(name)" } else { "a generated node" }
        return "\(node) cannot be read, \(error); compile the app's GraphQL again with this version of relay-swift"
    }
}

extension VariableValue {
    fileprivate func member(_ key: String) -> VariableValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}

/// The members of one node object, counting those read so `finish` can tell an unknown one.
struct NodeObject {
    let fields: [String: VariableValue]
    var readCount = 0

    mutating func take(_ key: NodeKey) -> VariableValue? {
        guard let value = fields[key.rawValue] else { return nil }
        readCount += 1
        return value
    }
}

/// The decoder's state: the path to the value being read, for errors.
struct NodeReader {
    enum PathComponent {
        case member(String)
        case index(Int)
    }

    var path: [PathComponent] = []

    // MARK: Errors and structure

    func failure(_ message: String) -> NodeDecodingError {
        var text = ""
        for component in path {
            switch component {
            case .member(let name): text += text.isEmpty ? name : "." + name
            case .index(let index): text += "[\(index)]"
            }
        }
        return NodeDecodingError(path: text, message: message)
    }

    func describe(_ value: VariableValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .float: "a number"
        case .string(let string): "the string \(VariableValue.jsonString(String(string.prefix(40))))"
        case .list: "a list"
        case .object: "an object"
        }
    }

    func object(_ value: VariableValue, _ what: String) throws -> NodeObject {
        guard case .object(let fields) = value else {
            throw failure("expected \(what) (an object), found \(describe(value))")
        }
        return NodeObject(fields: fields)
    }

    /// Fails when the object has a member nothing read.
    mutating func finish(_ object: NodeObject) throws {
        guard object.readCount < object.fields.count else { return }
        let known = Set(NodeKey.allCases.map(\.rawValue))
        let unknown = object.fields.keys.sorted().first { !known.contains($0) } ?? object.fields.keys.sorted()[0]
        path.append(.member(unknown))
        defer { path.removeLast() }
        throw failure("unknown member \(VariableValue.jsonString(unknown)) here")
    }

    /// The member's value decoded by `decode`; nil when it is absent (or null, with `nullAllowed`).
    mutating func optional<Value>(
        _ key: NodeKey, in object: inout NodeObject, nullAllowed: Bool = false,
        _ decode: (inout NodeReader, VariableValue) throws -> Value
    ) throws -> Value? {
        guard let value = object.take(key) else { return nil }
        if nullAllowed, value == .null { return nil }
        path.append(.member(key.rawValue))
        defer { path.removeLast() }
        return try decode(&self, value)
    }

    mutating func required<Value>(
        _ key: NodeKey, in object: inout NodeObject,
        _ decode: (inout NodeReader, VariableValue) throws -> Value
    ) throws -> Value {
        guard let value = try optional(key, in: &object, decode) else {
            throw failure("missing member \(VariableValue.jsonString(key.rawValue))")
        }
        return value
    }

    mutating func list<Element>(
        _ value: VariableValue, _ decode: (inout NodeReader, VariableValue) throws -> Element
    ) throws -> [Element] {
        guard case .list(let items) = value else { throw failure("expected a list, found \(describe(value))") }
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            path.append(.index(index))
            defer { path.removeLast() }
            elements.append(try decode(&self, item))
        }
        return elements
    }

    // MARK: Values

    func string(_ value: VariableValue) throws -> String {
        guard case .string(let string) = value else { throw failure("expected a string, found \(describe(value))") }
        return string
    }

    func int(_ value: VariableValue) throws -> Int {
        guard case .int(let int) = value else { throw failure("expected a whole number, found \(describe(value))") }
        return int
    }

    func bool(_ value: VariableValue) throws -> Bool {
        guard case .bool(let bool) = value else { throw failure("expected true or false, found \(describe(value))") }
        return bool
    }

    mutating func strings(_ value: VariableValue) throws -> [String] {
        try list(value) { reader, item in try reader.string(item) }
    }

    func values(_ value: VariableValue) throws -> [String: VariableValue] {
        guard case .object(let fields) = value else { throw failure("expected an object, found \(describe(value))") }
        return fields
    }

    func word<Word: RawRepresentable & CaseIterable>(_ value: VariableValue, _ type: Word.Type)
        throws -> Word where Word.RawValue == String
    {
        let text = try string(value)
        guard let word = Word(rawValue: text) else {
            let expected = Word.allCases.map(\.rawValue).joined(separator: ", ")
            throw failure("unknown value \(VariableValue.jsonString(text)) (expected one of \(expected))")
        }
        return word
    }

    mutating func kind(_ object: inout NodeObject) throws -> NodeKind {
        try required(.kind, in: &object) { reader, value in
            try reader.word(value, NodeKind.self)
        }
    }

    // MARK: Reader

    mutating func readerFragment(_ value: VariableValue) throws -> ReaderFragment {
        var object = try object(value, "a reader fragment")
        let fragment = ReaderFragment(
            name: try required(.name, in: &object) { try $0.string($1) },
            type: try required(.type, in: &object) { try $0.string($1) },
            selections: try required(.selections, in: &object) { try $0.readerSelections($1) },
            isPlural: try optional(.plural, in: &object) { try $0.bool($1) } ?? false,
            argumentDefaults: try optional(.argumentDefaults, in: &object) { try $0.values($1) } ?? [:],
            localArguments: try optional(.localArguments, in: &object) { try $0.strings($1) },
            metadata: try optional(.metadata, in: &object) { try $0.metadata($1) },
            throwOnFieldError: try optional(.throwOnFieldError, in: &object) { try $0.bool($1) } ?? false,
            catchTo: try optional(.catchTo, in: &object) { try $0.word($1, CatchTo.self) },
            abstractKey: try optional(.abstractKey, in: &object) { try $0.string($1) })
        try finish(object)
        return fragment
    }

    mutating func readerSelections(_ value: VariableValue) throws -> [ReaderSelection] {
        try list(value) { try $0.readerSelection($1) }
    }

    mutating func readerSelection(_ value: VariableValue) throws -> ReaderSelection {
        if case .string(let name) = value { return .scalarField(ScalarFieldSelection(name: name)) }
        var object = try object(value, "a selection")
        let selection: ReaderSelection
        let kind = try kind(&object)
        switch kind {
        case .scalarField:
            selection = .scalarField(try scalarField(&object))
        case .linkedField:
            selection = .linkedField(try linkedField(&object) { try $0.readerSelections($1) })
        case .fragmentSpread:
            selection = .fragmentSpread(
                ReaderFragmentSpread(
                    name: try required(.name, in: &object) { try $0.string($1) }, args: try arguments(&object, .args)))
        case .inlineFragment:
            selection = .inlineFragment(
                InlineFragmentSelection(
                    type: try required(.type, in: &object) { try $0.string($1) },
                    selections: try required(.selections, in: &object) { try $0.readerSelections($1) },
                    possibleTypes: try optional(.possibleTypes, in: &object) { Set(try $0.strings($1)) }))
        case .condition:
            let (variable, passingValue) = try condition(&object)
            selection = .condition(
                variable: variable, passingValue: passingValue,
                selections: try required(.selections, in: &object) { try $0.readerSelections($1) })
        case .clientExtension:
            selection = .clientExtension(try required(.selections, in: &object) { try $0.readerSelections($1) })
        case .aliasedInlineFragmentSpread:
            selection = .aliasedInlineFragment(try aliasedInlineFragment(&object))
        case .inlineDataFragmentSpread:
            selection = .inlineDataFragmentSpread(
                ReaderInlineDataFragmentSpread(
                    name: try required(.name, in: &object) { try $0.string($1) }, args: try arguments(&object, .args),
                    argumentDefaults: try optional(.argumentDefaults, in: &object) { try $0.values($1) } ?? [:],
                    selections: try required(.selections, in: &object) { try $0.readerSelections($1) }))
        case .catchField:
            selection = .catchField(
                ReaderCatchField(
                    to: try required(.to, in: &object) { try $0.word($1, CatchTo.self) },
                    selection: try required(.field, in: &object) { try $0.readerSelection($1) }))
        case .requiredField:
            selection = try requiredField(&object)
        case .relayResolver:
            let name = try required(.name, in: &object) { try $0.string($1) }
            let alias = try optional(.alias, in: &object) { try $0.string($1) }
            let args = try arguments(&object, .args)
            let resolver = try required(.resolver, in: &object) { try $0.string($1) }
            let concreteType = try optional(.concreteType, in: &object) { try $0.string($1) }
            let selections = try optional(.selections, in: &object) { try $0.readerSelections($1) }
            let query = try optional(.clientEdgeQuery, in: &object) { try $0.string($1) }
            let target = try optional(.clientEdgeTarget, in: &object) {
                try $0.word($1, ReaderResolverField.ClientEdge.Target.self)
            }
            let plural = try optional(.plural, in: &object) { try $0.bool($1) }
            var edge: ReaderResolverField.ClientEdge?
            if let selections {
                edge = ReaderResolverField.ClientEdge(
                    concreteType: concreteType, selections: selections, query: query ?? "", target: target ?? .server,
                    isPlural: plural ?? false)
            }
            selection = .resolverField(
                ReaderResolverField(name: name, alias: alias, args: args, resolver: resolver, edge: edge))
        case .moduleComponent:
            selection = .moduleComponent(try required(.component, in: &object) { try $0.string($1) })
        case .linkedHandle, .scalarHandle, .literal, .variable, .listValue, .objectValue:
            throw failure("a \(kind.rawValue) node is not a reader selection")
        }
        try finish(object)
        return selection
    }

    /// `{"kind":"RequiredField","field":…,"action":…,"path":…}`: the field, marked.
    mutating func requiredField(_ object: inout NodeObject) throws -> ReaderSelection {
        let required = RequiredField(
            action: try self.required(.action, in: &object) { try $0.word($1, RequiredField.Action.self) },
            path: try self.required(.path, in: &object) { try $0.string($1) })
        return try self.required(.field, in: &object) { reader, value in
            switch try reader.readerSelection(value) {
            case .scalarField(var field):
                field.required = required
                return .scalarField(field)
            case .linkedField(var field):
                field.required = required
                return .linkedField(field)
            case .resolverField(var field):
                field.required = required
                return .resolverField(field)
            default:
                throw reader.failure("a required field must be a ScalarField, a LinkedField or a RelayResolver")
            }
        }
    }

    mutating func aliasedInlineFragment(_ object: inout NodeObject) throws
        -> ReaderAliasedInlineFragment
    {
        ReaderAliasedInlineFragment(
            name: try required(.name, in: &object) { try $0.string($1) },
            type: try required(.type, in: &object) { try $0.string($1) },
            possibleTypes: try optional(.possibleTypes, in: &object) { Set(try $0.strings($1)) },
            deferred: try optional(.deferred, in: &object) { reader, value in
                var object = try reader.object(value, "a deferred spread")
                let deferred = ReaderDeferredSpread(
                    argumentDefaults: try reader.optional(.argumentDefaults, in: &object) { try $0.values($1) } ?? [:],
                    selections: try reader.required(.selections, in: &object) { try $0.readerSelections($1) })
                try reader.finish(object)
                return deferred
            },
            selections: try required(.selections, in: &object) { try $0.readerSelections($1) })
    }

    mutating func metadata(_ value: VariableValue) throws -> ReaderFragmentMetadata {
        var object = try object(value, "fragment metadata")
        let connections = try optional(.connection, in: &object) { reader, value in
            try reader.list(value) { reader, value in
                var object = try reader.object(value, "a connection")
                let connection = ConnectionMetadata(
                    path: try reader.required(.path, in: &object) { try $0.strings($1) },
                    direction: try reader.required(.direction, in: &object) {
                        try $0.word($1, ConnectionMetadata.Direction.self)
                    },
                    count: try reader.optional(.count, in: &object) { try $0.string($1) },
                    cursor: try reader.optional(.cursor, in: &object) { try $0.string($1) },
                    backwardCount: try reader.optional(.backwardCount, in: &object) { try $0.string($1) },
                    backwardCursor: try reader.optional(.backwardCursor, in: &object) { try $0.string($1) })
                try reader.finish(object)
                return connection
            }
        }
        let refetch = try optional(.refetch, in: &object) { reader, value in
            var object = try reader.object(value, "refetch metadata")
            let refetch = RefetchMetadata(
                operation: try reader.required(.operation, in: &object) { try $0.string($1) },
                fragmentPathInResult: try reader.required(.fragmentPathInResult, in: &object) { try $0.strings($1) },
                identifierField: try reader.optional(.identifierField, in: &object) { try $0.string($1) })
            try reader.finish(object)
            return refetch
        }
        try finish(object)
        return ReaderFragmentMetadata(connection: connections ?? [], refetch: refetch)
    }
}
