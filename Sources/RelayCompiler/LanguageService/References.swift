import GraphQLParser

/// Find references (Relay's language server's "find references" and "find field usages"): every
/// place of the project's GraphQL that names what the cursor is on, and for an operation or a
/// fragment the Swift code naming its generated types.
extension LanguageWorkspace {
    /// What references are looked for.
    enum ReferenceTarget: Equatable {
        /// A fragment: its definition and every spread of it.
        case fragment(String)
        /// An operation: its definition.
        case operation(String)
        /// A variable of the definition at `definitionStart` (a byte of the cursor's document):
        /// its declaration and every use in that definition.
        case variable(String, definitionStart: UInt32)
        /// An argument a fragment declares with `@argumentDefinitions`: the declaration, its
        /// uses in the fragment, and the `@arguments` of every spread of the fragment.
        case fragmentArgument(String, fragment: String)
        /// A schema field: every selection of it, on its type, a type implementing it, or an
        /// interface it implements.
        case field(type: String, name: String)
        /// A schema type: type conditions and variable types naming it.
        case type(String)
    }

    /// Every place the name at the offset is used, across the project, in file order; with its
    /// definition when `includeDeclaration` (a schema field's or type's, when it is in a schema
    /// file). For an operation or a fragment, the Swift code naming its generated types too
    /// (`Name`, and a fragment's `Name_Key` and `fragment_Name`), never in comments or strings.
    /// Empty outside GraphQL, or on something without references.
    public func references(in file: String, atByte offset: Int, includeDeclaration: Bool = true) -> [SourceLocation] {
        guard let (found, target) = graphQLReferences(in: file, atByte: offset, includeDeclaration: includeDeclaration)
        else { return [] }
        switch target {
        case .fragment(let name): return (found + swiftUses(of: name, isFragment: true).map(\.location)).sorted()
        case .operation(let name): return (found + swiftUses(of: name, isFragment: false).map(\.location)).sorted()
        default: return found
        }
    }

    /// The GraphQL places of `references(in:atByte:includeDeclaration:)`, and what they name.
    func graphQLReferences(in file: String, atByte offset: Int, includeDeclaration: Bool) -> (
        locations: [SourceLocation], target: ReferenceTarget
    )? {
        guard let (source, inner) = graphQL(in: file, atByte: offset), let schema else { return nil }
        let document = Parser.parse(source, options: configuration.parseOptions).document
        guard let target = referenceTarget(in: document, source: source, at: inner, schema: schema) else { return nil }
        var found: [SourceLocation] = []
        switch target {
        case .variable(let name, let start):
            for case .operation(let operation) in document.definitions where operation.range.start == start {
                if includeDeclaration {
                    found += operation.variableDefinitions.filter { $0.variable.name.value == name }.map {
                        $0.variable.location
                    }
                }
                found += Self.variables(named: name, in: operation)
            }
            for case .fragment(let fragment) in document.definitions where fragment.range.start == start {
                if includeDeclaration {
                    found += fragment.variableDefinitions.filter { $0.variable.name.value == name }.map {
                        $0.variable.location
                    }
                }
                found += Self.variables(named: name, in: fragment)
            }
        case .fragment, .operation, .field, .type, .fragmentArgument:
            if includeDeclaration, let declaration = declaration(of: target, schema: schema) {
                found.append(declaration)
            }
            for (_, document) in documents() {
                var finder = ReferenceFinder(target: target, schema: schema)
                finder.visit(document)
                found += finder.found
            }
        }
        return (Array(Set(found)).sorted(), target)
    }

    /// What the name at `offset` of `document` is, for references.
    func referenceTarget(in document: Document, source: Source, at offset: Int, schema: Schema) -> ReferenceTarget? {
        func contains(_ range: SourceRange) -> Bool { Int(range.start) <= offset && offset <= Int(range.end) }
        for definition in document.definitions {
            switch definition {
            case .operation(let operation) where contains(operation.range):
                if let name = operation.name, contains(name.range) { return .operation(name.value) }
                if let (fragment, argument) = FragmentArguments.passedArgument(at: offset, in: operation.selectionSet) {
                    return .fragmentArgument(argument, fragment: fragment)
                }
                if case .variable(let name)? = CursorContext(source: source, offset: offset, schema: schema).symbol {
                    return .variable(name, definitionStart: operation.range.start)
                }
            case .fragment(let fragment) where contains(fragment.range):
                if contains(fragment.name.range) { return .fragment(fragment.name.value) }
                if let (spread, argument) = FragmentArguments.passedArgument(at: offset, in: fragment.selectionSet) {
                    return .fragmentArgument(argument, fragment: spread)
                }
                let declared = FragmentArguments.definitions(of: fragment)
                if let argument = declared.first(where: { contains($0.name.range) }) {
                    return .fragmentArgument(argument.name.value, fragment: fragment.name.value)
                }
                if case .variable(let name)? = CursorContext(source: source, offset: offset, schema: schema).symbol {
                    if declared.contains(where: { $0.name.value == name }) {
                        return .fragmentArgument(name, fragment: fragment.name.value)
                    }
                    return .variable(name, definitionStart: fragment.range.start)
                }
            default: continue
            }
        }
        switch CursorContext(source: source, offset: offset, schema: schema).symbol {
        case .fragment(let name): return .fragment(name)
        case .field(let field, let parent): return .field(type: parent.name, name: field.name)
        case .type(let type): return .type(type.name)
        default: return nil
        }
    }

