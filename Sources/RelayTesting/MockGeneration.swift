@_spi(RelayGenerated) import Relay

/// One payload being generated: the generator's resolvers and shape, the operation's field
/// types by path, and its variables.
struct MockGeneration {
    let generator: MockPayloadGenerator
    let types: [String: MockSelectionType]
    let variables: VariableData

    /// The data of an operation whose root type is `typename`.
    mutating func root(_ selections: [NormalizationSelection], typename: String) -> VariableValue {
        var fields: [String: VariableValue] = [:]
        fill(
            selections, typename: typename, declaredType: typename, path: [],
            overrides: resolved(typename, MockContext(name: "", path: [], args: [:])), into: &fields)
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
                // The fragment on the object's own type, one of its interfaces, or the field's.
                guard fragment.applies(to: typename) || fragment.type == declaredType else { continue }
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
        let args = arguments(field.args)
        let context = MockContext(
            name: field.name, alias: field.alias, path: path, args: args, parentType: parentType)
        let fromField = generator.fieldResolvers["\(parentType).\(field.name)"]?(context)
        let given = override ?? fromField
        if given == nil, generator.shape.nullsNullable, info?.nullable == true, path.count > 1 { return .null }
        let typename = field.concreteType ?? concreteType(info, field.selections)
        let declaredType = info?.type ?? typename
        // `node(id: $id)` answers with the record asked for.
        var echoed: [String: VariableValue] = [:]
        if case .string? = args["id"], !field.plural { echoed["id"] = args["id"] }
        func item(_ given: [String: VariableValue]) -> VariableValue {
            let fromType = resolved(typename, context)
            let chosen: String? =
                if case .string(let name)? = given["__typename"] ?? fromType["__typename"] { name } else { nil }
            var fields: [String: VariableValue] = [:]
            fill(
                field.selections, typename: chosen ?? typename, declaredType: declaredType, path: path,
                overrides: echoed.merging(fromType) { _, new in new }.merging(given) { _, new in new },
                into: &fields)
            return .object(fields)
        }
        switch given {
        case .null?: return .null
        case .list(let items)?:
            return .list(items.map { if case .object(let given) = $0 { item(given) } else { .null } })
        case .object(let given)?: return field.plural ? .list([item(given)]) : item(given)
        default:
            guard field.plural else { return item([:]) }
            return .list((0..<generator.shape.listLength).map { _ in item([:]) })
        }
    }

    /// The object type an abstract field gets: the shape's pick among the schema's object types,
    /// those its selections ask for (`... on Repository`) first; without types, the first type
    /// condition selected on it.
    private func concreteType(_ info: MockSelectionType?, _ selections: [NormalizationSelection]) -> String {
        var asked: [String] = []
        for selection in selections {
            if case .inlineFragment(let fragment) = selection, fragment.possibleTypes == nil,
                !asked.contains(fragment.type)
            {
                asked.append(fragment.type)
            }
        }
        if let possible = info?.possibleTypes, !possible.isEmpty {
            let ordered = asked.filter(possible.contains) + possible.filter { !asked.contains($0) }
            return ordered[generator.shape.concreteTypeIndex % ordered.count]
        }
        return asked.first ?? info?.type ?? "__MockObject"
    }

    /// A scalar or enum field's value: its field's or type's resolver, or the default for its type.
    private mutating func scalar(_ field: NormalizationScalarField, typename: String, path: [String]) -> VariableValue {
        if field.name == "__typename" { return .string(typename) }
        let key = field.alias ?? field.name
        let info = types[path.joined(separator: ".")]
        let type = info?.type ?? (field.name == "id" ? "ID" : "String")
        let context = MockContext(
            name: field.name, alias: field.alias, path: path, args: arguments(field.args), parentType: typename)
        if let resolved = generator.fieldResolvers["\(typename).\(field.name)"]?(context) { return resolved }
        if generator.shape.nullsNullable, info?.nullable == true, field.name != "id" { return .null }
        let value: VariableValue
        if let resolved = generator.resolvers[type]?(context) {
            if info?.plural == true, case .list = resolved { return resolved }
            value = resolved
        } else {
            switch type {
            case "ID": value = .string("<\(typename)-mock-id-\(generator.ids.take())>")
            case "Int": value = 42
            case "Float": value = 4.2
            case "Boolean": value = false
            default:
                value = info?.enumValues.first.map(VariableValue.string) ?? .string("<mock-value-for-field-\"\(key)\">")
            }
        }
        guard info?.plural == true else { return value }
        return .list(Array(repeating: value, count: generator.shape.listLength))
    }

    /// A value for variable `name` of `type`.
    mutating func variableValue(_ name: String, _ type: MockSelectionType) -> VariableValue {
        let context = MockContext(name: name, path: ["$" + name], args: [:])
        let value: VariableValue =
            generator.resolvers[type.type]?(context)
            ?? {
                switch type.type {
                case "ID": return .string("<mock-id-\(generator.ids.take())>")
                case "Int": return 42
                case "Float": return 4.2
                case "Boolean": return .bool(generator.shape.booleanVariables)
                case "String": return .string("<mock-value-for-variable-\"\(name)\">")
                default:
                    if let first = type.enumValues.first { return .string(first) }
                    // An input object: none of its fields is needed to store or read a response.
                    return .object([:])
                }
            }()
        return type.plural ? .list([value]) : value
    }

    /// What the resolver of object type `typename` gives, as fields.
    private func resolved(_ typename: String, _ context: MockContext) -> [String: VariableValue] {
        guard case .object(let fields)? = generator.resolvers[typename]?(context) else { return [:] }
        return fields
    }

    private func arguments(_ nodes: [ArgumentNode]) -> [String: VariableValue] {
        Dictionary(nodes.map { ($0.name, $0.value(with: variables)) }, uniquingKeysWith: { first, _ in first })
    }
}
