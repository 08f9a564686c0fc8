import GraphQLParser

/// What the GraphQL around an editor's cursor is: what may be written at the cursor (for
/// completion) and what the name under it stands for (for hover and go to definition). It reads
/// tokens, not a syntax tree, so it also understands text that does not parse yet — the usual
/// state of a document being typed.
public struct CursorContext {
    /// What may be written at the cursor.
    public enum Expectation {
        /// A field of the type (nil when it is not known).
        case field(SchemaType?)
        /// After `...`: a fragment that may be spread on the type, or `on`.
        case fragmentSpread(SchemaType?)
        /// After `on`: a type condition within the type (nil: any composite type).
        case typeCondition(SchemaType?)
        /// After `@`: a directive allowed at one of these locations.
        case directive([DirectiveLocation])
        /// An argument (or input field) name not given yet.
        case argument([SchemaInputValue], given: Set<String>)
        /// A value of the type (nil when not known).
        case value(TypeRef?)
        /// After `$` in a value.
        case variable
        /// The type of a variable definition.
        case inputType
        case nothing
    }

    /// A name in the document and the schema element or definition it stands for.
    public enum Symbol {
        case field(SchemaField, parent: SchemaType)
        case argument(SchemaInputValue)
        case directive(SchemaDirective)
        case type(SchemaType)
        case fragment(String)
        case variable(String)
        case enumValue(SchemaEnumValue, type: SchemaType)
    }

    public var expectation: Expectation = .nothing
    /// The part of the name at the cursor that is before the cursor ("" between names).
    public var prefix = ""
    /// The name the cursor is in or just after: what a completion replaces.
    public var nameRange: SourceRange?
    /// What the name at the cursor stands for.
    public var symbol: Symbol?
    /// The variables of the definition the cursor is in, with where each is defined (a
    /// variable definition, or an `@argumentDefinitions` argument).
    public var variables: [(name: String, type: TypeRef?, range: SourceRange)] = []

    /// The context at byte `offset` of `source`'s text.
    public init(source: Source, offset: Int, schema: Schema) {
        let tokens = Tokenizer.tokenize(source).tokens
        // The token the cursor is in or right after, if it is a name.
        let current = tokens.firstIndex { token in
            token.kind == .name && Int(token.range.start) <= offset && offset <= Int(token.range.end)
        }
        var walk = TokenWalk(tokens: tokens, schema: schema, target: current)
        let stop = current ?? tokens.firstIndex { Int($0.range.start) >= offset } ?? tokens.count
        for index in 0..<stop { walk.step(index) }
        expectation = walk.expectation()
        if let current {
            let token = tokens[current]
            nameRange = token.range
            let name = token.value ?? ""
            prefix = String(decoding: name.utf8.prefix(offset - Int(token.range.start)), as: UTF8.self)
            // The name's own role needs the tokens after it (`alias: field`).
            walk.step(current)
            symbol = walk.targetSymbol
            // What follows does not change the definition's variables: read them to its end.
            var index = current + 1
            while index < tokens.count, !walk.endedDefinition {
                walk.step(index)
                index += 1
            }
        } else {
            var index = stop
            while index < tokens.count, !walk.endedDefinition {
                walk.step(index)
                index += 1
            }
        }
        variables = walk.variables
    }
}

/// A pass over a document's tokens that keeps track of where it is: the selection sets,
/// argument lists and values it is in and their types.
private struct TokenWalk {
    enum Frame {
        case selections(SchemaType?)
        /// Arguments of a field or directive; `definesVariables` for `@argumentDefinitions`.
        case arguments([SchemaInputValue], definesVariables: Bool)
        case variableDefinitions
        /// An input object value's fields.
        case object([SchemaInputValue])
        /// A list value of the element type.
        case list(TypeRef?)
    }

    let tokens: [LexedToken]
    let schema: Schema
    let target: Int?
    var targetSymbol: CursorContext.Symbol?
    var frames: [Frame] = []
    /// Set by the last name and consumed by `{` and `(`.
    var pendingSelectionType: SchemaType?
    var pendingArguments: [SchemaInputValue] = []
    var pendingDefinesVariables = false
    /// The argument, input field or variable whose value comes next.
    var valueType: TypeRef?
    /// In an argument list or object: true when a name comes next, false when a value does.
    var expectsName = true
    /// The arguments and input fields given so far, one set per open frame.
    var given: [Set<String>] = []
    var variables: [(name: String, type: TypeRef?, range: SourceRange)] = []
    /// The `@argumentDefinitions` argument whose `type` is being read.
    var definingVariable: Int?
    var endedDefinition = false

