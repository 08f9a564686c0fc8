// Type-system definitions and extensions (SDL).
extension Parser {
    func peekDescription() -> Bool { peek(.string) || peek(.blockString) }

    mutating func parseDescription() -> StringValue? {
        peekDescription() ? parseStringLiteral() : nil
    }

    /// The definition introduced by `keyword` (the current token or the one after a
    /// description), or nil when `keyword` does not start a type-system definition.
    mutating func parseTypeSystemDefinition(keyword: Token) throws(SyntaxError) -> Definition? {
        if isKeyword(keyword, "schema") { return .schema(try parseSchemaDefinition()) }
        if isKeyword(keyword, "scalar") { return .scalar(try parseScalarTypeDefinition()) }
        if isKeyword(keyword, "type") { return .object(try parseObjectTypeDefinition(keyword: "type")) }
        if isKeyword(keyword, "interface") { return .interface(try parseObjectTypeDefinition(keyword: "interface")) }
        if isKeyword(keyword, "union") { return .union(try parseUnionTypeDefinition()) }
        if isKeyword(keyword, "enum") { return .enumType(try parseEnumTypeDefinition()) }
        if isKeyword(keyword, "input") { return .inputObject(try parseInputObjectTypeDefinition()) }
        if isKeyword(keyword, "directive") { return .directive(try parseDirectiveDefinition()) }
        return nil
    }

