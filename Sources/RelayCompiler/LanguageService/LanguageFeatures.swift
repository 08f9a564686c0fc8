import GraphQLParser

/// One completion an editor offers.
public struct CompletionItem: Equatable, Sendable {
    public enum Kind: Sendable {
        case field, argument, fragment, directive, variable, type, enumValue, keyword
    }
    public var label: String
    public var kind: Kind
    /// The type, or what the item is (shown beside the label).
    public var detail: String?
    public var documentation: String?
    /// The text inserted, when it is not the label.
    public var insertText: String?
    public var isDeprecated = false
}

/// Completion, hover and go to definition for the GraphQL of a workspace, at a byte offset
/// of a file: the answers of the language server, independent of its protocol.
extension LanguageWorkspace {
    /// What may be written at the offset; empty outside GraphQL or without a schema.
    public func completions(in file: String, atByte offset: Int) -> [CompletionItem] {
        guard let (source, inner) = graphQL(in: file, atByte: offset), let schema else { return [] }
        let context = CursorContext(source: source, offset: inner, schema: schema)
        var items: [CompletionItem] = []
        switch context.expectation {
        case .field(let parent):
            guard let parent else { return [] }
            items = parent.fields.map { field in
                CompletionItem(
                    label: field.name, kind: .field, detail: Self.signature(of: field),
                    documentation: field.description,
                    isDeprecated: field.deprecationReason != nil)
            }
            items.append(CompletionItem(label: "__typename", kind: .field, detail: "String!"))
        case .fragmentSpread(let parent):
            for (name, entry) in fragmentIndex().sorted(by: { $0.key < $1.key }) {
                guard let parent, let condition = schema[entry.typeCondition], Self.overlap(parent, condition, schema)
                else { continue }
                items.append(CompletionItem(label: name, kind: .fragment, detail: "fragment on \(entry.typeCondition)"))
            }
            items.append(CompletionItem(label: "on", kind: .keyword, detail: "inline fragment"))
        case .typeCondition(let parent):
            for type in schema.typeList where type.kind.isComposite && !type.name.hasPrefix("__") {
                if let parent, !Self.overlap(parent, type, schema) { continue }
                items.append(CompletionItem(label: type.name, kind: .type, documentation: type.description))
            }
        case .directive(let locations):
            for directive in schema.directives.values.sorted(by: { $0.name < $1.name })
            where directive.locations.contains(where: locations.contains) {
                items.append(
                    CompletionItem(
                        label: directive.name, kind: .directive, detail: Self.signature(of: directive),
                        documentation: directive.description))
            }
        case .argument(let arguments, let given):
            items = arguments.filter { !given.contains($0.name) }.map { argument in
                CompletionItem(
                    label: argument.name, kind: .argument, detail: argument.type.description,
                    documentation: argument.description, insertText: argument.name + ": ",
                    isDeprecated: argument.deprecationReason != nil)
            }
        case .value(let type):
            items = context.variables.map {
                CompletionItem(label: "$" + $0.name, kind: .variable, detail: $0.type?.description)
            }
            if let named = type?.namedType, let valueType = schema[named] {
                if valueType.kind == .enumType {
                    items += valueType.enumValues.map {
                        CompletionItem(
                            label: $0.name, kind: .enumValue, detail: named, documentation: $0.description,
                            isDeprecated: $0.deprecationReason != nil)
                    }
                } else if named == "Boolean" {
                    items += ["true", "false"].map { CompletionItem(label: $0, kind: .keyword, detail: "Boolean") }
                }
            }
        case .variable:
            items = context.variables.map {
                CompletionItem(label: "$" + $0.name, kind: .variable, detail: $0.type?.description, insertText: $0.name)
            }
        case .inputType:
            items = schema.typeList.filter { $0.kind.isInput && !$0.name.hasPrefix("__") }.map {
                CompletionItem(label: $0.name, kind: .type, documentation: $0.description)
            }
        case .nothing:
            return []
        }
        return items
    }

