// Type-system definitions and extensions (SDL). Node slots: see the views in AST/TypeSystem.
extension Parser {
    func peekDescription() -> Bool { peek(.string) || peek(.blockString) }

    /// A StringValue node, or `noNode`.
    mutating func parseDescription() -> UInt32 {
        peekDescription() ? parseStringLiteral() : noNode
    }

    /// The definition introduced by `keyword` (the current token or the one after a
    /// description), or nil when `keyword` does not start a type-system definition.
    mutating func parseTypeSystemDefinition(keyword: Token) throws(SyntaxError) -> UInt32? {
        if isKeyword(keyword, "schema") { return try parseSchemaDefinition() }
        if isKeyword(keyword, "scalar") { return try parseScalarTypeDefinition() }
        if isKeyword(keyword, "type") { return try parseObjectTypeDefinition("type", .objectTypeDefinition) }
        if isKeyword(keyword, "interface") {
            return try parseObjectTypeDefinition("interface", .interfaceTypeDefinition)
        }
        if isKeyword(keyword, "union") { return try parseUnionTypeDefinition() }
        if isKeyword(keyword, "enum") { return try parseEnumTypeDefinition() }
        if isKeyword(keyword, "input") { return try parseInputObjectTypeDefinition() }
        if isKeyword(keyword, "directive") { return try parseDirectiveDefinition() }
        return nil
    }

    mutating func parseSchemaDefinition() throws(SyntaxError) -> UInt32 {
        let start = token
        let description = parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        try expectToken(.braceLeft)
        let operationTypes = try parseOperationTypeDefinitions()
        return node(.schemaDefinition, from: start, a: description, b: directives, c: operationTypes)
    }

    /// OperationTypeDefinition+ `}` (the `{` is consumed).
    mutating func parseOperationTypeDefinitions() throws(SyntaxError) -> UInt32 {
        let mark = builder.listMark
        repeat {
            let start = token
            let operation = try parseOperationType()
            try expectToken(.colon)
            let type = try parseNamedType()
            builder.push(node(.operationTypeDefinition, from: start, flag: operation.flag, a: type))
        } while !expectOptionalToken(.braceRight)
        return builder.finishList(from: mark)
    }

    mutating func parseScalarTypeDefinition() throws(SyntaxError) -> UInt32 {
        let start = token
        let description = parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return node(.scalarTypeDefinition, from: start, a: description, b: name, c: directives)
    }

    /// `type` and `interface` definitions share one grammar.
    mutating func parseObjectTypeDefinition(_ keyword: StaticString, _ kind: NodeKind) throws(SyntaxError) -> UInt32 {
        let start = token
        let description = parseDescription()
        try expectKeyword(keyword)
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        return node(kind, from: start, a: description, b: name, c: interfaces, d: directives, e: fields)
    }

    /// ImplementsInterfaces: `implements` `&`? NamedType (`&` NamedType)*
    mutating func parseImplementsInterfaces() throws(SyntaxError) -> UInt32 {
        guard expectOptionalKeyword("implements") else { return 0 }
        return try parseDelimitedNamedTypes(.ampersand)
    }

    /// A list of named types separated by `delimiter`, which may also lead.
    mutating func parseDelimitedNamedTypes(_ delimiter: TokenKind) throws(SyntaxError) -> UInt32 {
        _ = expectOptionalToken(delimiter)
        let mark = builder.listMark
        repeat {
            let type = try parseNamedType()
            builder.push(type)
        } while expectOptionalToken(delimiter)
        return builder.finishList(from: mark)
    }

    mutating func parseFieldsDefinition() throws(SyntaxError) -> UInt32 {
        guard expectOptionalToken(.braceLeft) else { return 0 }
        let mark = builder.listMark
        repeat {
            let start = token
            let description = parseDescription()
            let name = try parseName()
            let arguments = try parseInputValueDefinitions(open: .parenLeft, close: .parenRight)
            try expectToken(.colon)
            let type = try parseTypeReference()
            let directives = try parseDirectives(isConst: true)
            builder.push(
                node(.fieldDefinition, from: start, a: description, b: name, c: arguments, d: type, e: directives))
        } while !expectOptionalToken(.braceRight)
        return builder.finishList(from: mark)
    }

    /// `open` InputValueDefinition+ `close`, or the empty list when `open` is absent.
    mutating func parseInputValueDefinitions(open: TokenKind, close: TokenKind) throws(SyntaxError) -> UInt32 {
        guard expectOptionalToken(open) else { return 0 }
        let mark = builder.listMark
        repeat {
            let start = token
            let description = parseDescription()
            let name = try parseName()
            try expectToken(.colon)
            let type = try parseTypeReference()
            let defaultValue = expectOptionalToken(.equals) ? try parseValue(isConst: true) : noNode
            let directives = try parseDirectives(isConst: true)
            builder.push(
                node(
                    .inputValueDefinition, from: start, a: description, b: name, c: type, d: defaultValue,
                    e: directives))
        } while !expectOptionalToken(close)
        return builder.finishList(from: mark)
    }

