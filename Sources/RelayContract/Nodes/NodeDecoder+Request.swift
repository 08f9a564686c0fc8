/// `NodeReader`'s requests: a generated operation's reader fragment, normalization selections,
/// parameters and test selection types.
extension NodeReader {
    mutating func request(_ value: VariableValue) throws -> ConcreteRequest {
        var object = try object(value, "a request")
        let fragment = try required(.fragment, in: &object) { try $0.readerFragment($1) }
        let operation = try required(.operation, in: &object) { reader, value in
            var object = try reader.object(value, "a normalization operation")
            let operation = NormalizationOperation(
                name: try reader.required(.name, in: &object) { try $0.string($1) },
                selections: try reader.required(.selections, in: &object) { try $0.normalizationSelections($1) },
                variableDefaults: try reader.optional(.variableDefaults, in: &object) { try $0.values($1) } ?? [:])
            try reader.finish(object)
            return operation
        }
        let params = try required(.params, in: &object) { try $0.parameters($1) }
        let types = try optional(.testSelectionTypes, in: &object) { try $0.testSelectionTypes($1) }
        let incremental = try optional(.testIncremental, in: &object) { try $0.incremental($1) }
        try finish(object)
        return ConcreteRequest(
            fragment: fragment, operation: operation, params: params, testSelectionTypes: types ?? [:],
            testIncremental: incremental)
    }

    mutating func parameters(_ value: VariableValue) throws -> RequestParameters {
        var object = try object(value, "request parameters")
        let parameters = RequestParameters(
            name: try required(.name, in: &object) { try $0.string($1) },
            operationKind: try required(.operationKind, in: &object) {
                try $0.word($1, RequestParameters.OperationKind.self)
            },
            text: try optional(.text, in: &object, nullAllowed: true) { try $0.string($1) },
            id: try optional(.id, in: &object, nullAllowed: true) { try $0.string($1) },
            clientVariables: try optional(.clientVariables, in: &object) { try $0.strings($1) } ?? [],
            isIncremental: try optional(.incremental, in: &object) { try $0.bool($1) } ?? false,
            schemaHash: try optional(.schema, in: &object) { try $0.string($1) })
        try finish(object)
        return parameters
    }

    mutating func testSelectionTypes(_ value: VariableValue) throws
        -> [String: MockSelectionType]
    {
        var types: [String: MockSelectionType] = [:]
        for (path, entry) in try values(value) {
            self.path.append(.member(path))
            defer { self.path.removeLast() }
            var object = try object(entry, "a selection type")
            types[path] = MockSelectionType(
                type: try required(.type, in: &object) { try $0.string($1) },
                plural: try optional(.plural, in: &object) { try $0.bool($1) } ?? false,
                nullable: try optional(.nullable, in: &object) { try $0.bool($1) } ?? true,
                enumValues: try optional(.enumValues, in: &object) { try $0.strings($1) } ?? [],
                possibleTypes: try optional(.possibleTypes, in: &object) { try $0.strings($1) } ?? [])
            try finish(object)
        }
        return types
    }

    mutating func incremental(_ value: VariableValue) throws -> MockIncrementalDelivery {
        var object = try object(value, "an incremental delivery")
        let delivery = MockIncrementalDelivery(
            fields: try required(.fields, in: &object) { try $0.strings($1) },
            parts: try required(.parts, in: &object) { reader, parts in try reader.list(parts) { try $0.part($1) } })
        try finish(object)
        return delivery
    }

    private mutating func part(_ value: VariableValue) throws -> MockIncrementalDelivery.Part {
        var object = try object(value, "a deferred or streamed part")
        let kind: MockIncrementalDelivery.Part.Kind
        switch try required(.kind, in: &object, { try $0.string($1) }) {
        case "Defer":
            kind = .deferred(fields: try required(.fields, in: &object) { try $0.strings($1) })
        case "Stream":
            if let name = try optional(.variableName, in: &object, { try $0.string($1) }) {
                kind = .streamed(initialCount: .variable(name))
            } else {
                kind = .streamed(initialCount: .literal(try required(.count, in: &object) { try $0.int($1) }))
            }
        case let other:
            throw failure("expected \"Defer\" or \"Stream\", found \(VariableValue.jsonString(other))")
        }
        let part = MockIncrementalDelivery.Part(
            kind: kind, label: try required(.label, in: &object) { try $0.string($1) },
            path: try required(.path, in: &object) { try $0.string($1) },
            condition: try optional(.condition, in: &object) { try $0.string($1) },
            parent: try optional(.parent, in: &object) { try $0.int($1) })
        try finish(object)
        return part
    }
}
