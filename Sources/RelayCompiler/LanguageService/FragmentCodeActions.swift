import Foundation
import GraphQLParser

/// Quick fixes about fragments, after Relay's language server: `@alias` added to a spread
/// Relay asks it for, an undefined variable of a fragment declared as its argument, and a
/// missing fragment created, in a new literal, from a spread of it.
extension LanguageWorkspace {
    /// ` @alias` after the spread's name, for "Expected `@alias` directive".
    func addingAlias(at location: SourceLocation, diagnostic: Diagnostic) -> [CodeAction] {
        guard let start = byteOffset(of: location), let text = text(of: location.file) else { return [] }
        let bytes = Array(text.utf8)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: " ") { end += 1 }
        let nameStart = end
        while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
        guard end > nameStart else { return [] }
        let insertion = SourceLocation(
            file: location.file, range: SourceRange(start: UInt32(end), end: UInt32(end)), lines: LineTable(text))
        return [
            CodeAction(
                title: "Add @alias", diagnostic: diagnostic, edits: [TextEdit(location: insertion, newText: " @alias")])
        ]
    }

    /// Declares `$name` as an argument of the fragment it is used in (`@argumentDefinitions`),
    /// typed as where it is used expects; nil outside a fragment.
    func declaringArgument(_ name: String, usedAt location: SourceLocation, diagnostic: Diagnostic) -> CodeAction? {
        guard let schema, let offset = byteOffset(of: location),
            let (source, inner) = graphQL(in: location.file, atByte: offset),
            case .value(let type?) = CursorContext(source: source, offset: inner, schema: schema).expectation
        else { return nil }
        let document = Parser.parse(source, options: configuration.parseOptions).document
        for case .fragment(let fragment) in document.definitions
        where Int(fragment.range.start) <= inner && inner <= Int(fragment.range.end) {
            let declaration = "\(name): {type: \"\(type)\"}"
            let edit: TextEdit
            if let last = FragmentArguments.definitions(of: fragment).last {
                edit = TextEdit(location: Self.end(of: last.location), newText: ", " + declaration)
            } else {
                edit = TextEdit(
                    location: Self.end(of: fragment.typeCondition.name.location),
                    newText: " @argumentDefinitions(\(declaration))")
            }
            return CodeAction(
                title: "Add $\(name): \(type) to \(fragment.name.value)'s @argumentDefinitions", diagnostic: diagnostic,
                edits: [edit])
        }
        return nil
    }

    /// A new literal defining the unknown fragment `name` on the type of the spread's
    /// selection, selecting its `id` (or `__typename`): in a project file named for the
    /// fragment's module when there is one, else in the spread's file when the naming rule
    /// allows, else in a new file named for the module beside it. From a spread in a GraphQL
    /// document (relay.json's `documents`), the same among the documents, as plain GraphQL.
    func creatingFragment(_ name: String, spreadAt location: SourceLocation, diagnostic: Diagnostic) -> [CodeAction] {
        let isSwift = location.file.hasSuffix(".swift")
        guard let schema, isSwift || (location.file.hasSuffix(".graphql") && isProjectFile(location.file)),
            let offset = byteOffset(of: location), let (source, inner) = graphQL(in: location.file, atByte: offset),
            case .fragmentSpread(let type?) = CursorContext(source: source, offset: inner, schema: schema).expectation
        else { return [] }
        let module = String(name.prefix { $0 != "_" })
        let fileExtension = isSwift ? ".swift" : ".graphql"
        let file: String
        if let named = projectSourceFiles.first(where: {
            $0.hasSuffix(fileExtension) && ModuleName.forFile($0) == module
        }) {
            file = named
        } else if !configuration.requiresFileNamePrefix || ModuleName.forFile(location.file) == module {
            file = location.file
        } else {
            let folder = (location.file as NSString).deletingLastPathComponent
            file = (folder as NSString).appendingPathComponent(module + fileExtension)
        }
        let existing = text(of: file)
        let selection = schema.field("id", on: type) != nil ? "id" : "__typename"
        let definition: String
        if isSwift {
            let property = Self.unusedIdentifier(Self.propertyName(forFragment: name), in: existing ?? "", file: file)
            definition = """
                private let \(property) = graphql(\"\"\"
                    fragment \(name) on \(type.name) {
                      \(selection)
                    }
                    \"\"\")

                """
        } else {
            definition = "fragment \(name) on \(type.name) {\n  \(selection)\n}\n"
        }
        let edit: TextEdit
        if let existing {
            let lines = LineTable(existing)
            let end = UInt32(existing.utf8.count)
            let separator = existing.isEmpty ? "" : existing.hasSuffix("\n") ? "\n" : "\n\n"
            edit = TextEdit(
                location: SourceLocation(file: file, range: SourceRange(start: end, end: end), lines: lines),
                newText: separator + definition)
        } else {
            let start = SourceLocation(file: file, line: 1, column: 1, endLine: 1, endColumn: 1)
            edit = TextEdit(location: start, newText: (isSwift ? "import Relay\n\n" : "") + definition)
        }
        let fileName = (file as NSString).lastPathComponent
        return [
            CodeAction(
                title: "Create fragment \(name) on \(type.name) in \(existing == nil ? "a new file " : "")\(fileName)",
                diagnostic: diagnostic, edits: [edit], createdFiles: existing == nil ? [file] : [])
        ]
    }

    /// `Profile_user` → `userFragment`; a name without `_` → `fragment`.
    private static func propertyName(forFragment name: String) -> String {
        guard let underscore = name.firstIndex(of: "_") else { return "fragment" }
        let rest = name[name.index(after: underscore)...].filter { $0.isLetter || $0.isNumber }
        guard let first = rest.first, first.isLetter else { return "fragment" }
        return first.lowercased() + rest.dropFirst() + "Fragment"
    }

    /// `name`, or `name2`, `name3`… : the first not written in the file's Swift code.
    private static func unusedIdentifier(_ name: String, in text: String, file: String) -> String {
        let code = SwiftCode(text: text, file: file)
        var candidate = name
        var number = 1
        while !code.identifierRanges(candidate).isEmpty {
            number += 1
            candidate = name + String(number)
        }
        return candidate
    }
}
