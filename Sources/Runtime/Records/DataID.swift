@_spi(RelayGenerated) import RelayContract

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
        let prefix = "client:"
        // `<parent>:` starts with the prefix exactly when the parent does or is `client`.
        let hasPrefix = parent.rawValue.hasPrefix(prefix) || parent.rawValue == "client"
        let indexText = index.map { String($0) } ?? ""
        // Built in one buffer: normalizing calls this for every object without an id.
        var id = ""
        id.reserveCapacity(
            (hasPrefix ? 0 : prefix.utf8.count) + parent.rawValue.utf8.count + storageKey.utf8.count
                + indexText.utf8.count + 2)
        if !hasPrefix { id += prefix }
        id += parent.rawValue
        id += ":"
        id += storageKey
        if index != nil {
            id += ":"
            id += indexText
        }
        return DataID(id)
    }
}
