import GraphQLParser

/// How GraphQL types are written in Swift: built-in scalars by the usual mapping, custom scalars
/// by configuration (an unmapped one is an error, never `Any`), enums and input objects by their
/// generated names; `T!` is `T`, a nullable `T` is `T?`, `[T]` is `[T]`.
public struct SwiftTypeMapping: Sendable {
    public static let builtInScalars = [
        "ID": "String", "String": "String", "Int": "Int", "Float": "Double",
        "Boolean": "Bool",
    ]

    /// Custom scalar name → Swift type, e.g. `DateTime` → `String`.
    public var customScalars: [String: String]

    public init(customScalars: [String: String] = [:]) {
        self.customScalars = customScalars
    }

    /// The Swift type, or a diagnostic at `location` naming the scalar that has no mapping.
    public func swiftType(_ type: TypeRef, schema: Schema, at location: SourceLocation) -> Result<String, Diagnostic> {
        let name = type.namedType
        if let builtIn = Self.builtInScalars[name] { return .success(Self.wrap(type, around: builtIn)) }
        if schema[name]?.kind == .scalar {
            guard let mapped = customScalars[name] else {
                return .failure(
                    .error(
                        "Custom scalar \"\(name)\" has no Swift type; map it with --custom-scalar \(name)=<SwiftType> "
                            + "or \"customScalarTypes\" in relay.json.", at: location))
            }
            return .success(Self.wrap(type, around: mapped))
        }
        return .success(Self.wrap(type, around: SwiftNames.identifier(name)))
    }

    /// `type`'s list and null wrappers around a Swift type name: `[Todo!]` → `[Todo]?`.
    public static func wrap(_ type: TypeRef, around name: String) -> String {
        switch type {
        case .nonNull(.list(let item)): "[" + wrap(item, around: name) + "]"
        case .nonNull: name
        case .list(let item): "[" + wrap(item, around: name) + "]?"
        case .named: name + "?"
        }
    }
}
