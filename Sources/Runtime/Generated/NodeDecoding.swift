/// Generated code writes each `node` as one JSON string (`ConcreteRequest(json:)`,
/// `ReaderFragment(json:)`) held in a `static let`, so it is decoded once per type, on first use.
/// A string literal costs the Swift compiler next to nothing, where the same selections written
/// as nested initialiser calls cost apps minutes of build time and megabytes of machine code.
///
/// The format follows Relay's artifacts: a selection is an object with a `kind` (`LinkedField`,
/// `ScalarField`, `FragmentSpread`, `InlineFragment`, `Condition`, `ClientExtension`,
/// `RequiredField`, `CatchField`, `AliasedInlineFragmentSpread`, `LinkedHandle`, `ScalarHandle`), or just a string for a scalar field with neither alias nor arguments; members
/// at their default are left out. Decoding is lenient about what it does not know; a node that is
/// not JSON at all reads as empty and records why in `artifactProblem`.
extension ConcreteRequest {
    /// The request a generated operation's `node` spells as JSON.
    public init(json: String) {
        var problem: String?
        let node = NodeDecoding.object(json, problem: &problem)
        let params = node["params"]
        self.init(
            fragment: NodeDecoding.readerFragment(node["fragment"]),
            operation: NodeDecoding.normalizationOperation(node["operation"]),
            params: RequestParameters(
                name: params["name"].string ?? "",
                operationKind: OperationKind(rawValue: params["operationKind"].string ?? "") ?? .query,
                text: params["text"].string, id: params["id"].string,
                clientVariables: params["clientVariables"].strings, isIncremental: params["incremental"].isTrue),
            testSelectionTypes: NodeDecoding.testSelectionTypes(node["testSelectionTypes"]))
        artifactProblem = problem
    }
}

extension ReaderFragment {
    /// The fragment a generated fragment's `node` spells as JSON.
    public init(json: String) {
        var problem: String?
        self = NodeDecoding.readerFragment(NodeDecoding.object(json, problem: &problem))
        artifactProblem = problem
    }
}

/// Reads the JSON of generated nodes into the runtime's node types.
enum NodeDecoding {
    /// The JSON text's value; `.null` (every part then empty) with `problem` set when it is not JSON.
    static func object(_ json: String, problem: inout String?) -> NodeValue {
        var parser = NodeJSONParser(json)
        guard let value = parser.document() else {
            problem =
                "a generated node is not valid JSON (at byte \(parser.position)); compile the app's GraphQL again"
            return NodeValue(.null)
        }
        return NodeValue(value)
    }

    static func readerFragment(_ node: NodeValue) -> ReaderFragment {
        ReaderFragment(
            name: node["name"].string ?? "", type: node["type"].string ?? "",
            selections: node["selections"].items.map(readerSelection), isPlural: node["plural"].isTrue,
            argumentDefaults: node["argumentDefaults"].fields,
            localArguments: node["localArguments"].isNull ? nil : node["localArguments"].strings,
            metadata: metadata(node["metadata"]),
            throwOnFieldError: node["throwOnFieldError"].isTrue, catchTo: node["catchTo"].string.flatMap(CatchTo.init))
    }

    static func normalizationOperation(_ node: NodeValue) -> NormalizationOperation {
        NormalizationOperation(
            name: node["name"].string ?? "", selections: node["selections"].items.map(normalizationSelection),
            variableDefaults: node["variableDefaults"].fields)
    }

