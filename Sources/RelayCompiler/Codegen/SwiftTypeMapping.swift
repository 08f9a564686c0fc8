import GraphQLParser

/// The Swift type a custom scalar maps to, and the module generated files import to name it.
///
/// Written in `relay.json` as a string — `"Date"`, `"Foundation.Date"` (the part before the
/// first dot is a module to import), `"String"` — or as `{"name": "Money", "module": "Billing"}`
/// when the name alone does not say. `Date`, `URL`, `Decimal` and `UUID` import Foundation.
public struct CustomScalarType: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The type as generated code spells it.
    public var name: String
    /// The module files using the type import; nil when `Relay` (or the Swift standard
    /// library) already provides it.
    public var module: String?

    static let foundationTypes: Set<String> = ["Date", "URL", "Decimal", "UUID"]

    public init(name: String, module: String?) {
        self.name = name
        self.module = module
    }

    /// `"Foundation.Date"` imports Foundation, `"Date"` too (a Foundation type), `"String"` nothing.
    public init(_ text: String) {
        name = text
        if let dot = text.firstIndex(of: ".") {
            module = String(text[..<dot])
        } else {
            module = Self.foundationTypes.contains(text) ? "Foundation" : nil
        }
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    public var description: String { module.map { "\(name) from \($0)" } ?? name }
}

/// How GraphQL types are written in Swift: built-in scalars by the usual mapping, custom scalars
/// by configuration (an unmapped one is an error, never `Any`), enums and input objects by their
/// generated names; `T!` is `T`, a nullable `T` is `T?`, `[T]` is `[T]`.
public struct SwiftTypeMapping: Sendable {
    public static let builtInScalars = [
        "ID": "String", "String": "String", "Int": "Int", "Float": "Double",
        "Boolean": "Bool",
    ]

    /// Custom scalar name → Swift type, e.g. `DateTime` → `Date` (from Foundation).
    public var customScalars: [String: CustomScalarType]

    public init(customScalars: [String: CustomScalarType] = [:]) {
        self.customScalars = customScalars
    }

    /// What a generated file naming the GraphQL types `typeNames` imports: `Relay`, then the
    /// modules of the custom scalars among them, in name order.
    public func imports(naming typeNames: some Sequence<String>) -> [String] {
        let modules = Set(typeNames.compactMap { customScalars[$0]?.module }).subtracting(["Relay"])
        return ["Relay"] + modules.sorted()
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
            return .success(Self.wrap(type, around: mapped.name))
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
