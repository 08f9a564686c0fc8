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
        var id = parent.rawValue + ":" + storageKey
        if let index { id += ":\(index)" }
        return DataID(id.hasPrefix("client:") ? id : "client:" + id)
    }
}
