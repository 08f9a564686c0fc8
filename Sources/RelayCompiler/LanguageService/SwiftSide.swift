import Foundation
import GraphQLParser

/// The Swift side of the project's GraphQL: names in Swift code, outside the literals, that
/// stand for what the compiler generated — an operation's or fragment's type (`TodoListQuery`,
/// its `Data`, `Variables`, a nested selection type `Data.User_viewer`), a fragment's key
/// (`TodoItem_todo_Key`, `fragment_TodoItem_todo`, the value in `TodoItem_todo(key: value)`),
/// and the properties of `Data` read from a value whose type is written in the file (`data:
/// TodoListQuery.Data` then `data.viewer`), or made from an operation or fragment on its line
/// (`let data = try await environment.fetchQuery(TodoListQuery())`), or inside an `extension`
/// of a `Data` type. Go to definition on them lands on the GraphQL that defines them; hover
/// shows it. The Swift is read through its tokens (`SwiftCode`), not type-checked: a type
/// inferred further away is not followed.
extension LanguageWorkspace {
    /// What a Swift name stands for in the GraphQL.
    struct SwiftSymbol {
        /// Where its GraphQL is: a definition's name, or a field's (its alias when it has one).
        var location: SourceLocation
        /// The GraphQL text shown on hover: the definition, or the field's selection.
        var graphQL: String
        /// A line above the text: the definition's kind and name, or the field's signature.
        var title: String
    }

    /// Go to definition from a Swift name outside the literals: where its GraphQL is.
    func swiftDefinition(in file: String, atByte offset: Int) -> SourceLocation? {
        swiftSymbol(in: file, atByte: offset)?.location
    }

    /// Hover on a Swift name outside the literals: its GraphQL, and where it is defined.
    func swiftHover(in file: String, atByte offset: Int) -> (markdown: String, location: SourceLocation)? {
        guard let symbol = swiftSymbol(in: file, atByte: offset), let code = swiftCode(of: file),
            let name = code.identifierRange(at: offset)
        else { return nil }
        let location = SourceLocation(
            file: file, range: SourceRange(start: UInt32(name.lowerBound), end: UInt32(name.upperBound)),
            lines: LineTable(utf8: code.bytes))
        let place = "\((symbol.location.file as NSString).lastPathComponent):\(symbol.location.line)"
        return ("`\(symbol.title)` (\(place))\n\n```graphql\n\(symbol.graphQL)\n```", location)
    }

    /// The GraphQL a Swift name at `offset` stands for; nil inside a literal, on other Swift.
    func swiftSymbol(in file: String, atByte offset: Int) -> SwiftSymbol? {
        guard file.hasSuffix(".swift"), graphQL(in: file, atByte: offset) == nil, let code = swiftCode(of: file) else {
            return nil
        }
        let chain = code.chain(endingAt: offset)
        guard let first = chain.first else { return nil }
        let definitions = definitionsByName()
        // A generated type, or a fragment's key, named from the start.
        if let resolved = resolveTypeChain(chain, definitions: definitions) { return resolved.symbol }
        // The key a fragment is read with, `Fragment(key: value)`: the fragment.
        if let fragment = code.keyArgumentCallee(at: offset),
            case .fragment? = definitions[fragment], let definition = definitions[fragment]
        {
            return definitionSymbol(definition)
        }
        // A property read from a value whose type the file writes, or from `self`.
        let rootType: [String]?
        let properties: ArraySlice<String>
        if chain.count == 1 || first == "self" {
            rootType = code.extendedType(enclosing: offset)
            properties = chain.count == 1 ? chain[...] : chain.dropFirst()
        } else {
            // Its type as written, or the `Data` of the operation or fragment its value is made
            // from (`let data = try await environment.fetchQuery(TodoListQuery())`,
            // `environment.lookup(TodoItem_todo(key: todo)).data`).
            rootType =
                code.declaredType(of: first, before: offset)
                ?? code.assignedCallees(of: first, before: offset).first {
                    definitions[$0] != nil
                }.map { [$0, "Data"] }
            properties = chain.dropFirst()
        }
        guard let rootType, var scope = resolveTypeChain(rootType, definitions: definitions)?.scope else { return nil }
        var symbol: SwiftSymbol?
        for property in properties {
            guard let found = member(property, of: scope, definitions: definitions) else { return nil }
            (symbol, scope) = (found.symbol, found.scope ?? scope)
        }
        return symbol
    }

    /// An operation or a fragment of the project.
    enum ExecutableDefinition {
        case operation(OperationDefinition)
        case fragment(FragmentDefinition)
    }

    /// A selection set the Swift code reads: its definition, the selections and their type.
    struct SelectionScope {
        var definition: ExecutableDefinition
        var selections: SelectionSet
        var parentType: String
    }

