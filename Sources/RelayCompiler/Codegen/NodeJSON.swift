import RelayContract

/// The JSON a generated `node` is written in (`ConcreteRequest(json:)`, `ReaderFragment(json:)`),
/// which the runtime decodes once per type on first use. Object keys keep the order they are
/// added in, so artifacts are byte-identical across runs; `nil` members are left out, which is
/// how every optional part of a node says "the default".
indirect enum NodeJSON: Sendable {
    case string(String)
    case int(Int)
    case float(Double)
    case bool(Bool)
    case null
    case array([NodeJSON])
    case object([(key: String, value: NodeJSON)])

    /// An object of the members that are not nil, in order.
    static func members(_ members: [(String, NodeJSON?)]) -> NodeJSON {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    static func strings(_ values: [String]) -> NodeJSON { .array(values.map(NodeJSON.string)) }

    /// A store value (an argument's literal, a variable's default) as JSON.
    init(_ value: VariableValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .int(int)
        case .float(let double): self = .float(double)
        case .string(let string): self = .string(string)
        case .list(let items): self = .array(items.map(NodeJSON.init))
        case .object(let fields): self = .object(fields.keys.sorted().map { ($0, NodeJSON(fields[$0] ?? .null)) })
        }
    }

    /// Compact JSON: no spaces; strings escaped as `VariableValue.stableJSON` escapes them.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    func write(to output: inout String) {
        switch self {
        case .string(let string): output += VariableValue.jsonString(string)
        case .int(let int): output += String(int)
        case .float(let double): output += VariableValue.float(double).stableJSON
        case .bool(let bool): output += bool ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                output += VariableValue.jsonString(member.key) + ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }
}