    /// Markdown describing the name at the offset (its type or signature, then its
    /// description), and the name's place; nil where there is nothing to say. In Swift code
    /// outside the literals, a name of generated code shows its GraphQL (`SwiftSide.swift`).
    public func hover(in file: String, atByte offset: Int) -> (markdown: String, location: SourceLocation)? {
        guard let schema else { return nil }
        guard let (source, inner) = graphQL(in: file, atByte: offset) else {
            return swiftHover(in: file, atByte: offset)
        }
        let context = CursorContext(source: source, offset: inner, schema: schema)
        guard let symbol = context.symbol, let range = context.nameRange else { return nil }
        let signature: String
        var description: String?
        switch symbol {
        case .field(let field, let parent):
            signature = "\(parent.name).\(Self.signature(of: field))"
            description = field.description
            if let reason = field.deprecationReason { description = (description ?? "") + "\n\nDeprecated: \(reason)" }
        case .argument(let argument):
            signature = "\(argument.name): \(argument.type)"
            description = argument.description
        case .directive(let directive):
            signature = "@\(directive.name)\(Self.signature(of: directive))"
            description = directive.description
        case .type(let type):
            signature = "\(Self.keyword(of: type.kind)) \(type.name)"
            description = type.description
        case .fragment(let name):
            guard let entry = fragmentIndex()[name] else { return nil }
            signature = "fragment \(name) on \(entry.typeCondition)"
            description = "Defined in \(entry.definition.location.file):\(entry.definition.location.line)"
        case .variable(let name):
            guard let variable = context.variables.first(where: { $0.name == name }) else { return nil }
            signature = "$\(name): \(variable.type?.description ?? "?")"
        case .enumValue(let value, let type):
            signature = "\(type.name).\(value.name)"
            description = value.description
        }
        var markdown = "```graphql\n\(signature)\n```"
        if let description, !description.isEmpty { markdown += "\n\n" + description }
        return (markdown, Self.location(of: range, in: source))
    }

    /// Where the name at the offset is defined: a fragment (in whichever file), a variable, or a
    /// schema type, field, argument or directive in the schema's files. Nil for names defined
    /// nowhere in a file (built-in types and directives). In Swift code outside the literals, a
    /// name of generated code leads to the GraphQL defining it (`SwiftSide.swift`).
    public func definition(in file: String, atByte offset: Int) -> SourceLocation? {
        guard let schema else { return nil }
        guard let (source, inner) = graphQL(in: file, atByte: offset) else {
            return swiftDefinition(in: file, atByte: offset)
        }
        let context = CursorContext(source: source, offset: inner, schema: schema)
        let location: SourceLocation?
        switch context.symbol {
        case .fragment(let name): location = fragmentIndex()[name]?.definition.name.location
        case .variable(let name):
            location = context.variables.first { $0.name == name }.map { Self.location(of: $0.range, in: source) }
        case .type(let type): location = type.definition?.node.location
        case .field(let field, _): location = field.definition?.location
        case .argument(let argument): location = argument.definition?.location
        case .directive(let directive): location = directive.definition?.location
        case .enumValue(let value, _): location = value.definition?.location
        case nil: location = nil
        }
        // Relay's own directives are defined in the compiler, not in a file; a JSON
        // introspection schema is read as SDL made from it, whose lines are not the file's.
        guard let location, !location.file.hasSuffix(".json"),
            isSchemaFile(location.file) || location.file.hasSuffix(".swift") || location.file.hasSuffix(".graphql")
        else { return nil }
        return location
    }

    static func location(of range: SourceRange, in source: Source) -> SourceLocation {
        source.origin?.location(of: range)
            ?? SourceLocation(file: source.name, range: range, lines: LineTable(source.text))
    }

    /// True when some object type may be both.
    static func overlap(_ first: SchemaType, _ second: SchemaType, _ schema: Schema) -> Bool {
        if first.name == second.name { return true }
        let firstTypes = Set(schema.possibleTypes(of: first).map(\.name))
        return schema.possibleTypes(of: second).contains { firstTypes.contains($0.name) }
    }

    static func signature(of field: SchemaField) -> String {
        let arguments = field.arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        return field.name + (arguments.isEmpty ? "" : "(\(arguments))") + ": \(field.type)"
    }

    static func signature(of directive: SchemaDirective) -> String {
        let arguments = directive.arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        return arguments.isEmpty ? "" : "(\(arguments))"
    }

    static func keyword(of kind: TypeKind) -> String {
        switch kind {
        case .scalar: "scalar"
        case .object: "type"
        case .interface: "interface"
        case .union: "union"
        case .enumType: "enum"
        case .inputObject: "input"
        }
    }
}
