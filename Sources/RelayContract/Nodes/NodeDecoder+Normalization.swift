/// `NodeReader`'s normalization selections, and the pieces reader and normalization nodes share
/// (fields, conditions, arguments).
extension NodeReader {
    mutating func normalizationSelections(_ value: VariableValue) throws
        -> [NormalizationSelection]
    {
        try list(value) { try $0.normalizationSelection($1) }
    }

    mutating func normalizationSelection(_ value: VariableValue) throws
        -> NormalizationSelection
    {
        if case .string(let name) = value { return .scalarField(ScalarFieldSelection(name: name)) }
        var object = try object(value, "a selection")
        let selection: NormalizationSelection
        let kind = try kind(&object)
        switch kind {
        case .scalarField:
            selection = .scalarField(try scalarField(&object))
        case .linkedField:
            selection = .linkedField(try linkedField(&object) { try $0.normalizationSelections($1) })
        case .inlineFragment:
            selection = .inlineFragment(
                InlineFragmentSelection(
                    type: try required(.type, in: &object) { try $0.string($1) },
                    selections: try required(.selections, in: &object) { try $0.normalizationSelections($1) },
                    moduleOperationField: try optional(.moduleOperation, in: &object) { try $0.string($1) },
                    possibleTypes: try optional(.possibleTypes, in: &object) { Set(try $0.strings($1)) }))
        case .condition:
            let (variable, passingValue) = try condition(&object)
            selection = .condition(
                variable: variable, passingValue: passingValue,
                selections: try required(.selections, in: &object) { try $0.normalizationSelections($1) })
        case .clientExtension:
            selection = .clientExtension(
                try required(.selections, in: &object) { try $0.normalizationSelections($1) })
        case .linkedHandle, .scalarHandle:
            selection = .handle(
                NormalizationHandle(
                    kind: kind == .scalarHandle ? .scalar : .linked,
                    name: try required(.name, in: &object) { try $0.string($1) },
                    alias: try optional(.alias, in: &object) { try $0.string($1) }, args: try arguments(&object, .args),
                    handle: try required(.handle, in: &object) { try $0.string($1) },
                    key: try optional(.key, in: &object) { try $0.string($1) } ?? "",
                    filters: try optional(.filters, in: &object) { try $0.strings($1) },
                    handleArgs: try arguments(&object, .handleArgs)))
        case .fragmentSpread, .aliasedInlineFragmentSpread, .inlineDataFragmentSpread, .catchField, .requiredField,
            .relayResolver, .moduleComponent, .literal, .variable, .listValue, .objectValue:
            throw failure("a \(kind.rawValue) node is not a normalization selection")
        }
        try finish(object)
        return selection
    }

    // MARK: Shared pieces

    mutating func scalarField(_ object: inout NodeObject) throws -> ScalarFieldSelection {
        ScalarFieldSelection(
            name: try required(.name, in: &object) { try $0.string($1) },
            alias: try optional(.alias, in: &object) { try $0.string($1) },
            storageKey: try optional(.storageKey, in: &object) { try $0.string($1) },
            args: try arguments(&object, .args))
    }

    mutating func linkedField<Selection>(
        _ object: inout NodeObject,
        selections: (inout NodeReader, VariableValue) throws -> [Selection]
    ) throws -> LinkedFieldSelection<Selection> {
        LinkedFieldSelection(
            name: try required(.name, in: &object) { try $0.string($1) },
            alias: try optional(.alias, in: &object) { try $0.string($1) },
            storageKey: try optional(.storageKey, in: &object) { try $0.string($1) },
            args: try arguments(&object, .args),
            concreteType: try optional(.concreteType, in: &object) { try $0.string($1) },
            plural: try optional(.plural, in: &object) { try $0.bool($1) } ?? false,
            selections: try required(.selections, in: &object, selections))
    }

    mutating func condition(_ object: inout NodeObject) throws -> (String, Bool) {
        (
            try required(.condition, in: &object) { try $0.string($1) },
            try required(.passingValue, in: &object) { try $0.bool($1) }
        )
    }

    mutating func arguments(_ object: inout NodeObject, _ key: NodeKey) throws
        -> [ArgumentNode]
    {
        try optional(key, in: &object) { reader, value in
            try reader.list(value) { try $0.argument($1) }
        } ?? []
    }

    mutating func argument(_ value: VariableValue) throws -> ArgumentNode {
        var object = try object(value, "an argument")
        let kind = try kind(&object)
        let name = try required(.name, in: &object) { try $0.string($1) }
        let argument: ArgumentNode
        switch kind {
        case .variable:
            argument = .variable(
                name: name, variableName: try required(.variableName, in: &object) { try $0.string($1) })
        case .listValue:
            argument = .list(
                name: name,
                items: try required(.items, in: &object) { reader, value in
                    try reader.list(value) { try $0.argument($1) }
                })
        case .objectValue:
            argument = .object(
                name: name,
                fields: try required(.fields, in: &object) { reader, value in
                    try reader.list(value) { try $0.argument($1) }
                })
        case .literal:
            argument = .literal(name: name, value: try required(.value, in: &object) { _, value in value })
        default:
            throw failure("a \(kind.rawValue) node is not an argument")
        }
        try finish(object)
        return argument
    }
}