    init(tokens: [LexedToken], schema: Schema, target: Int?) {
        self.tokens = tokens
        self.schema = schema
        self.target = target
    }

    private func kind(_ index: Int) -> TokenKind? { index >= 0 && index < tokens.count ? tokens[index].kind : nil }
    private func name(_ index: Int) -> String? {
        index >= 0 && index < tokens.count && tokens[index].kind == .name ? tokens[index].value : nil
    }

    private mutating func note(_ index: Int, _ symbol: CursorContext.Symbol?) {
        if index == target { targetSymbol = symbol }
    }

    mutating func step(_ index: Int) {
        steppedCount = index + 1
        let token = tokens[index]
        let inVariableDefinitions: Bool
        if case .variableDefinitions = frames.last {
            inVariableDefinitions = true
        } else {
            inVariableDefinitions = false
        }
        switch token.kind {
        case .braceLeft:
            switch frames.last {
            case nil, .selections:
                let type = pendingSelectionType ?? (frames.isEmpty ? schema.rootType(for: .query) : nil)
                push(.selections(type))
                pendingSelectionType = nil
            case .list(let element):
                // Each object of a list is of its element type, whatever the last one held.
                push(.object(element.flatMap { schema[$0.namedType] }?.inputFields ?? []))
            default:
                push(.object(valueType.flatMap { schema[$0.namedType] }?.inputFields ?? []))
            }
        case .bracketLeft:
            if inVariableDefinitions, inVariableType { return }  // a list type
            let element: TypeRef? =
                switch valueType {
                case .list(let item): item
                case .nonNull(.list(let item)): item
                default: valueType
                }
            push(.list(element))
        case .braceRight, .parenRight, .bracketRight:
            if inVariableDefinitions, token.kind == .bracketRight { return }  // a list type
            guard !frames.isEmpty else { return }
            frames.removeLast()
            given.removeLast()
            expectsName = true
            if case .list = frames.last { expectsName = false }
            if frames.isEmpty, token.kind == .braceRight { endedDefinition = true }
        case .parenLeft:
            // A definition's variables, unless these are its directive's arguments.
            if frames.isEmpty, kind(index - 2) != .at {
                push(.variableDefinitions)
            } else {
                push(.arguments(pendingArguments, definesVariables: pendingDefinesVariables))
            }
            pendingDefinesVariables = false
        case .colon:
            if inVariableDefinitions {
                inVariableType = true
            } else {
                expectsName = false
            }
        case .equals:
            inVariableType = false
            valueType = variables.last?.type
            expectsName = false
        case .name:
            stepName(index, token.value ?? "")
        case .string, .blockString, .int, .float:
            if let definingVariable, definingVariable < variables.count, token.kind == .string,
                name(index - 2) == "type"
            {
                variables[definingVariable].type = token.value.flatMap(TypeRef.init(parsing:))
            }
            endValue()
        default:
            break
        }
    }

    private mutating func push(_ frame: Frame) {
        frames.append(frame)
        given.append([])
        expectsName = true
    }

    private var inVariableType = false

    /// A scalar value ended: in a list more values come, elsewhere a name.
    private mutating func endValue() {
        if case .list = frames.last { return }
        expectsName = true
    }

    private mutating func stepName(_ index: Int, _ value: String) {
        let previous = kind(index - 1)
        if previous == .at {
            let directive = schema.directives[value]
            note(index, directive.map { .directive($0) })
            pendingArguments = directive?.arguments ?? []
            pendingDefinesVariables = value == "argumentDefinitions"
            return
        }
        if previous == .dollar {
            if case .variableDefinitions = frames.last {
                variables.append((value, nil, tokens[index].range))
                inVariableType = false
            }
            note(index, .variable(value))
            endValue()
            return
        }
        switch frames.last {
        case nil:
            stepDefinitionName(index, value)
        case .selections(let parent):
            stepSelectionName(index, value, parent: parent)
        case .variableDefinitions:
            if inVariableType, let type = schema[value] {
                note(index, .type(type))
                if let last = variables.indices.last, variables[last].type == nil {
                    variables[last].type = typeReference(endingAt: index)
                }
            }
        case .arguments(let arguments, let definesVariables):
            guard expectsName else { return stepValueName(index, value) }
            given[given.count - 1].insert(value)
            definingVariable = nil
            let argument = arguments.first { $0.name == value }
            note(index, argument.map { .argument($0) })
            valueType = argument?.type
            if definesVariables {
                variables.append((value, nil, tokens[index].range))
                definingVariable = variables.count - 1
            }
        case .object(let fields):
            guard expectsName else { return stepValueName(index, value) }
            given[given.count - 1].insert(value)
            let field = fields.first { $0.name == value }
            note(index, field.map { .argument($0) })
            valueType = field?.type
        case .list:
            stepValueName(index, value)
        }
    }

