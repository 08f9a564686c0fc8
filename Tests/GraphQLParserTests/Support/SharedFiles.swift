import Foundation

/// Reads the conformance corpus and workloads in place from `../shared` beside the checkout
/// (or `$RELAY_SWIFT_SHARED`). They come from public projects and are never copied into the repo.
enum SharedFiles {
    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["RELAY_SWIFT_SHARED"] {
            return URL(fileURLWithPath: path)
        }
        // <repo>/Tests/GraphQLParserTests/Support/SharedFiles.swift → <repo>/../shared
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared")
    }()

    static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    static func exists(_ relativePath: String) -> Bool {
        let present = FileManager.default.fileExists(atPath: url(relativePath).path)
        if !present {
            print("note: \(url(relativePath).path) is absent; skipping the tests that read it")
        }
        return present
    }

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: url(relativePath), encoding: .utf8)
    }

    static func json(_ relativePath: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: url(relativePath)))
    }
}

/// A JSON value that compares structurally, for corpus expectations and AST dumps.
enum JSONValue: Hashable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    subscript(key: String) -> JSONValue {
        if case .object(let object) = self { return object[key] ?? .null }
        return .null
    }

    var array: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var int: Int? {
        if case .number(let value) = self { return Int(value) }
        return nil
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let object):
            "{" + object.keys.sorted().map { "\($0): \(object[$0]!)" }.joined(separator: ", ") + "}"
        }
    }
}
