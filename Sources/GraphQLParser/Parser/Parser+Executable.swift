// Documents and executable definitions: operations, selections and fragments. Each function
// returns the index of the node it adds.
extension Parser {
    /// Document: Definition+
    mutating func parseDocument() -> UInt32 {
        let start = token
        let mark = builder.listMark
        if peek(.endOfFile) {
            record(unexpected(token))
        }
        while !peek(.endOfFile) {
            let before = token.start
            let definitionMark = builder.listMark
            do {
                let definition = try parseDefinition()
                builder.push(definition)
            } catch {
                builder.resetList(to: definitionMark)
                record(error)
                if error.isFatal { break }
                synchronizeToDefinition(from: before)
            }
        }
        let definitions = builder.finishList(from: mark)
        return builder.add(.document, SourceRange(start: start.start, end: token.end), a: definitions)
    }

    mutating func parseDefinition() throws(SyntaxError) -> UInt32 {
        if peek(.braceLeft) {
            return try parseOperationDefinition()
        }
        let hasDescription = peekDescription()
        let keyword = hasDescription ? lookahead() : token
        if keyword.kind == .name {
            if let definition = try parseTypeSystemDefinition(keyword: keyword) {
                return definition
            }
            if hasDescription {
                throw error(
                    "Unexpected description, descriptions are supported only on type definitions.", at: token)
            }
            if isKeyword(keyword, "query") || isKeyword(keyword, "mutation") || isKeyword(keyword, "subscription") {
                return try parseOperationDefinition()
            }
            if isKeyword(keyword, "fragment") {
                return try parseFragmentDefinition()
            }
            if isKeyword(keyword, "extend") {
                return try parseTypeSystemExtension()
            }
        }
        throw unexpected(keyword)
    }

    mutating func parseOperationDefinition() throws(SyntaxError) -> UInt32 {
        let start = token
        if peek(.braceLeft) {
            let selectionSet = try parseSelectionSet()
            return node(.operationDefinition, from: start, b: 0, c: 0, d: selectionSet)
        }
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : noNode
        let variableDefinitions = try parseVariableDefinitions()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return node(
            .operationDefinition, from: start, flag: operation.flag, a: name, b: variableDefinitions, c: directives,
            d: selectionSet)
    }

    mutating func parseOperationType() throws(SyntaxError) -> OperationType {
        let current = try expectToken(.name)
        if isKeyword(current, "query") { return .query }
        if isKeyword(current, "mutation") { return .mutation }
        if isKeyword(current, "subscription") { return .subscription }
        throw unexpected(current)
    }

    /// `(` VariableDefinition+ `)`, or the empty list.
    mutating func parseVariableDefinitions() throws(SyntaxError) -> UInt32 {
        guard expectOptionalToken(.parenLeft) else { return 0 }
        let mark = builder.listMark
        repeat {
            let start = token
            let variable = try parseVariable()
            try expectToken(.colon)
            let type = try parseTypeReference()
            let defaultValue = expectOptionalToken(.equals) ? try parseValue(isConst: true) : noNode
            let directives = try parseDirectives(isConst: true)
            builder.push(node(.variableDefinition, from: start, a: variable, b: type, c: defaultValue, d: directives))
        } while !expectOptionalToken(.parenRight)
        return builder.finishList(from: mark)
    }

    mutating func parseVariable() throws(SyntaxError) -> UInt32 {
        let start = try expectToken(.dollar)
        let name = try parseName()
        return node(.variable, from: start, a: name)
    }

    /// SelectionSet: `{` Selection+ `}`. An error in one selection is recorded and parsing
    /// resumes at the next selection, so the rest of the set still parses.
    mutating func parseSelectionSet() throws(SyntaxError) -> UInt32 {
        let start = try expectToken(.braceLeft)
        try enterNesting()
        defer { depth -= 1 }
        let mark = builder.listMark
        repeat {
            let selectionMark = builder.listMark
            do {
                try countSelection()
                let selection = try parseSelection()
                builder.push(selection)
            } catch {
                if error.isFatal { throw error }
                builder.resetList(to: selectionMark)
                record(error)
                synchronizeToSelection()
                if peek(.endOfFile) { break }
            }
        } while !expectOptionalToken(.braceRight)
        let selections = builder.finishList(from: mark)
        return node(.selectionSet, from: start, a: selections)
    }