    static func readerSelection(_ node: NodeValue) -> ReaderSelection {
        if case .string(let name) = node.value { return .scalarField(ScalarFieldSelection(name: name)) }
        switch node["kind"].string {
        case "LinkedField":
            return .linkedField(linkedField(node, selections: node["selections"].items.map(readerSelection)))
        case "FragmentSpread":
            return .fragmentSpread(ReaderFragmentSpread(name: node["name"].string ?? "", args: arguments(node["args"])))
        case "InlineFragment":
            return .inlineFragment(
                InlineFragmentSelection(
                    type: node["type"].string ?? "", selections: node["selections"].items.map(readerSelection)))
        case "Condition":
            return .condition(
                variable: node["condition"].string ?? "", passingValue: node["passingValue"].isTrue,
                selections: node["selections"].items.map(readerSelection))
        case "ClientExtension":
            return .clientExtension(node["selections"].items.map(readerSelection))
        case "AliasedInlineFragmentSpread":
            return .aliasedInlineFragment(
                ReaderAliasedInlineFragment(
                    name: node["name"].string ?? "", type: node["type"].string ?? "",
                    possibleTypes: node["possibleTypes"].isNull ? nil : Set(node["possibleTypes"].strings),
                    deferred: node["deferred"].isNull
                        ? nil
                        : ReaderDeferredSpread(
                            argumentDefaults: node["deferred"]["argumentDefaults"].fields,
                            selections: node["deferred"]["selections"].items.map(readerSelection)),
                    selections: node["selections"].items.map(readerSelection)))
        case "InlineDataFragmentSpread":
            return .inlineDataFragmentSpread(
                ReaderInlineDataFragmentSpread(
                    name: node["name"].string ?? "", args: arguments(node["args"]),
                    argumentDefaults: node["argumentDefaults"].fields,
                    selections: node["selections"].items.map(readerSelection)))
        case "CatchField":
            return .catchField(
                ReaderCatchField(
                    to: CatchTo(rawValue: node["to"].string ?? "") ?? .result, selection: readerSelection(node["field"])
                ))
        case "RequiredField":
            let required = RequiredField(
                action: RequiredField.Action(rawValue: node["action"].string ?? "") ?? .none,
                path: node["path"].string ?? "")
            switch readerSelection(node["field"]) {
            case .scalarField(var field):
                field.required = required
                return .scalarField(field)
            case .linkedField(var field):
                field.required = required
                return .linkedField(field)
            case let other:
                return other
            }
        default:
            return .scalarField(scalarField(node))
        }
    }

    static func normalizationSelection(_ node: NodeValue) -> NormalizationSelection {
        if case .string(let name) = node.value { return .scalarField(ScalarFieldSelection(name: name)) }
        switch node["kind"].string {
        case "LinkedField":
            return .linkedField(linkedField(node, selections: node["selections"].items.map(normalizationSelection)))
        case "InlineFragment":
            return .inlineFragment(
                InlineFragmentSelection(
                    type: node["type"].string ?? "", selections: node["selections"].items.map(normalizationSelection)))
        case "Condition":
            return .condition(
                variable: node["condition"].string ?? "", passingValue: node["passingValue"].isTrue,
                selections: node["selections"].items.map(normalizationSelection))
        case "ClientExtension":
            return .clientExtension(node["selections"].items.map(normalizationSelection))
        case "LinkedHandle", "ScalarHandle":
            return .handle(
                NormalizationHandle(
                    kind: node["kind"].string == "ScalarHandle" ? .scalar : .linked, name: node["name"].string ?? "",
                    alias: node["alias"].string, args: arguments(node["args"]), handle: node["handle"].string ?? "",
                    key: node["key"].string ?? "", filters: node["filters"].isNull ? nil : node["filters"].strings,
                    handleArgs: arguments(node["handleArgs"])))
        default:
            return .scalarField(scalarField(node))
        }
    }

    static func scalarField(_ node: NodeValue) -> ScalarFieldSelection {
        ScalarFieldSelection(
            name: node["name"].string ?? "", alias: node["alias"].string, storageKey: node["storageKey"].string,
            args: arguments(node["args"]))
    }

    static func linkedField<Selection>(_ node: NodeValue, selections: [Selection]) -> LinkedFieldSelection<Selection> {
        LinkedFieldSelection(
            name: node["name"].string ?? "", alias: node["alias"].string, storageKey: node["storageKey"].string,
            args: arguments(node["args"]), concreteType: node["concreteType"].string,
            plural: node["plural"].isTrue, selections: selections)
    }

    static func arguments(_ node: NodeValue) -> [ArgumentNode] {
        node.items.map { argument in
            let name = argument["name"].string ?? ""
            switch argument["kind"].string {
            case "Variable": return .variable(name: name, variableName: argument["variableName"].string ?? "")
            case "ListValue": return .list(name: name, items: arguments(argument["items"]))
            case "ObjectValue": return .object(name: name, fields: arguments(argument["fields"]))
            default: return .literal(name: name, value: argument["value"].value)
            }
        }
    }

    static func metadata(_ node: NodeValue) -> ReaderFragmentMetadata? {
        guard case .object = node.value else { return nil }
        let connections = node["connection"].items.map { connection in
            ConnectionMetadata(
                path: connection["path"].strings,
                direction: ConnectionMetadata.Direction(rawValue: connection["direction"].string ?? "") ?? .forward,
                count: connection["count"].string, cursor: connection["cursor"].string,
                backwardCount: connection["backwardCount"].string, backwardCursor: connection["backwardCursor"].string)
        }
        let refetch = node["refetch"]
        return ReaderFragmentMetadata(
            connection: connections,
            refetch: refetch.isNull
                ? nil
                : RefetchMetadata(
                    operation: refetch["operation"].string ?? "",
                    fragmentPathInResult: refetch["fragmentPathInResult"].strings,
                    identifierField: refetch["identifierField"].string))
    }

