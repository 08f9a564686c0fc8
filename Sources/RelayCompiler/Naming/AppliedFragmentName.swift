/// The name Relay gives a fragment applied to arguments, `<Fragment>_<hash>`, and the label it
/// gives a `@defer` without one: the hash is Relay's (32-bit MurmurHash3 with seed 0, written in
/// base 62) of the arguments as Relay serialises them, so the operation text a server receives
/// names these fragments exactly as Relay's compiler does.
enum AppliedFragmentName {
    /// `name` itself when there are no arguments, else `name_<hash of the arguments>`.
    static func of(_ name: String, arguments: [IRArgument]) -> String {
        guard !arguments.isEmpty else { return name }
        return name + "_" + murmurHash(argumentsKey(arguments))
    }

    /// Relay's serialisation: the arguments sorted by name as a JSON list of
    /// `{"name":…,"value":…}`, a value being `{"variable":…}`, `{"value":<JSON>}`, `{"list":[…]}`
    /// or `{"object":[{"name":…,"value":…}]}` (the last two only when a variable is inside).
    static func argumentsKey(_ arguments: [IRArgument]) -> String {
        let sorted = arguments.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return "[" + sorted.map { entry($0.name, $0.value) }.joined(separator: ",") + "]"
    }

    private static func entry(_ name: String, _ value: IRValue) -> String {
        "{\"name\":" + JSONText.quoted(name) + ",\"value\":" + identifier(value) + "}"
    }

    private static func identifier(_ value: IRValue) -> String {
        if value.isConstant { return "{\"value\":" + json(value) + "}" }
        switch value {
        case .variable(let name): return "{\"variable\":" + JSONText.quoted(name) + "}"
        case .list(let items): return "{\"list\":[" + items.map(identifier).joined(separator: ",") + "]}"
        case .object(let fields):
            return "{\"object\":[" + fields.map { entry($0.name, $0.value) }.joined(separator: ",") + "]}"
        default: return "{\"value\":" + json(value) + "}"
        }
    }

    /// A constant as JSON, objects with their keys sorted (as Relay's JSON maps are).
    private static func json(_ value: IRValue) -> String {
        switch value {
        case .null, .variable: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let text): return Int64(text).map(String.init) ?? text
        case .float(let text): return Double(text).map(jsonNumber) ?? text
        case .string(let string), .enumValue(let string): return JSONText.quoted(string)
        case .list(let items): return "[" + items.map(json).joined(separator: ",") + "]"
        case .object(let fields):
            let sorted = fields.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            return "{" + sorted.map { JSONText.quoted($0.name) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A float as JSON writers print it: `1.0`, `0.5`, `1e21`.
    private static func jsonNumber(_ double: Double) -> String {
        double.description.replacingOccurrences(of: "e+", with: "e")
    }

    private static let base62 = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// MurmurHash3 (x86, 32 bits, seed 0) of the UTF-8 bytes, in base 62 as Relay writes it.
    static func murmurHash(_ text: String) -> String {
        var hash = murmurHash3(Array(text.utf8))
        guard hash != 0 else { return "0" }
        var digits: [Character] = []
        while hash > 0 {
            digits.append(base62[Int(hash % 62)])
            hash /= 62
        }
        return String(digits.reversed())
    }

    static func murmurHash3(_ bytes: [UInt8]) -> UInt32 {
        func scramble(_ k: UInt32) -> UInt32 {
            var k = k &* 0xcc9e_2d51
            k = (k << 15) | (k >> 17)
            return k &* 0x1b87_3593
        }
        var hash: UInt32 = 0
        var index = 0
        while index + 4 <= bytes.count {
            let block =
                UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
                | UInt32(bytes[index + 3]) << 24
            hash ^= scramble(block)
            hash = (hash << 13) | (hash >> 19)
            hash = hash &* 5 &+ 0xe654_6b64
            index += 4
        }
        var tail: UInt32 = 0
        for (shift, byte) in bytes[index...].enumerated() { tail |= UInt32(byte) << (8 * UInt32(shift)) }
        if index < bytes.count { hash ^= scramble(tail) }
        hash ^= UInt32(truncatingIfNeeded: bytes.count)
        hash ^= hash >> 16
        hash = hash &* 0x85eb_ca6b
        hash ^= hash >> 13
        hash = hash &* 0xc2b2_ae35
        hash ^= hash >> 16
        return hash
    }
}
