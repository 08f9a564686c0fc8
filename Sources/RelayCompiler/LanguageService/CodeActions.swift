import Foundation
import GraphQLParser

/// A fix an editor offers for a diagnostic (LSP's quick fix code action).
public struct CodeAction: Sendable {
    public var title: String
    /// The diagnostic it fixes.
    public var diagnostic: Diagnostic
    public var edits: [TextEdit]
    /// Files the edits create: an edit of one of them inserts its whole text.
    public var createdFiles: [String] = []
}

/// Quick fixes for the compiler's diagnostics, after Relay's language server: a misspelled field
/// changed to what "Did you mean" suggests, an undefined variable declared on its operation (or
/// as its fragment's argument) with the type its place takes, an anonymous operation named and
/// an operation or fragment renamed after its file's naming rule, and the fixes about fragments
/// of `FragmentCodeActions.swift`.
extension LanguageWorkspace {
    /// The fixes of the last compile's diagnostics of `file` on lines `lines`.
    public func codeActions(in file: String, lines: ClosedRange<Int>) -> [CodeAction] {
        (diagnostics[file] ?? []).flatMap { diagnostic -> [CodeAction] in
            guard let location = diagnostic.location, location.line <= lines.upperBound,
                location.endLine >= lines.lowerBound
            else { return [] }
            return fixes(of: diagnostic, at: location)
        }
    }

    private func fixes(of diagnostic: Diagnostic, at location: SourceLocation) -> [CodeAction] {
        let message = diagnostic.message
        if let field = Self.quoted(after: "Cannot query field ", in: message), message.contains("Did you mean") {
            // Only field names: a suggestion of an inline fragment on a type is not a rename.
            guard !message.contains("Did you mean to use an inline fragment") else { return [] }
            // The diagnostic starts at the field; an aliased one's name is not there: no fix.
            return changing(field, at: location, toSuggestionsOf: diagnostic)
        }
        if let variable = Self.quoted(after: "Variable ", in: message), message.contains("is not defined by operation"),
            let operation = Self.quoted(after: "is not defined by operation ", in: message)
        {
            let name = String(variable.dropFirst())
            let argument = declaringArgument(name, usedAt: location, diagnostic: diagnostic)
            return declaring(name, on: operation, usedAt: location, diagnostic: diagnostic)
                + (argument.map { [$0] } ?? [])
        }
        if message.hasPrefix("Expected `@alias` directive.") {
            return addingAlias(at: location, diagnostic: diagnostic)
        }
        if let fragment = Self.quoted(after: "Unknown fragment ", in: message) {
            return changing(fragment, at: location, toSuggestionsOf: diagnostic)
                + creatingFragment(fragment, spreadAt: location, diagnostic: diagnostic)
        }
        if message.hasPrefix("Operations in graphql tags must be named: expected a name like '") {
            return naming(at: location, diagnostic: diagnostic)
        }
        if message.contains("in graphql tags must start with the file's name") {
            return renamedToRule(at: location, diagnostic: diagnostic)
        }
        return []
    }

    /// "Change to 'x'" for each name the diagnostic's "Did you mean" suggests, replacing `name`
    /// where the diagnostic starts (no fix when `name` is not there).
    private func changing(_ name: String, at location: SourceLocation, toSuggestionsOf diagnostic: Diagnostic)
        -> [CodeAction]
    {
        let message = diagnostic.message
        guard let suggested = message.range(of: "Did you mean")?.upperBound, let start = byteOffset(of: location),
            (text(of: location.file) ?? "").utf8.dropFirst(start).starts(with: name.utf8)
        else { return [] }
        var range = location
        range.endLine = location.line
        range.endColumn = location.column + name.utf8.count
        return Self.allQuoted(in: message[suggested...]).map {
            CodeAction(
                title: "Change to '\($0)'", diagnostic: diagnostic, edits: [TextEdit(location: range, newText: $0)])
        }
    }