    /// The project's operations and fragments, by name (the first of a name defined twice).
    func definitionsByName() -> [String: ExecutableDefinition] {
        var found: [String: ExecutableDefinition] = [:]
        for (_, document) in documents() {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    if let name = operation.name?.value, found[name] == nil { found[name] = .operation(operation) }
                case .fragment(let fragment):
                    if found[fragment.name.value] == nil { found[fragment.name.value] = .fragment(fragment) }
                default: continue
                }
            }
        }
        return found
    }

    /// `Name`, `Name_Key`, `fragment_Name`, `Name.Data`, `Name.Variables`, and nested types of
    /// `Data` (`<Type>_<field>`): the symbol of the last, and the selections it stands for.
    private func resolveTypeChain(_ chain: [String], definitions: [String: ExecutableDefinition]) -> (
        symbol: SwiftSymbol, scope: SelectionScope?
    )? {
        guard let first = chain.first else { return nil }
        var name = first
        if first.hasSuffix("_Key") { name = String(first.dropLast("_Key".count)) }
        if first.hasPrefix("fragment_") { name = String(first.dropFirst("fragment_".count)) }
        guard let definition = definitions[name] else { return nil }
        if name != first, chain.count > 1 { return nil }
        var symbol = definitionSymbol(definition)
        guard chain.count > 1 else { return (symbol, selectionScope(of: definition)) }
        guard chain[1] == "Data", var scope = selectionScope(of: definition) else {
            return chain[1] == "Variables" && chain.count == 2 ? (symbol, nil) : nil
        }
        for nested in chain.dropFirst(2) {
            guard let found = nestedType(nested, of: scope) else { return nil }
            (symbol, scope) = found
        }
        return (symbol, scope)
    }

    private func selectionScope(of definition: ExecutableDefinition) -> SelectionScope? {
        switch definition {
        case .operation(let operation):
            guard let root = schema?.rootType(for: operation.operation) else { return nil }
            return SelectionScope(definition: definition, selections: operation.selectionSet, parentType: root.name)
        case .fragment(let fragment):
            return SelectionScope(
                definition: definition, selections: fragment.selectionSet, parentType: fragment.typeCondition.name.value
            )
        }
    }

    private func definitionSymbol(_ definition: ExecutableDefinition) -> SwiftSymbol {
        switch definition {
        case .operation(let operation):
            return SwiftSymbol(
                location: operation.name?.location ?? operation.location, graphQL: Self.text(of: operation),
                title: "\(operation.operation.rawValue) \(operation.name?.value ?? "")")
        case .fragment(let fragment):
            return SwiftSymbol(
                location: fragment.name.location, graphQL: Self.text(of: fragment),
                title: "fragment \(fragment.name.value) on \(fragment.typeCondition.name.value)")
        }
    }

    /// A nested type of a `Data`: `<Type>_<responseKey>` of one of the scope's fields.
    private func nestedType(_ name: String, of scope: SelectionScope) -> (SwiftSymbol, SelectionScope)? {
        for field in Self.fields(in: scope.selections)
        where field.selectionSet != nil && name.hasSuffix("_" + field.responseKey.value) {
            if let found = fieldSymbol(field, in: scope), let inner = found.scope { return (found.symbol, inner) }
        }
        return nil
    }

    /// A property of a `Data`: a field by its response key, or `fragment_Name` (a spread).
    private func member(_ property: String, of scope: SelectionScope, definitions: [String: ExecutableDefinition])
        -> (symbol: SwiftSymbol, scope: SelectionScope?)?
    {
        if property.hasPrefix("fragment_"), let fragment = definitions[String(property.dropFirst("fragment_".count))] {
            return (definitionSymbol(fragment), selectionScope(of: fragment))
        }
        guard let field = Self.fields(in: scope.selections).first(where: { $0.responseKey.value == property }) else {
            return nil
        }
        return fieldSymbol(field, in: scope)
    }

    private func fieldSymbol(_ field: Field, in scope: SelectionScope) -> (symbol: SwiftSymbol, scope: SelectionScope?)?
    {
        let parent = schema?[scope.parentType]
        let definition = parent.flatMap { schema?.field(field.name.value, on: $0) }
        let signature =
            definition.map { "\(scope.parentType).\(field.name.value): \($0.type)" }
            ?? "\(scope.parentType).\(field.name.value)"
        let symbol = SwiftSymbol(
            location: field.responseKey.location, graphQL: Self.text(of: field), title: signature)
        guard let selections = field.selectionSet, let definition, let type = schema?.namedType(of: definition) else {
            return (symbol, nil)
        }
        return (symbol, SelectionScope(definition: scope.definition, selections: selections, parentType: type.name))
    }

    /// The fields of a selection set, with those of its inline fragments without a type
    /// condition (which the generated `Data` merges).
    private static func fields(in selectionSet: SelectionSet) -> [Field] {
        selectionSet.selections.flatMap { selection -> [Field] in
            switch selection {
            case .field(let field): [field]
            case .inlineFragment(let inline) where inline.typeCondition == nil: fields(in: inline.selectionSet)
            default: []
            }
        }
    }

    /// A node's text in its literal.
    private static func text(of node: some SyntaxNode) -> String {
        let utf8 = node.tree.source.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(node.range.start))
        let end = utf8.index(utf8.startIndex, offsetBy: Int(node.range.end))
        return String(node.tree.source[start..<end])
    }
}
