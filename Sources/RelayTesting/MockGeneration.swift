@_spi(RelayGenerated) import Relay

/// One payload being generated: the generator's resolvers and shape, the operation's field
/// types by path, and its variables.
struct MockGeneration {
    let generator: MockPayloadGenerator
    let types: [String: MockSelectionType]
    let variables: VariableData

    /// The data of an operation whose root type is `typename`.
    mutating func root(_ selections: [NormalizationSelection], typename: String) -> VariableValue {
        var fields = ObjectFields()
        fill(
            selections, typename: typename, declaredType: typename, path: [],
            overrides: resolved(typename, MockContext(name: "", path: [], args: [:])), into: &fields)
        return .object(fields.values)
    }

    /// Fills `fields` with `selections`. As a server answers, one field (one storage key) has
    /// one value on an object however often it is selected: a field selected again (in another
    /// fragment) adds its selections to the value already there, and one selected again under
    /// another alias gets the same value.
    private mutating func fill(
        _ selections: [NormalizationSelection], typename: String, declaredType: String, path: [String],
        overrides: [String: VariableValue], into fields: inout ObjectFields
    ) {
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                let key = field.alias ?? field.name
                guard fields.values[key] == nil else { continue }
                let value = overrides[key] ?? scalar(field, typename: typename, path: path + [key])
                let identity = Self.identity(field.name, field.storageKey, arguments(field.args))
                fields.values[key] = fields.sameField(identity, as: key) ?? value
            case .linkedField(let field):
                let key = field.alias ?? field.name
                let identity = Self.identity(field.name, field.storageKey, arguments(field.args))
                // The value already there, under this key or another alias: the same records
                // (types and ids) again, with this selection's fields.
                let earlier = fields.values[key] ?? fields.sameField(identity, as: key)
                let value = linked(
                    field, parentType: typename, path: path + [key],
                    override: overrides[key] ?? earlier.map(Self.records))
                if let existing = fields.values[key] {
                    fields.values[key] = Self.merged(existing, value)
                } else if let earlier {
                    fields.values[key] = Self.aligned(value, to: earlier)
                } else {
                    fields.values[key] = value
                }
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

    private static func identity(_ name: String, _ storageKey: String?, _ args: [String: VariableValue]) -> String {
        storageKey ?? (args.isEmpty ? name : name + VariableValue.object(args).stableJSON)
    }

    /// An object being generated: its values by response key, and which response key holds
    /// each field (name and arguments) first.
    struct ObjectFields {
        var values: [String: VariableValue] = [:]
        private var keyOfField: [String: String] = [:]

        /// The value the field `identity` already has under another response key than `key`.
        mutating func sameField(_ identity: String, as key: String) -> VariableValue? {
            guard let other = keyOfField[identity], other != key else {
                keyOfField[identity] = keyOfField[identity] ?? key
                return nil
            }
            return values[other]
        }
    }

    /// The records of a generated value: each object's `__typename` and `id` only, nested
    /// values dropped, lists item by item, nulls kept.
    static func records(_ value: VariableValue) -> VariableValue {
        switch value {
        case .object(let fields): .object(fields.filter { $0.key == "__typename" || $0.key == "id" })
        case .list(let items): .list(items.map(records))
        default: value
        }
    }

    /// `added`'s fields joined to `base`'s, `base`'s values kept where both have one.
    static func merged(_ base: VariableValue, _ added: VariableValue) -> VariableValue {
        switch (base, added) {
        case (.object(var fields), .object(let more)):
            for (key, value) in more { fields[key] = fields[key].map { merged($0, value) } ?? value }
            return .object(fields)
        case (.list(let items), .list(let more)) where items.count == more.count:
            return .list(zip(items, more).map(merged))
        default:
            return base
        }
    }

    /// `value` with every field it shares with `other` (the same field under another alias)
    /// made `other`'s: the same ids, the same scalars.
    static func aligned(_ value: VariableValue, to other: VariableValue) -> VariableValue {
        switch (value, other) {
        case (.object(var fields), .object(let others)):
            for (key, otherValue) in others {
                if let own = fields[key] { fields[key] = aligned(own, to: otherValue) }
            }
            return .object(fields)
        case (.list(let items), .list(let others)) where items.count == others.count:
            return .list(zip(items, others).map(aligned))
        default:
            return other
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
            var fields = ObjectFields()
            fill(
                field.selections, typename: chosen ?? typename, declaredType: declaredType, path: path,
                overrides: echoed.merging(fromType) { _, new in new }.merging(given) { _, new in new },
                into: &fields)
            return .object(fields.values)
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
