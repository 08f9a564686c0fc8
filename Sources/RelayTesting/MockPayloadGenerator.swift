@_spi(RelayGenerated) import Relay

/// Builds a response for any generated operation with every selected field filled, so a test
/// or a preview needs no hand-written JSON (after Relay's `MockPayloadGenerator`). The same
/// operation and resolvers give the same payload every time.
///
/// Values follow Relay's defaults: an `ID` is `<Todo-mock-id-1>` (numbered in the order
/// generated), a `String` `<mock-value-for-field-"text">`, an `Int` 42, a `Float` 4.2, a `Boolean`
/// false, an enum its first value, a list one item, `__typename` the field's concrete type. Types
/// come from the artifact of an `@relay_test_operation`; without the directive only `id`,
/// `__typename` and strings are known, so mark test queries with it (as Relay asks) or give
/// resolvers for the other fields. Custom scalars get a string unless a resolver says otherwise
/// (`"DateTime": { _ in "2026-11-24T09:30:00Z" }`).
///
/// ```swift
/// let generator = MockPayloadGenerator(resolvers: [
///     "User": { _ in ["name": "Alice"] },  // an object type: fields over the defaults
///     "DateTime": { _ in "2026-11-24T09:30:00Z" },  // a scalar type: its value
/// ])
/// environment.cachePayload(query, generator.data(for: query))
/// ```
public struct MockPayloadGenerator: Sendable {
    /// For an object type, the fields to use instead of generated ones (`.object`; a list of
    /// objects for a plural field sets how many items); for a scalar or enum type, the value.
    /// Nil keeps the default.
    public typealias Resolver = @Sendable (MockContext) -> VariableValue?

    public var resolvers: [String: Resolver]

    public init(resolvers: [String: Resolver] = [:]) {
        self.resolvers = resolvers
    }

    /// The `data` of a response to `operation`.
    public func data<Op: Relay.Operation>(for operation: Op) -> VariableValue {
        let node = Op.node
        var run = Run(
            resolvers: resolvers, types: node.testSelectionTypes, variables: operation.operationVariables)
        return run.object(
            node.operation.selections, typename: node.fragment.type, declaredType: node.fragment.type, path: [],
            overrides: run.resolved(node.fragment.type, name: "", alias: nil, path: [], args: [:]))
    }

    /// A whole response to `operation`: `{"data": …}`.
    public func payload<Op: Relay.Operation>(for operation: Op) -> VariableValue {
        .object(["data": data(for: operation)])
    }
}

/// Where a resolver is asked for a value.
public struct MockContext: Sendable {
    /// The field's name (empty for the operation's root).
    public var name: String
    public var alias: String?
    /// Response keys from the root to the field.
    public var path: [String]
    /// The field's arguments, variables substituted.
    public var args: [String: VariableValue]
    /// The type of the object holding the field.
    public var parentType: String?
}

/// One generation: the resolvers, the types of the operation's fields and the ids handed out.
private struct Run {
    let resolvers: [String: MockPayloadGenerator.Resolver]
    let types: [String: MockSelectionType]
    let variables: VariableData
    var nextID = 1

    init(
        resolvers: [String: MockPayloadGenerator.Resolver], types: [String: MockSelectionType], variables: VariableData
    ) {
        self.resolvers = resolvers
        self.types = types
        self.variables = variables
    }

    /// An object of `typename` with `selections` filled; `overrides` win over generated values.
    mutating func object(
        _ selections: [NormalizationSelection], typename: String, declaredType: String, path: [String],
        overrides: [String: VariableValue]
    ) -> VariableValue {
        var fields: [String: VariableValue] = [:]
        fill(
            selections, typename: typename, declaredType: declaredType, path: path, overrides: overrides, into: &fields)
        return .object(fields)
    }