    /// Where the target is defined, when that is a file of the project.
    private func declaration(of target: ReferenceTarget, schema: Schema) -> SourceLocation? {
        let location: SourceLocation?
        switch target {
        case .fragment(let name): location = fragmentIndex()[name]?.definition.name.location
        case .operation(let name):
            location =
                documents().lazy.flatMap(\.document.definitions).compactMap { definition -> SourceLocation? in
                    guard case .operation(let operation) = definition, operation.name?.value == name else { return nil }
                    return operation.name?.location
                }.first
        case .field(let type, let name):
            location = schema[type].flatMap { schema.field(name, on: $0) }?.definition?.name.location
        case .type(let name): location = schema[name]?.definition.flatMap(Self.nameLocation)
        case .fragmentArgument(let name, let fragment):
            location = fragmentIndex()[fragment].flatMap { entry in
                FragmentArguments.definitions(of: entry.definition).first { $0.name.value == name }?.name.location
            }
        case .variable: location = nil
        }
        guard let location, !location.file.hasSuffix(".json") else { return nil }
        return location
    }

    /// Where a type definition's name is.
    static func nameLocation(of definition: Definition) -> SourceLocation? {
        switch definition {
        case .scalar(let type): type.name.location
        case .object(let type): type.name.location
        case .interface(let type): type.name.location
        case .union(let type): type.name.location
        case .enumType(let type): type.name.location
        case .inputObject(let type): type.name.location
        default: definition.node.location
        }
    }

    /// The uses of `$name` in a definition: arguments of fields, directives and spreads, at any
    /// depth.
    static func variables(named name: String, in operation: OperationDefinition) -> [SourceLocation] {
        var found: [SourceLocation] = []
        for directive in operation.directives { collect(name, in: directive.arguments, into: &found) }
        collect(name, in: operation.selectionSet, into: &found)
        return found
    }

    static func variables(named name: String, in fragment: FragmentDefinition) -> [SourceLocation] {
        var found: [SourceLocation] = []
        for directive in fragment.directives { collect(name, in: directive.arguments, into: &found) }
        collect(name, in: fragment.selectionSet, into: &found)
        return found
    }

    private static func collect(_ name: String, in selectionSet: SelectionSet, into found: inout [SourceLocation]) {
        for selection in selectionSet.selections {
            for directive in selection.directives { collect(name, in: directive.arguments, into: &found) }
            switch selection {
            case .field(let field):
                collect(name, in: field.arguments, into: &found)
                if let selections = field.selectionSet { collect(name, in: selections, into: &found) }
            case .fragmentSpread(let spread): collect(name, in: spread.arguments, into: &found)
            case .inlineFragment(let inline): collect(name, in: inline.selectionSet, into: &found)
            }
        }
    }

    private static func collect(_ name: String, in arguments: NodeList<Argument>, into found: inout [SourceLocation]) {
        for argument in arguments { collect(name, in: argument.value, into: &found) }
    }

    private static func collect(_ name: String, in value: Value, into found: inout [SourceLocation]) {
        switch value {
        case .variable(let variable) where variable.name.value == name: found.append(variable.location)
        case .list(let list): for item in list.values { collect(name, in: item, into: &found) }
        case .object(let object): for field in object.fields { collect(name, in: field.value, into: &found) }
        default: break
        }
    }
}

/// Walks a document with each selection's parent type, collecting the names that refer to a
/// fragment, an operation, a fragment's argument, a schema field or a schema type.
struct ReferenceFinder {
    let target: LanguageWorkspace.ReferenceTarget
    let schema: Schema
    private(set) var found: [SourceLocation] = []

    init(target: LanguageWorkspace.ReferenceTarget, schema: Schema) {
        self.target = target
        self.schema = schema
    }

    mutating func visit(_ document: Document) {
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                for variable in operation.variableDefinitions { visit(variable.type.namedType.name) }
                visit(operation.selectionSet, parent: schema.rootType(for: operation.operation))
            case .fragment(let fragment):
                if case .fragmentArgument(let name, let fragmentName) = target, fragment.name.value == fragmentName {
                    found += LanguageWorkspace.variables(named: name, in: fragment)
                }
                visit(fragment.typeCondition.name)
                for variable in fragment.variableDefinitions { visit(variable.type.namedType.name) }
                visit(fragment.selectionSet, parent: schema[fragment.typeCondition.name.value])
            default: continue
            }
        }
    }

    /// A type's name, where a type is named.
    private mutating func visit(_ typeName: Name) {
        if case .type(let name) = target, typeName.value == name { found.append(typeName.location) }
    }

    private mutating func visit(_ selectionSet: SelectionSet, parent: SchemaType?) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = parent.flatMap { schema.field(field.name.value, on: $0) }
                if case .field(let type, let name) = target, field.name.value == name, let parent,
                    let targetType = schema[type], related(parent, targetType)
                {
                    found.append(field.name.location)
                }
                if let selections = field.selectionSet {
                    visit(selections, parent: definition.flatMap { schema.namedType(of: $0) })
                }
            case .fragmentSpread(let spread):
                if case .fragment(let name) = target, spread.name.value == name { found.append(spread.name.location) }
                if case .fragmentArgument(let name, let fragment) = target, spread.name.value == fragment {
                    found += FragmentArguments.passed(by: spread).filter { $0.name.value == name }.map(\.name.location)
                }
            case .inlineFragment(let inline):
                if let condition = inline.typeCondition { visit(condition.name) }
                visit(inline.selectionSet, parent: inline.typeCondition.flatMap { schema[$0.name.value] } ?? parent)
            }
        }
    }

    /// The same type, or one an abstract one of the two includes: a field selected on an
    /// interface reaches its implementations' field, and the other way round.
    private func related(_ first: SchemaType, _ second: SchemaType) -> Bool {
        first.name == second.name || schema.isSubType(first, second) || schema.isSubType(second, first)
    }
}
