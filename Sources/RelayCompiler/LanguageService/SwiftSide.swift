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
/// shows it. The Swift is read as text, not type-checked: a type inferred further away is not
/// followed.
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
        guard let symbol = swiftSymbol(in: file, atByte: offset), let text = text(of: file) else { return nil }
        let bytes = Array(text.utf8)
        let name = SwiftCodeReading.identifierRange(at: offset, in: bytes)
        let location = SourceLocation(
            file: file, range: SourceRange(start: UInt32(name.lowerBound), end: UInt32(name.upperBound)),
            lines: LineTable(text))
        let place = "\((symbol.location.file as NSString).lastPathComponent):\(symbol.location.line)"
        return ("`\(symbol.title)` (\(place))\n\n```graphql\n\(symbol.graphQL)\n```", location)
    }

    /// The GraphQL a Swift name at `offset` stands for; nil inside a literal, on other Swift.
    func swiftSymbol(in file: String, atByte offset: Int) -> SwiftSymbol? {
        guard file.hasSuffix(".swift"), graphQL(in: file, atByte: offset) == nil, let text = text(of: file) else {
            return nil
        }
        let bytes = Array(text.utf8)
        let chain = SwiftCodeReading.chain(endingAt: offset, in: bytes)
        guard let first = chain.first else { return nil }
        let definitions = definitionsByName()
        // A generated type, or a fragment's key, named from the start.
        if let resolved = resolveTypeChain(chain, definitions: definitions) { return resolved.symbol }
        // The key a fragment is read with, `Fragment(key: value)`: the fragment.
        if let fragment = SwiftCodeReading.keyArgumentCallee(at: offset, in: bytes),
            case .fragment? = definitions[fragment], let definition = definitions[fragment]
        {
            return definitionSymbol(definition)
        }
        // A property read from a value whose type the file writes, or from `self`.
        let rootType: [String]?
        let properties: ArraySlice<String>
        if chain.count == 1 || first == "self" {
            rootType = SwiftCodeReading.extendedType(enclosing: offset, in: bytes)
            properties = chain.count == 1 ? chain[...] : chain.dropFirst()
        } else {
            // Its type as written, or the `Data` of the operation or fragment its value is made
            // from (`let data = try await environment.fetchQuery(TodoListQuery())`,
            // `environment.lookup(TodoItem_todo(key: todo)).data`).
            rootType =
                SwiftCodeReading.declaredType(of: first, before: offset, in: bytes)
                ?? SwiftCodeReading.assignedCallees(of: first, before: offset, in: bytes).first {
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

/// Reading Swift code as text: the identifier at an offset, the dotted chain it ends, the
/// type a value is declared with, the type an `extension` extends.
enum SwiftCodeReading {
    static func isIdentifierByte(_ byte: UInt8) -> Bool { LanguageWorkspace.isNameByte(byte) }

    /// The byte range of the identifier at `offset` (the cursor in it or right after it).
    static func identifierRange(at offset: Int, in bytes: [UInt8]) -> Range<Int> {
        var start = min(max(offset, 0), bytes.count)
        var end = start
        while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        return start..<end
    }

    /// The names of `a.b?.c` ending at the identifier at `offset`, first to last; empty off an
    /// identifier. A chain starting at a call or subscript (`f().a`) is not followed: its root
    /// is not a name.
    static func chain(endingAt offset: Int, in bytes: [UInt8]) -> [String] {
        let current = identifierRange(at: offset, in: bytes)
        guard !current.isEmpty, !bytes[current.lowerBound].isDigit else { return [] }
        var names = [name(in: bytes, current)]
        func skippingBack(_ start: Int, over skipped: [UInt8]) -> Int {
            var index = start
            while index >= 0, skipped.contains(bytes[index]) { index -= 1 }
            return index
        }
        let blanks = [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
        var index = current.lowerBound
        while true {
            // `a?.b`, `a!.b`, and a chain across lines (`a\n    .b`).
            var before = skippingBack(index - 1, over: blanks)
            guard before >= 0, bytes[before] == UInt8(ascii: ".") else { break }
            before = skippingBack(skippingBack(before - 1, over: blanks), over: [UInt8(ascii: "?"), UInt8(ascii: "!")])
            guard before >= 0, isIdentifierByte(bytes[before]) || bytes[before] == UInt8(ascii: "`") else {
                return []  // a call, subscript or literal: its type is not written here
            }
            let previous = identifierRange(at: bytes[before] == UInt8(ascii: "`") ? before : before + 1, in: bytes)
            guard !previous.isEmpty else { return [] }
            names.insert(name(in: bytes, previous), at: 0)
            index =
                previous.lowerBound
                - (previous.lowerBound > 0 && bytes[previous.lowerBound - 1] == UInt8(ascii: "`") ? 1 : 0)
        }
        return names
    }

    private static func name(in bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// `F` when the identifier at `offset` is the argument of `F(key: …)` (a fragment read
    /// with its key).
    static func keyArgumentCallee(at offset: Int, in bytes: [UInt8]) -> String? {
        let argument = identifierRange(at: offset, in: bytes)
        guard !argument.isEmpty else { return nil }
        let blanks = [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t")]
        var index = argument.lowerBound - 1
        while index >= 0, blanks.contains(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: ":") else { return nil }
        index -= 1
        while index >= 0, blanks.contains(bytes[index]) { index -= 1 }
        guard index >= 2, bytes[(index - 2)...index].elementsEqual(Array("key".utf8)) else { return nil }
        index -= 3
        while index >= 0, blanks.contains(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: "(") else { return nil }
        let callee = identifierRange(at: index, in: bytes)
        guard !callee.isEmpty, callee.upperBound == index else { return nil }
        return String(decoding: bytes[callee], as: UTF8.self)
    }

    /// Where the identifier `name` starts in the text before `offset`, the last first (whole
    /// identifiers only, followed by something).
    private static func occurrences(of name: String, before offset: Int, in bytes: [UInt8]) -> some Sequence<Int> {
        let needle = Array(name.utf8)
        // An empty name starts nowhere: the stride is empty.
        let last = needle.isEmpty ? -1 : min(offset, bytes.count) - needle.count
        return stride(from: last, through: 0, by: -1).lazy.filter { index in
            bytes[index..<index + needle.count].elementsEqual(needle)
                && (index == 0 || !isIdentifierByte(bytes[index - 1]))
                && index + needle.count < bytes.count && !isIdentifierByte(bytes[index + needle.count])
        }
    }

    /// The type `name` is declared with in the text before `offset` (`name: T`, `name: T?`,
    /// `name: [T]`, `name: any T`), the last declaration first; its dotted names.
    static func declaredType(of name: String, before offset: Int, in bytes: [UInt8]) -> [String]? {
        for index in occurrences(of: name, before: offset, in: bytes) {
            var cursor = skipSpaces(bytes, from: index + name.utf8.count)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { continue }
            cursor = skipSpaces(bytes, from: cursor + 1)
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "[") || bytes[cursor] == UInt8(ascii: "(") {
                cursor = skipSpaces(bytes, from: cursor + 1)
            }
            if bytes[cursor...].starts(with: Array("any ".utf8)) { cursor = skipSpaces(bytes, from: cursor + 4) }
            let type = typeNames(from: cursor, in: bytes)
            if !type.isEmpty { return type }
        }
        return nil
    }

    /// The names called in the value last assigned to `name` before `offset` (`let name = …`,
    /// `var`, `if let`, `guard let`), to the end of that line, in order.
    static func assignedCallees(of name: String, before offset: Int, in bytes: [UInt8]) -> [String] {
        for index in occurrences(of: name, before: offset, in: bytes) {
            let before = String(decoding: bytes[max(0, index - 4)..<index], as: UTF8.self)
            guard before.hasSuffix("let ") || before.hasSuffix("var ") else { continue }
            var cursor = skipSpaces(bytes, from: index + name.utf8.count)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            var callees: [String] = []
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n") {
                let range = identifierRange(at: cursor, in: bytes)
                if range.lowerBound == cursor, !range.isEmpty {
                    if range.upperBound < bytes.count, bytes[range.upperBound] == UInt8(ascii: "(") {
                        callees.append(String(decoding: bytes[range], as: UTF8.self))
                    }
                    cursor = range.upperBound
                } else {
                    cursor += 1
                }
            }
            return callees
        }
        return []
    }

    /// The type of the innermost `extension T {` whose braces hold `offset`.
    static func extendedType(enclosing offset: Int, in bytes: [UInt8]) -> [String]? {
        let keyword = Array("extension".utf8)
        var index = min(offset, bytes.count) - keyword.count
        while index >= 0 {
            defer { index -= 1 }
            guard bytes[index..<index + keyword.count].elementsEqual(keyword),
                index == 0 || !isIdentifierByte(bytes[index - 1])
            else { continue }
            let start = skipSpaces(bytes, from: index + keyword.count)
            let type = typeNames(from: start, in: bytes)
            guard !type.isEmpty, let open = bytes[start...].firstIndex(of: UInt8(ascii: "{")), open < offset,
                closingBrace(of: open, in: bytes) ?? bytes.count >= offset
            else { continue }
            return type
        }
        return nil
    }

    /// `A.B.C` from `start`: its names.
    private static func typeNames(from start: Int, in bytes: [UInt8]) -> [String] {
        var names: [String] = []
        var cursor = start
        while true {
            let range = identifierRange(at: cursor, in: bytes)
            guard !range.isEmpty, range.lowerBound == cursor else { break }
            names.append(name(in: bytes, range))
            guard range.upperBound < bytes.count, bytes[range.upperBound] == UInt8(ascii: ".") else { break }
            cursor = range.upperBound + 1
        }
        return names
    }

    /// The `}` matching the `{` at `open`, strings and comments not looked into.
    private static func closingBrace(of open: Int, in bytes: [UInt8]) -> Int? {
        var depth = 0
        var index = open
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    private static func skipSpaces(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[index]) { index += 1 }
        return index
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