    private mutating func fill(
        _ selections: [NormalizationSelection], typename: String, declaredType: String, path: [String],
        overrides: [String: VariableValue], into fields: inout [String: VariableValue]
    ) {
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                let key = field.alias ?? field.name
                guard fields[key] == nil else { continue }
                fields[key] = overrides[key] ?? scalar(field, typename: typename, path: path + [key])
            case .linkedField(let field):
                let key = field.alias ?? field.name
                guard fields[key] == nil else { continue }
                fields[key] = linked(field, parentType: typename, path: path + [key], override: overrides[key])
            case .inlineFragment(let fragment):
                // The fragment on the object's own type, or on the field's (abstract) type.
                guard fragment.type == typename || fragment.type == declaredType else { continue }
                fill(
                    fragment.selections, typename: typename, declaredType: declaredType, path: path,
                    overrides: overrides, into: &fields)
            case .condition(let variable, let passingValue, let nested):
                guard variables[variable] == .bool(passingValue) else { continue }
                fill(
                    nested, typename: typename, declaredType: declaredType, path: path, overrides: overrides,
                    into: &fields)
            case .handle, .clientExtension:
                // A server sends no client schema extensions, so neither does its mock (as
                // Relay's generator without `mockClientData`).
                continue
            }
        }
    }

    private mutating func linked(
        _ field: NormalizationLinkedField, parentType: String, path: [String], override: VariableValue?
    ) -> VariableValue {
        let info = types[path.joined(separator: ".")]
        let typename = field.concreteType ?? Self.firstInlineFragmentType(field.selections) ?? "__MockObject"
        let declaredType = info?.type ?? typename
        let args = arguments(field.args)
        func item(_ given: [String: VariableValue]) -> VariableValue {
            let fromResolver = resolved(typename, name: field.name, alias: field.alias, path: path, args: args)
            let typenameOverride: String? =
                if case .string(let name)? = given["__typename"] ?? fromResolver["__typename"] { name } else { nil }
            return object(
                field.selections, typename: typenameOverride ?? typename, declaredType: declaredType, path: path,
                overrides: fromResolver.merging(given) { _, given in given })
        }
        switch override {
        case .null?: return .null
        case .list(let items)?:
            return .list(items.map { if case .object(let given) = $0 { item(given) } else { .null } })
        case .object(let given)?: return field.plural ? .list([item(given)]) : item(given)
        default: return field.plural ? .list([item([:])]) : item([:])
        }
    }

    /// A scalar or enum field's value: its type's resolver, or the default for its type.
    private mutating func scalar(_ field: NormalizationScalarField, typename: String, path: [String]) -> VariableValue {
        if field.name == "__typename" { return .string(typename) }
        let key = field.alias ?? field.name
        let info = types[path.joined(separator: ".")]
        let type = info?.type ?? (field.name == "id" ? "ID" : "String")
        let context = MockContext(
            name: field.name, alias: field.alias, path: path, args: arguments(field.args), parentType: typename)
        let value: VariableValue
        if let resolved = resolvers[type]?(context) {
            if info?.plural == true, case .list = resolved { return resolved }
            value = resolved
        } else {
            switch type {
            case "ID":
                value = .string("<\(typename)-mock-id-\(nextID)>")
                nextID += 1
            case "Int": value = 42
            case "Float": value = 4.2
            case "Boolean": value = false
            default:
                value = info?.enumValues.first.map(VariableValue.string) ?? .string("<mock-value-for-field-\"\(key)\">")
            }
        }
        return info?.plural == true ? .list([value]) : value
    }

    /// What the resolver of object type `typename` gives, as fields.
    func resolved(
        _ typename: String, name: String, alias: String?, path: [String], args: [String: VariableValue]
    ) -> [String: VariableValue] {
        let context = MockContext(name: name, alias: alias, path: path, args: args, parentType: nil)
        guard case .object(let fields)? = resolvers[typename]?(context) else { return [:] }
        return fields
    }

    private func arguments(_ nodes: [ArgumentNode]) -> [String: VariableValue] {
        Dictionary(nodes.map { ($0.name, $0.value(with: variables)) }, uniquingKeysWith: { first, _ in first })
    }

    private static func firstInlineFragmentType(_ selections: [NormalizationSelection]) -> String? {
        for selection in selections {
            if case .inlineFragment(let fragment) = selection { return fragment.type }
        }
        return nil
    }
}