    mutating func parseUnionTypeDefinition() throws(SyntaxError) -> UInt32 {
        let start = token
        let description = parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let types = try parseUnionMemberTypes()
        return node(.unionTypeDefinition, from: start, a: description, b: name, c: directives, d: types)
    }

    mutating func parseUnionMemberTypes() throws(SyntaxError) -> UInt32 {
        expectOptionalToken(.equals) ? try parseDelimitedNamedTypes(.pipe) : 0
    }

    mutating func parseEnumTypeDefinition() throws(SyntaxError) -> UInt32 {
        let start = token
        let description = parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let values = try parseEnumValuesDefinition()
        return node(.enumTypeDefinition, from: start, a: description, b: name, c: directives, d: values)
    }

    mutating func parseEnumValuesDefinition() throws(SyntaxError) -> UInt32 {
        guard expectOptionalToken(.braceLeft) else { return 0 }
        let mark = builder.listMark
        repeat {
            let start = token
            let description = parseDescription()
            if isKeyword(token, "true") || isKeyword(token, "false") || isKeyword(token, "null") {
                throw error("\(describe(token)) is reserved and cannot be used for an enum value.", at: token)
            }
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            builder.push(node(.enumValueDefinition, from: start, a: description, b: name, c: directives))
        } while !expectOptionalToken(.braceRight)
        return builder.finishList(from: mark)
    }

    mutating func parseInputObjectTypeDefinition() throws(SyntaxError) -> UInt32 {
        let start = token
        let description = parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseInputValueDefinitions(open: .braceLeft, close: .braceRight)
        return node(.inputObjectTypeDefinition, from: start, a: description, b: name, c: directives, d: fields)
    }

    mutating func parseDirectiveDefinition() throws(SyntaxError) -> UInt32 {
        let start = token
        let description = parseDescription()
        try expectKeyword("directive")
        try expectToken(.at)
        let name = try parseName()
        let arguments = try parseInputValueDefinitions(open: .parenLeft, close: .parenRight)
        let isRepeatable = expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        _ = expectOptionalToken(.pipe)
        let mark = builder.listMark
        repeat {
            let location = token
            guard location.kind == .name, DirectiveLocation(rawValue: text(of: location)) != nil else {
                throw location.kind == .name
                    ? unexpected(location)
                    : error(
                        "Expected Name, found \(describe(location)).", at: location)
            }
            advance()
            builder.push(makeName(location))
        } while expectOptionalToken(.pipe)
        let locations = builder.finishList(from: mark)
        return node(
            .directiveDefinition, from: start, flag: isRepeatable ? 1 : 0, a: description, b: name, c: arguments,
            d: locations)
    }

    // MARK: Extensions

    mutating func parseTypeSystemExtension() throws(SyntaxError) -> UInt32 {
        let keyword = lookahead()
        let start = token
        guard keyword.kind == .name else { throw unexpected(keyword) }
        if isKeyword(keyword, "schema") {
            advance(2)
            let directives = try parseDirectives(isConst: true)
            let operationTypes = expectOptionalToken(.braceLeft) ? try parseOperationTypeDefinitions() : 0
            if directives == 0, operationTypes == 0 { throw unexpected(token) }
            return node(.schemaExtension, from: start, b: directives, c: operationTypes)
        }
        if isKeyword(keyword, "scalar") {
            advance(2)
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            if directives == 0 { throw unexpected(token) }
            return node(.scalarTypeExtension, from: start, b: name, c: directives)
        }
        if isKeyword(keyword, "type") || isKeyword(keyword, "interface") {
            let kind: NodeKind = isKeyword(keyword, "type") ? .objectTypeExtension : .interfaceTypeExtension
            advance(2)
            let name = try parseName()
            let interfaces = try parseImplementsInterfaces()
            let directives = try parseDirectives(isConst: true)
            let fields = try parseFieldsDefinition()
            if interfaces == 0, directives == 0, fields == 0 { throw unexpected(token) }
            return node(kind, from: start, b: name, c: interfaces, d: directives, e: fields)
        }
        if isKeyword(keyword, "union") {
            advance(2)
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            let types = try parseUnionMemberTypes()
            if directives == 0, types == 0 { throw unexpected(token) }
            return node(.unionTypeExtension, from: start, b: name, c: directives, d: types)
        }
        if isKeyword(keyword, "enum") {
            advance(2)
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            let values = try parseEnumValuesDefinition()
            if directives == 0, values == 0 { throw unexpected(token) }
            return node(.enumTypeExtension, from: start, b: name, c: directives, d: values)
        }
        if isKeyword(keyword, "input") {
            advance(2)
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            let fields = try parseInputValueDefinitions(open: .braceLeft, close: .braceRight)
            if directives == 0, fields == 0 { throw unexpected(token) }
            return node(.inputObjectTypeExtension, from: start, b: name, c: directives, d: fields)
        }
        throw unexpected(keyword)
    }

    /// Consumes `count` tokens (here: `extend` and the kind keyword, already checked).
    mutating func advance(_ count: Int) {
        for _ in 0..<count { advance() }
    }
}