    mutating func parseSchemaDefinition() throws(SyntaxError) -> SchemaDefinition {
        let start = token
        let description = parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        try expectToken(.braceLeft)
        var operationTypes: [OperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while !expectOptionalToken(.braceRight)
        return SchemaDefinition(
            description: description, directives: directives, operationTypes: operationTypes,
            range: range(from: start))
    }

    mutating func parseOperationTypeDefinition() throws(SyntaxError) -> OperationTypeDefinition {
        let start = token
        let operation = try parseOperationType()
        try expectToken(.colon)
        let type = try parseNamedType()
        return OperationTypeDefinition(operation: operation, type: type, range: range(from: start))
    }

    mutating func parseScalarTypeDefinition() throws(SyntaxError) -> ScalarTypeDefinition {
        let start = token
        let description = parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return ScalarTypeDefinition(description: description, name: name, directives: directives, range: range(from: start))
    }

    /// `type` and `interface` definitions share one grammar.
    mutating func parseObjectTypeDefinition(keyword: StaticString) throws(SyntaxError) -> ObjectTypeDefinition {
        let start = token
        let description = parseDescription()
        try expectKeyword(keyword)
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        return ObjectTypeDefinition(
            description: description, name: name, interfaces: interfaces, directives: directives, fields: fields,
            range: range(from: start))
    }

    /// ImplementsInterfaces: `implements` `&`? NamedType (`&` NamedType)*
    mutating func parseImplementsInterfaces() throws(SyntaxError) -> [NamedType] {
        guard expectOptionalKeyword("implements") else { return [] }
        return try parseDelimitedNamedTypes(.ampersand)
    }

    /// A list of named types separated by `delimiter`, which may also lead.
    mutating func parseDelimitedNamedTypes(_ delimiter: TokenKind) throws(SyntaxError) -> [NamedType] {
        _ = expectOptionalToken(delimiter)
        var types: [NamedType] = []
        repeat {
            types.append(try parseNamedType())
        } while expectOptionalToken(delimiter)
        return types
    }

    mutating func parseFieldsDefinition() throws(SyntaxError) -> [FieldDefinition] {
        guard expectOptionalToken(.braceLeft) else { return [] }
        var fields: [FieldDefinition] = []
        repeat {
            let start = token
            let description = parseDescription()
            let name = try parseName()
            let arguments = try parseArgumentDefinitions()
            try expectToken(.colon)
            let type = try parseTypeReference()
            let directives = try parseDirectives(isConst: true)
            fields.append(
                FieldDefinition(
                    description: description, name: name, arguments: arguments, type: type, directives: directives,
                    range: range(from: start)))
        } while !expectOptionalToken(.braceRight)
        return fields
    }

    mutating func parseArgumentDefinitions() throws(SyntaxError) -> [InputValueDefinition] {
        try parseInputValueDefinitions(open: .parenLeft, close: .parenRight)
    }

    /// `open` InputValueDefinition+ `close`, or nothing when `open` is absent.
    mutating func parseInputValueDefinitions(open: TokenKind, close: TokenKind) throws(SyntaxError)
        -> [InputValueDefinition]
    {
        guard expectOptionalToken(open) else { return [] }
        var definitions: [InputValueDefinition] = []
        repeat {
            definitions.append(try parseInputValueDefinition())
        } while !expectOptionalToken(close)
        return definitions
    }

    mutating func parseInputValueDefinition() throws(SyntaxError) -> InputValueDefinition {
        let start = token
        let description = parseDescription()
        let name = try parseName()
        try expectToken(.colon)
        let type = try parseTypeReference()
        let defaultValue = expectOptionalToken(.equals) ? try parseValue(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return InputValueDefinition(
            description: description, name: name, type: type, defaultValue: defaultValue, directives: directives,
            range: range(from: start))
    }

    mutating func parseUnionTypeDefinition() throws(SyntaxError) -> UnionTypeDefinition {
        let start = token
        let description = parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let types = try parseUnionMemberTypes()
        return UnionTypeDefinition(
            description: description, name: name, directives: directives, types: types, range: range(from: start))
    }

    mutating func parseUnionMemberTypes() throws(SyntaxError) -> [NamedType] {
        expectOptionalToken(.equals) ? try parseDelimitedNamedTypes(.pipe) : []
    }

    mutating func parseEnumTypeDefinition() throws(SyntaxError) -> EnumTypeDefinition {
        let start = token
        let description = parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let values = try parseEnumValuesDefinition()
        return EnumTypeDefinition(
            description: description, name: name, directives: directives, values: values, range: range(from: start))
    }

    mutating func parseEnumValuesDefinition() throws(SyntaxError) -> [EnumValueDefinition] {
        guard expectOptionalToken(.braceLeft) else { return [] }
        var values: [EnumValueDefinition] = []
        repeat {
            let start = token
            let description = parseDescription()
            if isKeyword(token, "true") || isKeyword(token, "false") || isKeyword(token, "null") {
                throw error("\(describe(token)) is reserved and cannot be used for an enum value.", at: token)
            }
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            values.append(
                EnumValueDefinition(description: description, name: name, directives: directives, range: range(from: start)))
        } while !expectOptionalToken(.braceRight)
        return values
    }

    mutating func parseInputObjectTypeDefinition() throws(SyntaxError) -> InputObjectTypeDefinition {
        let start = token
        let description = parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseInputValueDefinitions(open: .braceLeft, close: .braceRight)
        return InputObjectTypeDefinition(
            description: description, name: name, directives: directives, fields: fields, range: range(from: start))
    }

    mutating func parseDirectiveDefinition() throws(SyntaxError) -> DirectiveDefinition {
        let start = token
        let description = parseDescription()
        try expectKeyword("directive")
        try expectToken(.at)
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        let isRepeatable = expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        _ = expectOptionalToken(.pipe)
        var locations: [Name] = []
        repeat {
            let location = token
            let name = try parseName()
            guard DirectiveLocation(rawValue: name.value) != nil else { throw unexpected(location) }
            locations.append(name)
        } while expectOptionalToken(.pipe)
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments, isRepeatable: isRepeatable,
            locations: locations, range: range(from: start))
    }

    // MARK: Extensions

    mutating func parseTypeSystemExtension() throws(SyntaxError) -> Definition {
        let keyword = lookahead()
        let start = token
        if keyword.kind == .name {
            if isKeyword(keyword, "schema") {
                advance(2)
                let directives = try parseDirectives(isConst: true)
                var operationTypes: [OperationTypeDefinition] = []
                if expectOptionalToken(.braceLeft) {
                    repeat {
                        operationTypes.append(try parseOperationTypeDefinition())
                    } while !expectOptionalToken(.braceRight)
                }
                if directives.isEmpty, operationTypes.isEmpty { throw unexpected(token) }
                return .schemaExtension(
                    SchemaExtension(directives: directives, operationTypes: operationTypes, range: range(from: start)))
            }
            if isKeyword(keyword, "scalar") {
                advance(2)
                let name = try parseName()
                let directives = try parseDirectives(isConst: true)
                if directives.isEmpty { throw unexpected(token) }
                return .scalarExtension(ScalarTypeExtension(name: name, directives: directives, range: range(from: start)))
            }
            if isKeyword(keyword, "type") || isKeyword(keyword, "interface") {
                let isObject = isKeyword(keyword, "type")
                advance(2)
                let name = try parseName()
                let interfaces = try parseImplementsInterfaces()
                let directives = try parseDirectives(isConst: true)
                let fields = try parseFieldsDefinition()
                if interfaces.isEmpty, directives.isEmpty, fields.isEmpty { throw unexpected(token) }
                let node = ObjectTypeExtension(
                    name: name, interfaces: interfaces, directives: directives, fields: fields, range: range(from: start))
                return isObject ? .objectExtension(node) : .interfaceExtension(node)
            }
            if isKeyword(keyword, "union") {
                advance(2)
                let name = try parseName()
                let directives = try parseDirectives(isConst: true)
                let types = try parseUnionMemberTypes()
                if directives.isEmpty, types.isEmpty { throw unexpected(token) }
                return .unionExtension(
                    UnionTypeExtension(name: name, directives: directives, types: types, range: range(from: start)))
            }
            if isKeyword(keyword, "enum") {
                advance(2)
                let name = try parseName()
                let directives = try parseDirectives(isConst: true)
                let values = try parseEnumValuesDefinition()
                if directives.isEmpty, values.isEmpty { throw unexpected(token) }
                return .enumExtension(
                    EnumTypeExtension(name: name, directives: directives, values: values, range: range(from: start)))
            }
            if isKeyword(keyword, "input") {
                advance(2)
                let name = try parseName()
                let directives = try parseDirectives(isConst: true)
                let fields = try parseInputValueDefinitions(open: .braceLeft, close: .braceRight)
                if directives.isEmpty, fields.isEmpty { throw unexpected(token) }
                return .inputObjectExtension(
                    InputObjectTypeExtension(name: name, directives: directives, fields: fields, range: range(from: start)))
            }
        }
        throw unexpected(keyword)
    }

    /// Consumes `count` tokens (here: `extend` and the kind keyword, already checked).
    mutating func advance(_ count: Int) {
        for _ in 0..<count { advance() }
    }
}
