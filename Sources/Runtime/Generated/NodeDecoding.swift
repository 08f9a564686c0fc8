import Foundation

/// Generated code writes each `node` as one JSON string (`ConcreteRequest(json:)`,
/// `ReaderFragment(json:)`) held in a `static let`, so it is decoded once per type, on first use.
/// A string literal costs the Swift compiler next to nothing, where the same selections written
/// as nested initialiser calls cost apps minutes of build time and megabytes of machine code.
///
/// The format follows Relay's artifacts: a selection is an object with a `kind` (`LinkedField`,
/// `ScalarField`, `FragmentSpread`, `InlineFragment`, `Condition`, `LinkedHandle`,
/// `ScalarHandle`), or just a string for a scalar field with neither alias nor arguments; members
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
                clientVariables: params["clientVariables"].strings),
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
        do {
            return NodeValue(try JSONDecoder().decode(VariableValue.self, from: Data(json.utf8)))
        } catch {
            problem = "a generated node is not valid JSON (\(error)); compile the app's GraphQL again"
            return NodeValue(.null)
        }
    }

    static func readerFragment(_ node: NodeValue) -> ReaderFragment {
        ReaderFragment(
            name: node["name"].string ?? "", type: node["type"].string ?? "",
            selections: node["selections"].items.map(readerSelection), isPlural: node["plural"].isTrue,
            argumentDefaults: node["argumentDefaults"].fields, metadata: metadata(node["metadata"]))
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