    static func testSelectionTypes(_ node: NodeValue) -> [String: MockSelectionType] {
        node.fields.mapValues { value in
            let entry = NodeValue(value)
            return MockSelectionType(
                type: entry["type"].string ?? "", plural: entry["plural"].isTrue, nullable: !entry["nullable"].isFalse,
                enumValues: entry["enumValues"].strings)
        }
    }
}

/// A JSON value of a node being read, where a missing member or a value of another kind reads as
/// empty (null, no string, no items).
struct NodeValue {
    let value: VariableValue

    init(_ value: VariableValue) {
        self.value = value
    }

    subscript(key: String) -> NodeValue {
        if case .object(let fields) = value { return NodeValue(fields[key] ?? .null) }
        return NodeValue(.null)
    }

    var isNull: Bool { value == .null }
    var isTrue: Bool { value == .bool(true) }
    var isFalse: Bool { value == .bool(false) }

    var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    var items: [NodeValue] {
        if case .list(let items) = value { return items.map(NodeValue.init) }
        return []
    }

    var strings: [String] { items.compactMap(\.string) }

    var fields: [String: VariableValue] {
        if case .object(let fields) = value { return fields }
        return [:]
    }
}

/// A small JSON parser over the node's UTF-8 bytes, for the one place the runtime parses JSON it
/// wrote itself: Foundation's parsers cost about ten times as much here, on every type's first
/// use. Numbers without a fraction or exponent become `.int`, as in responses.
struct NodeJSONParser {
    private let bytes: [UInt8]
    private(set) var position = 0
    /// Nesting is bounded, so a hand-edited node cannot exhaust the stack.
    private var depth = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The one value the text holds; nil when it is not exactly one JSON value.
    mutating func document() -> VariableValue? {
        guard let value = value() else { return nil }
        skipWhitespace()
        // Not a conditional expression: `nil` there would be read as `VariableValue.null`.
        guard position == bytes.count else { return nil }
        return value
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    private mutating func value() -> VariableValue? {
        skipWhitespace()
        guard position < bytes.count, depth < 512 else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return list()
        case UInt8(ascii: "\""): return string().map(VariableValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: String, _ value: VariableValue) -> VariableValue? {
        let end = position + word.utf8.count
        guard end <= bytes.count, bytes[position..<end].elementsEqual(word.utf8) else { return nil }
        position = end
        return value
    }

    private mutating func object() -> VariableValue? {
        position += 1
        depth += 1
        defer { depth -= 1 }
        var fields: [String: VariableValue] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
            position += 1
            guard let value = value() else { return nil }
            fields[key] = value
            skipWhitespace()
            guard position < bytes.count else { return nil }
            position += 1
            switch bytes[position - 1] {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return .object(fields)
            default: return nil
            }
        }
    }

    private mutating func list() -> VariableValue? {
        position += 1
        depth += 1
        defer { depth -= 1 }
        var items: [VariableValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .list(items)
        }
        while true {
            guard let item = value() else { return nil }
            items.append(item)
            skipWhitespace()
            guard position < bytes.count else { return nil }
            position += 1
            switch bytes[position - 1] {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return .list(items)
            default: return nil
            }
        }
    }

    /// A string at `position` (its opening quote), escapes resolved.
    private mutating func string() -> String? {
        position += 1
        let start = position
        // The common case: no escapes, one copy of the bytes.
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
            position += 1
        }
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            return String(decoding: bytes[start..<(position - 1)], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var utf8 = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            guard position < bytes.count else { return nil }
            let escaped = bytes[position]
            position += 1
            let simple: UInt8? =
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escaped
                case UInt8(ascii: "n"): 0x0A
                case UInt8(ascii: "r"): 0x0D
                case UInt8(ascii: "t"): 0x09
                case UInt8(ascii: "b"): 0x08
                case UInt8(ascii: "f"): 0x0C
                default: nil
                }
            if let simple {
                utf8.append(simple)
                continue
            }
            guard escaped == UInt8(ascii: "u"), position + 4 <= bytes.count,
                let code = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16)
            else { return nil }
            position += 4
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8 = []
            // The writer escapes only control characters, so no surrogate pairs arrive here.
            scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        }
        return nil
    }

    private mutating func number() -> VariableValue? {
        let start = position
        var isInteger = true
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"): break
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): isInteger = false
            default:
                return number(start, isInteger)
            }
            position += 1
        }
        return number(start, isInteger)
    }

    private func number(_ start: Int, _ isInteger: Bool) -> VariableValue? {
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let int = Int(text) { return .int(int) }
        return Double(text).map(VariableValue.float)
    }
}