    /// The type written in a variable definition up to this name (`[ID!]` reads `ID`'s wrappers
    /// from the tokens after it).
    private func typeReference(endingAt index: Int) -> TypeRef? {
        var start = index
        while start > 0, kind(start - 1) == .bracketLeft { start -= 1 }
        var end = index + 1
        while let next = kind(end), next == .bang || next == .bracketRight { end += 1 }
        let text = tokens[start..<end].map { $0.value ?? $0.kind.description }.joined()
        return TypeRef(parsing: text)
    }

    private mutating func stepValueName(_ index: Int, _ value: String) {
        if let named = valueType?.namedType, let type = schema[named], type.kind == .enumType,
            let enumValue = type.enumValue(value)
        {
            note(index, .enumValue(enumValue, type: type))
        }
        endValue()
    }

    private mutating func stepDefinitionName(_ index: Int, _ value: String) {
        // A definition starts the document or follows the previous one's `}`.
        let startsDefinition = index == 0 || kind(index - 1) == .braceRight
        if startsDefinition, let operation = OperationType(rawValue: value) {
            startDefinition()
            pendingSelectionType = schema.rootType(for: operation)
        } else if startsDefinition, value == "fragment" {
            startDefinition()
        } else if name(index - 1) == "on" {
            let type = schema[value]
            note(index, type.map { .type($0) })
            pendingSelectionType = type
        } else if name(index - 1) == "fragment" {
            note(index, .fragment(value))
        }
    }

    private mutating func startDefinition() {
        variables = []
        definingVariable = nil
        endedDefinition = false
    }

    private mutating func stepSelectionName(_ index: Int, _ value: String, parent: SchemaType?) {
        if kind(index - 1) == .spread {
            if value != "on" { note(index, .fragment(value)) }
            return
        }
        if name(index - 1) == "on", kind(index - 2) == .spread {
            let type = schema[value]
            note(index, type.map { .type($0) })
            pendingSelectionType = type
            return
        }
        if kind(index + 1) == .colon { return }  // an alias
        guard let parent, let field = schema.field(value, on: parent) else {
            pendingSelectionType = nil
            pendingArguments = []
            return
        }
        note(index, .field(field, parent: parent))
        pendingSelectionType = schema.namedType(of: field)
        pendingArguments = field.arguments
        pendingDefinesVariables = false
    }

    /// What may come after the tokens stepped so far.
    func expectation() -> CursorContext.Expectation {
        let last = lastStepped
        switch frames.last {
        case nil:
            if last.map({ tokens[$0].kind }) == .at {
                return .directive([.query, .mutation, .subscription, .fragmentDefinition])
            }
            if let last, name(last) == "on" { return .typeCondition(nil) }
            return .nothing
        case .selections(let parent):
            guard let last else { return .field(parent) }
            if tokens[last].kind == .spread { return .fragmentSpread(parent) }
            if name(last) == "on", kind(last - 1) == .spread { return .typeCondition(parent) }
            if tokens[last].kind == .at { return .directive([.field, .fragmentSpread, .inlineFragment]) }
            return .field(parent)
        case .variableDefinitions:
            if let last, tokens[last].kind == .at { return .directive([.variableDefinition]) }
            if let last, tokens[last].kind == .colon || tokens[last].kind == .bracketLeft { return .inputType }
            if let last, tokens[last].kind == .equals { return .value(variables.last?.type) }
            return .nothing
        case .arguments(let arguments, _):
            return valueExpectation(names: arguments)
        case .object(let fields):
            return valueExpectation(names: fields)
        case .list(let element):
            if let last, tokens[last].kind == .dollar { return .variable }
            return .value(element)
        }
    }

    private func valueExpectation(names: [SchemaInputValue]) -> CursorContext.Expectation {
        if let last = lastStepped, tokens[last].kind == .dollar { return .variable }
        return expectsName ? .argument(names, given: given.last ?? []) : .value(valueType)
    }

    /// The index of the last token stepped; set by `step`.
    var lastStepped: Int? { steppedCount > 0 ? steppedCount - 1 : nil }
    var steppedCount = 0
}
