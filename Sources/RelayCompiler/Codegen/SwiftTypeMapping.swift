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
/// by configuration (an unmapped one is the runtime's JSON value, `VariableValue`, as Relay types
/// it `unknown`; or an error when the project requires a mapping), enums and input objects by
/// their generated names (where data is read, an enum is `GraphQLEnum<Enum>`, unless the project
/// turned future-proof enums off); `T!` is `T`, a nullable `T` is `T?`, `[T]` is `[T]`.
public struct SwiftTypeMapping: Sendable {
    public static let builtInScalars = [
        "ID": "String", "String": "String", "Int": "Int", "Float": "Double",
        "Boolean": "Bool",
    ]

    /// Custom scalar name → Swift type, e.g. `DateTime` → `Date` (from Foundation).
    public var customScalars: [String: CustomScalarType]

    /// An unmapped custom scalar is an error instead of `VariableValue` (relay.json's
    /// `requireCustomScalarTypes`).
    public var requiresCustomScalarTypes: Bool

    /// The Swift type of a custom scalar that has no mapping: the JSON value as the server sent it.
    public static let unmappedScalarType = "VariableValue"

    /// A read enum field is `GraphQLEnum<Enum>` (relay.json's `noFutureProofEnums` makes it false).
    public var futureProofEnums: Bool

    public init(
        customScalars: [String: CustomScalarType] = [:], requiresCustomScalarTypes: Bool = false,
        futureProofEnums: Bool = true
    ) {
        self.customScalars = customScalars
        self.requiresCustomScalarTypes = requiresCustomScalarTypes
        self.futureProofEnums = futureProofEnums
    }

    /// What a generated file naming the GraphQL types `typeNames` imports: `Relay`, then the
    /// modules of the custom scalars among them, in name order.
    public func imports(naming typeNames: some Sequence<String>) -> [String] {
        let modules = Set(typeNames.compactMap { customScalars[$0]?.module }).subtracting(["Relay"])
        return ["Relay"] + modules.sorted()
    }

    /// The Swift type, or a diagnostic at `location` naming the scalar that has no mapping.
    /// `reading` is for a field of data read from the store, where an enum may hold a value the
    /// generated code does not know; what the app writes (variables, inputs, optimistic
    /// responses, resolver values) names the enum itself.
    public func swiftType(
        _ type: TypeRef, schema: Schema, at location: SourceLocation, reading: Bool = false
    ) -> Result<String, Diagnostic> {
        let name = type.namedType
        if let builtIn = Self.builtInScalars[name] { return .success(Self.wrap(type, around: builtIn)) }
        if let scalar = schema[name], scalar.kind == .scalar {
            guard let mapped = customScalars[name] else {
                // What resolvers give as-is (a model's value token, `RelayResolverValue`).
                guard requiresCustomScalarTypes, !ResolverModels.isResolverValueScalar(scalar) else {
                    return .success(Self.wrap(type, around: Self.unmappedScalarType))
                }
                return .failure(
                    .error(
                        "Custom scalar \"\(name)\" has no Swift type; map it with --custom-scalar \(name)=<SwiftType> "
                            + "or \"customScalarTypes\" in relay.json.", at: location))
            }
            return .success(Self.wrap(type, around: mapped.name))
        }
        let swiftName = SwiftNames.identifier(name)
        if reading, futureProofEnums, schema[name]?.kind == .enumType {
            return .success(Self.wrap(type, around: "GraphQLEnum<\(swiftName)>"))
        }
        return .success(Self.wrap(type, around: swiftName))
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

extension SwiftTypeMapping {
    /// One warning per custom scalar without a Swift type that `program` names (in a selection,
    /// a variable, a fragment argument or an input object they use), at its first use in file,
    /// line and column order: it compiles as `VariableValue`, and the warning suggests a mapping.
    /// None when the project requires mappings (each use is then an error).
    public func unmappedScalarWarnings(_ program: IRProgram, schema: Schema) -> [Diagnostic] {
        guard !requiresCustomScalarTypes else { return [] }
        var firstUse: [String: SourceLocation] = [:]
        var visitedInputs: Set<String> = []
        func note(_ type: TypeRef, at location: SourceLocation) {
            let name = type.namedType
            // Relay's `RelayResolverValue` and model scalars are read as-is, deliberately.
            guard Self.builtInScalars[name] == nil, let schemaType = schema[name],
                !ResolverModels.isResolverValueScalar(schemaType)
            else { return }
            switch schemaType.kind {
            case .scalar where customScalars[name] == nil:
                if let earlier = firstUse[name], earlier <= location { return }
                firstUse[name] = location
            case .inputObject where visitedInputs.insert(name).inserted:
                for field in schemaType.inputFields { note(field.type, at: location) }
            default: break
            }
        }
        func visit(_ selections: [IRSelection]) {
            for selection in selections {
                switch selection {
                // A resolver model's instance is the runtime's own token, never decoded.
                case .scalarField(let field) where field.name == ResolverModels.instanceField: continue
                case .scalarField(let field): note(field.type, at: field.location)
                case .linkedField(let field): visit(field.selections)
                case .inlineFragment(let fragment): visit(fragment.selections)
                case .condition(let condition): visit(condition.selections)
                case .fragmentSpread: continue
                }
            }
        }
        for operation in program.operations {
            for variable in operation.variables { note(variable.type, at: variable.location) }
            visit(operation.selections)
        }
        for fragment in program.fragments {
            for argument in fragment.argumentDefinitions { note(argument.type, at: argument.location) }
            visit(fragment.selections)
        }
        return firstUse.sorted { $0.key < $1.key }.map { name, location in
            Diagnostic(
                .warning,
                "Custom scalar \"\(name)\" has no Swift type, so it is read as \(Self.unmappedScalarType) (its JSON); "
                    + "map it with --custom-scalar \(name)=<SwiftType> or \"customScalarTypes\" in relay.json.",
                at: location)
        }
    }
}
