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
        switch type {
        case .nonNull(let inner):
            return swiftType(inner, schema: schema, at: location).map { String($0.dropLast()) }
        case .list(let item):
            return swiftType(item, schema: schema, at: location).map { "[\($0)]?" }
        case .named(let name):
            if let builtIn = Self.builtInScalars[name] { return .success(builtIn + "?") }
            if schema[name]?.kind == .scalar {
                guard let mapped = customScalars[name] else {
                    return .failure(
                        .error(
                            "Custom scalar \"\(name)\" has no Swift type; map it with --custom-scalar \(name)=<SwiftType> "
                                + "or \"customScalarTypes\" in relay.json.", at: location))
                }
                return .success(mapped + "?")
            }
            return .success(SwiftNames.identifier(name) + "?")
        }
    }
}