    mutating func parseSelection() throws(SyntaxError) -> UInt32 {
        peek(.spread) ? try parseFragment() : try parseField()
    }

    mutating func parseField() throws(SyntaxError) -> UInt32 {
        let start = token
        var name = try parseName()
        var alias = noNode
        if expectOptionalToken(.colon) {
            alias = name
            name = try parseName()
        }
        let arguments = try parseArguments(isConst: false)
        let directives = try parseDirectives(isConst: false)
        let selectionSet = peek(.braceLeft) ? try parseSelectionSet() : noNode
        return node(.field, from: start, a: alias, b: name, c: arguments, d: directives, e: selectionSet)
    }

    /// `(` Argument+ `)`, or the empty list.
    mutating func parseArguments(isConst: Bool) throws(SyntaxError) -> UInt32 {
        guard expectOptionalToken(.parenLeft) else { return 0 }
        let mark = builder.listMark
        repeat {
            let start = token
            let name = try parseName()
            try expectToken(.colon)
            let value = try parseValue(isConst: isConst)
            builder.push(node(.argument, from: start, a: name, b: value))
        } while !expectOptionalToken(.parenRight)
        return builder.finishList(from: mark)
    }

    /// `...Name` or `... on Type { }` or `... { }`.
    mutating func parseFragment() throws(SyntaxError) -> UInt32 {
        let start = try expectToken(.spread)
        let hasTypeCondition = expectOptionalKeyword("on")
        if !hasTypeCondition, peek(.name) {
            let name = try parseFragmentName()
            let arguments = allowsFragmentVariables ? try parseArguments(isConst: false) : 0
            let directives = try parseDirectives(isConst: false)
            return node(.fragmentSpread, from: start, a: name, b: directives, c: arguments)
        }
        let typeCondition = hasTypeCondition ? try parseNamedType() : noNode
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return node(.inlineFragment, from: start, a: typeCondition, b: directives, c: selectionSet)
    }

    mutating func parseFragmentDefinition() throws(SyntaxError) -> UInt32 {
        let start = token
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        let variableDefinitions = allowsFragmentVariables ? try parseVariableDefinitions() : 0
        try expectKeyword("on")
        let typeCondition = try parseNamedType()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return node(
            .fragmentDefinition, from: start, a: name, b: typeCondition, c: directives, d: selectionSet,
            e: variableDefinitions)
    }

    /// A fragment name: any name but `on`.
    mutating func parseFragmentName() throws(SyntaxError) -> UInt32 {
        if isKeyword(token, "on") { throw unexpected(token) }
        return try parseName()
    }

    /// Directive*, as a list.
    mutating func parseDirectives(isConst: Bool) throws(SyntaxError) -> UInt32 {
        guard peek(.at) else { return 0 }
        let mark = builder.listMark
        repeat {
            let start = try expectToken(.at)
            let name = try parseName()
            let arguments = try parseArguments(isConst: isConst)
            builder.push(node(.directive, from: start, a: name, b: arguments))
        } while peek(.at)
        return builder.finishList(from: mark)
    }

    mutating func parseNamedType() throws(SyntaxError) -> UInt32 {
        let start = token
        let name = try parseName()
        return node(.namedType, from: start, a: name)
    }

    /// Type: NamedType | `[` Type `]` | Type `!`
    mutating func parseTypeReference() throws(SyntaxError) -> UInt32 {
        let start = token
        var type: UInt32
        if expectOptionalToken(.bracketLeft) {
            try enterNesting()
            defer { depth -= 1 }
            let inner = try parseTypeReference()
            try expectToken(.bracketRight)
            type = node(.listType, from: start, a: inner)
        } else {
            type = try parseNamedType()
        }
        if expectOptionalToken(.bang) {
            type = node(.nonNullType, from: start, a: type)
        }
        return type
    }
}