    /// Declares `$name` on `operation`, typed as where it is used expects.
    private func declaring(
        _ name: String, on operationName: String, usedAt location: SourceLocation, diagnostic: Diagnostic
    )
        -> [CodeAction]
    {
        guard let schema, let offset = byteOffset(of: location),
            let (source, inner) = graphQL(in: location.file, atByte: offset),
            case .value(let type?) = CursorContext(source: source, offset: inner, schema: schema).expectation
        else { return [] }
        for (_, document) in documents() {
            for case .operation(let operation) in document.definitions where operation.name?.value == operationName {
                let declaration = "$\(name): \(type)"
                let edit: TextEdit
                if let last = operation.variableDefinitions.last {
                    edit = TextEdit(location: Self.end(of: last.location), newText: ", " + declaration)
                } else if let operationName = operation.name {
                    edit = TextEdit(location: Self.end(of: operationName.location), newText: "(\(declaration))")
                } else {
                    continue
                }
                return [
                    CodeAction(
                        title: "Declare $\(name): \(type) on \(operationName)", diagnostic: diagnostic, edits: [edit])
                ]
            }
        }
        return []
    }

    /// Names the anonymous operation at `location` after its file (Relay's name suggestion):
    /// `<File>Query` (`Mutation`, `Subscription`), or `<File>2Query`… when that is taken.
    private func naming(at location: SourceLocation, diagnostic: Diagnostic) -> [CodeAction] {
        guard let start = byteOffset(of: location), let text = text(of: location.file) else { return [] }
        let bytes = Array(text.utf8)
        var end = start
        while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
        let keyword = String(decoding: bytes[start..<end], as: UTF8.self)
        let suffix = ["mutation": "Mutation", "subscription": "Subscription"][keyword] ?? "Query"
        let module = ModuleName.forFile(location.file)
        let taken = definitionsByName()
        var name = module + suffix
        var number = 1
        while taken[name] != nil {
            number += 1
            name = module + String(number) + suffix
        }
        let position = UInt32(keyword.isEmpty ? start : end)
        let insertion = SourceLocation(
            file: location.file, range: SourceRange(start: position, end: position), lines: LineTable(text))
        let newText = keyword.isEmpty ? "query \(name) " : " \(name)"
        return [
            CodeAction(
                title: "Name it '\(name)'", diagnostic: diagnostic,
                edits: [TextEdit(location: insertion, newText: newText)])
        ]
    }

    /// Renames the definition named at `location` so its name follows its file's naming rule.
    private func renamedToRule(at location: SourceLocation, diagnostic: Diagnostic) -> [CodeAction] {
        guard let offset = byteOffset(of: location) else { return [] }
        let module = ModuleName.forFile(location.file)
        let text = text(of: location.file) ?? ""
        let bytes = Array(text.utf8)
        var end = offset
        while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
        let old = String(decoding: bytes[offset..<end], as: UTF8.self)
        let suffix = ["Query", "Mutation", "Subscription"].first { old.hasSuffix($0) }
        let new: String
        if let suffix {
            new = module + suffix
        } else {
            let rest = old.split(separator: "_", maxSplits: 1).dropFirst().first.map(String.init) ?? old
            new = module + "_" + rest
        }
        guard case .success(let edits) = rename(in: location.file, atByte: offset + 1, to: new) else { return [] }
        return [CodeAction(title: "Rename to '\(new)'", diagnostic: diagnostic, edits: edits)]
    }

    /// The byte offset of a location's start in its file's text.
    func byteOffset(of location: SourceLocation) -> Int? {
        guard let text = text(of: location.file) else { return nil }
        var line = 1
        var offset = 0
        for byte in text.utf8 {
            if line == location.line { break }
            if byte == UInt8(ascii: "\n") { line += 1 }
            offset += 1
        }
        return line == location.line ? offset + location.column - 1 : nil
    }

    /// An empty range where `location` ends: an insertion there.
    static func end(of location: SourceLocation) -> SourceLocation {
        SourceLocation(
            file: location.file, line: location.endLine, column: location.endColumn, endLine: location.endLine,
            endColumn: location.endColumn)
    }

    /// The text between the double quotes right after `prefix` in `message`.
    private static func quoted(after prefix: String, in message: String) -> String? {
        guard let start = message.range(of: prefix + "\"")?.upperBound,
            let end = message[start...].firstIndex(of: "\"")
        else { return nil }
        return String(message[start..<end])
    }

    /// Every double-quoted text in `text`.
    private static func allQuoted(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().compactMap {
            $0.offset % 2 == 1 ? String($0.element) : nil
        }
    }
}
