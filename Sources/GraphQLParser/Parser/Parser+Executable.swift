// Documents and executable definitions: operations, selections and fragments.
extension Parser {
    /// Document: Definition+
    mutating func parseDocument() -> Document {
        let start = token
        var definitions: [Definition] = []
        if peek(.endOfFile) {
            record(unexpected(token))
        }
        while !peek(.endOfFile) {
            let before = token.start
            do {
                definitions.append(try parseDefinition())
            } catch {
                record(error)
                if error.isFatal { break }
                synchronizeToDefinition(from: before)
            }
        }
        return Document(definitions: definitions, range: SourceRange(start: start.start, end: token.end))
    }

    mutating func parseDefinition() throws(SyntaxError) -> Definition {
        if peek(.braceLeft) {
            return .operation(try parseOperationDefinition())
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
                return .operation(try parseOperationDefinition())
            }
            if isKeyword(keyword, "fragment") {
                return .fragment(try parseFragmentDefinition())
            }
            if isKeyword(keyword, "extend") {
                return try parseTypeSystemExtension()
            }
        }
        throw unexpected(keyword)
    }

    mutating func parseOperationDefinition() throws(SyntaxError) -> OperationDefinition {
        let start = token
        if peek(.braceLeft) {
            let selectionSet = try parseSelectionSet()
            return OperationDefinition(
                operation: .query, name: nil, variableDefinitions: [], directives: [], selectionSet: selectionSet,
                range: range(from: start))
        }
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        let variableDefinitions = try parseVariableDefinitions()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(
            operation: operation, name: name, variableDefinitions: variableDefinitions, directives: directives,
            selectionSet: selectionSet, range: range(from: start))
    }

    mutating func parseOperationType() throws(SyntaxError) -> OperationType {
        let current = try expectToken(.name)
        if isKeyword(current, "query") { return .query }
        if isKeyword(current, "mutation") { return .mutation }
        if isKeyword(current, "subscription") { return .subscription }
        throw unexpected(current)
    }

    mutating func parseVariableDefinitions() throws(SyntaxError) -> [VariableDefinition] {
        guard expectOptionalToken(.parenLeft) else { return [] }
        var definitions: [VariableDefinition] = []
        repeat {
            definitions.append(try parseVariableDefinition())
        } while !expectOptionalToken(.parenRight)
        return definitions
    }

    mutating func parseVariableDefinition() throws(SyntaxError) -> VariableDefinition {
        let start = token
        let variable = try parseVariable()
        try expectToken(.colon)
        let type = try parseTypeReference()
        let defaultValue = expectOptionalToken(.equals) ? try parseValue(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return VariableDefinition(
            variable: variable, type: type, defaultValue: defaultValue, directives: directives,
            range: range(from: start))
    }

    mutating func parseVariable() throws(SyntaxError) -> Variable {
        let start = try expectToken(.dollar)
        let name = try parseName()
        return Variable(name: name, range: range(from: start))
    }

    /// SelectionSet: `{` Selection+ `}`. An error in one selection is recorded and parsing
    /// resumes at the next selection, so the rest of the set still parses.
    mutating func parseSelectionSet() throws(SyntaxError) -> SelectionSet {
        let start = try expectToken(.braceLeft)
        try enterNesting()
        defer { depth -= 1 }
        var selections: [Selection] = []
        repeat {
            do {
                selections.append(try parseSelection())
            } catch {
                if error.isFatal { throw error }
                record(error)
                synchronizeToSelection()
                if peek(.endOfFile) { break }
            }
        } while !expectOptionalToken(.braceRight)
        return SelectionSet(selections: selections, range: range(from: start))
    }

    mutating func parseSelection() throws(SyntaxError) -> Selection {
        peek(.spread) ? try parseFragment() : .field(try parseField())
    }

    mutating func parseField() throws(SyntaxError) -> Field {
        let start = token
        let nameOrAlias = try parseName()
        let alias: Name?
        let name: Name
        if expectOptionalToken(.colon) {
            alias = nameOrAlias
            name = try parseName()
        } else {
            alias = nil
            name = nameOrAlias
        }
        let arguments = try parseArguments(isConst: false)
        let directives = try parseDirectives(isConst: false)
        let selectionSet = peek(.braceLeft) ? try parseSelectionSet() : nil
        return Field(
            alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet,
            range: range(from: start))
    }

    mutating func parseArguments(isConst: Bool) throws(SyntaxError) -> [Argument] {
        guard expectOptionalToken(.parenLeft) else { return [] }
        var arguments: [Argument] = []
        repeat {
            let start = token
            let name = try parseName()
            try expectToken(.colon)
            let value = try parseValue(isConst: isConst)
            arguments.append(Argument(name: name, value: value, range: range(from: start)))
        } while !expectOptionalToken(.parenRight)
        return arguments
    }

    /// `...Name` or `... on Type { }` or `... { }`.
    mutating func parseFragment() throws(SyntaxError) -> Selection {
        let start = try expectToken(.spread)
        let hasTypeCondition = expectOptionalKeyword("on")
        if !hasTypeCondition, peek(.name) {
            let name = try parseFragmentName()
            let directives = try parseDirectives(isConst: false)
            return .fragmentSpread(FragmentSpread(name: name, directives: directives, range: range(from: start)))
        }
        let typeCondition = hasTypeCondition ? try parseNamedType() : nil
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(
            InlineFragment(
                typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
                range: range(from: start)))
    }

    mutating func parseFragmentDefinition() throws(SyntaxError) -> FragmentDefinition {
        let start = token
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        let typeCondition = try parseNamedType()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(
            name: name, typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
            range: range(from: start))
    }

    /// A fragment name: any name but `on`.
    mutating func parseFragmentName() throws(SyntaxError) -> Name {
        if isKeyword(token, "on") { throw unexpected(token) }
        return try parseName()
    }

    mutating func parseDirectives(isConst: Bool) throws(SyntaxError) -> [Directive] {
        guard peek(.at) else { return [] }
        var directives: [Directive] = []
        repeat {
            let start = try expectToken(.at)
            let name = try parseName()
            let arguments = try parseArguments(isConst: isConst)
            directives.append(Directive(name: name, arguments: arguments, range: range(from: start)))
        } while peek(.at)
        return directives
    }

    mutating func parseNamedType() throws(SyntaxError) -> NamedType {
        NamedType(name: try parseName())
    }

    /// Type: NamedType | `[` Type `]` | Type `!`
    mutating func parseTypeReference() throws(SyntaxError) -> TypeReference {
        let start = token
        var type: TypeReference
        if expectOptionalToken(.bracketLeft) {
            try enterNesting()
            defer { depth -= 1 }
            let inner = try parseTypeReference()
            try expectToken(.bracketRight)
            type = .list(inner, range(from: start))
        } else {
            type = .named(try parseNamedType())
        }
        if expectOptionalToken(.bang) {
            type = .nonNull(type, range(from: start))
        }
        return type
    }
}
