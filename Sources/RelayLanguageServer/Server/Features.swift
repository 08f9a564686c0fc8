import Foundation
import GraphQLParser
import RelayCompiler

/// The answers to the editor's requests: the language service's (`LanguageWorkspace`) in
/// LSP's types.
struct Features {
    let projects: ProjectWorkspaces
    /// The client applies workspace edits that create files; code actions creating one are
    /// offered only then.
    var canCreateFiles = false

    /// The command that prints an operation's full text.
    static let printOperationCommand = "relay-swift.printOperation"

    /// A request about a position: its file, workspace, text and byte offset.
    private struct At {
        let path: String
        let workspace: LanguageWorkspace
        let text: String
        let offset: Int
        var lines: [Substring] { Conversions.lines(text) }
    }

    private func at(_ document: LSP.TextDocumentIdentifier, _ position: LSP.Position) -> At? {
        guard let path = Conversions.path(ofURI: document.uri), let workspace = projects.workspace(for: path),
            let text = workspace.text(of: path)
        else { return nil }
        return At(path: path, workspace: workspace, text: text, offset: Conversions.byteOffset(of: position, in: text))
    }

    private func location(_ location: SourceLocation) -> LSP.Location {
        let lines = Conversions.lines(projects.text(of: location.file) ?? "")
        return LSP.Location(
            uri: Conversions.uri(ofPath: location.file), range: Conversions.range(location, lines: lines))
    }

    func completion(_ request: LSP.PositionParams) -> LSP.CompletionList? {
        guard let at = at(request.textDocument, request.position) else { return nil }
        return LSP.CompletionList(
            items: at.workspace.completions(in: at.path, atByte: at.offset).map(Conversions.completion))
    }

    func hover(_ request: LSP.PositionParams) -> LSP.Hover? {
        guard let at = at(request.textDocument, request.position),
            let (markdown, place) = at.workspace.hover(in: at.path, atByte: at.offset)
        else { return nil }
        return LSP.Hover(contents: LSP.MarkupContent(value: markdown), range: Conversions.range(place, lines: at.lines))
    }

    func definition(_ request: LSP.PositionParams) -> LSP.Location? {
        guard let at = at(request.textDocument, request.position),
            let found = at.workspace.definition(in: at.path, atByte: at.offset)
        else { return nil }
        return location(found)
    }

    func references(_ request: LSP.ReferenceParams) -> [LSP.Location]? {
        guard let at = at(request.textDocument, request.position) else { return nil }
        let found = at.workspace.references(
            in: at.path, atByte: at.offset, includeDeclaration: request.context?.includeDeclaration ?? true)
        return found.map(location)
    }

    func prepareRename(_ request: LSP.PositionParams) -> LSP.Range? {
        guard let at = at(request.textDocument, request.position),
            let place = at.workspace.renameLocation(in: at.path, atByte: at.offset)
        else { return nil }
        return Conversions.range(place, lines: at.lines)
    }

    func rename(_ request: LSP.RenameParams) -> Result<LSP.WorkspaceEdit, RenameRefusal> {
        guard let at = at(request.textDocument, request.position) else {
            return .failure(RenameRefusal(message: "the rename request is incomplete"))
        }
        return at.workspace.rename(in: at.path, atByte: at.offset, to: request.newName).map { workspaceEdit($0) }
    }

    /// The operation at a position and the text the server gets for it.
    func printOperation(_ request: LSP.PositionParams) -> LSP.PrintedOperation? {
        guard let at = at(request.textDocument, request.position),
            let (name, text) = at.workspace.operationText(in: at.path, atByte: at.offset)
        else { return nil }
        return LSP.PrintedOperation(name: name, text: text)
    }

    /// The quick fixes of the diagnostics on the request's lines.
    func codeActions(_ request: LSP.RangeParams) -> [LSP.CodeAction] {
        guard let path = Conversions.path(ofURI: request.textDocument.uri),
            let workspace = projects.workspace(for: path)
        else { return [] }
        let lines = Conversions.lines(workspace.text(of: path) ?? "")
        let range = (request.range.start.line + 1)...max(request.range.start.line, request.range.end.line) + 1
        return workspace.codeActions(in: path, lines: range).compactMap { action in
            guard action.createdFiles.isEmpty || canCreateFiles else { return nil }
            return LSP.CodeAction(
                title: action.title, diagnostics: [Conversions.diagnostic(action.diagnostic, lines: lines)],
                edit: workspaceEdit(action.edits, creating: action.createdFiles))
        }
    }

    /// The type hints of the request's lines.
    func inlayHints(_ request: LSP.RangeParams) -> [LSP.InlayHint] {
        guard let path = Conversions.path(ofURI: request.textDocument.uri),
            let workspace = projects.workspace(for: path)
        else { return [] }
        let lines = Conversions.lines(workspace.text(of: path) ?? "")
        let range = (request.range.start.line + 1)...max(request.range.start.line, request.range.end.line) + 1
        return workspace.inlayHints(in: path, lines: range).map { hint in
            LSP.InlayHint(position: Conversions.range(hint.location, lines: lines).start, label: hint.label)
        }
    }

    func foldingRanges(_ request: LSP.DocumentParams) -> [LSP.FoldingRange] {
        guard let path = Conversions.path(ofURI: request.textDocument.uri),
            let workspace = projects.workspace(for: path)
        else { return [] }
        return workspace.foldingRanges(in: path).map {
            LSP.FoldingRange(startLine: $0.lowerBound - 1, endLine: $0.upperBound - 1)
        }
    }

    /// The outline of a document: its operations and fragments.
    func documentSymbols(_ request: LSP.DocumentParams) -> [LSP.DocumentSymbol] {
        guard let path = Conversions.path(ofURI: request.textDocument.uri),
            let workspace = projects.workspace(for: path)
        else { return [] }
        let lines = Conversions.lines(workspace.text(of: path) ?? "")
        return workspace.symbols(in: path).map { symbol in
            LSP.DocumentSymbol(
                name: symbol.name, detail: symbol.detail, kind: Conversions.symbolKind(symbol.kind),
                range: Conversions.range(symbol.location, lines: lines),
                selectionRange: Conversions.range(symbol.nameLocation, lines: lines))
        }
    }

    /// The projects' operations and fragments whose names contain the query, then the schema's.
    func workspaceSymbols(_ request: LSP.WorkspaceSymbolParams) -> [LSP.SymbolInformation] {
        projects.workspaces.flatMap { workspace in
            workspace.symbols(matching: request.query).map { symbol in
                LSP.SymbolInformation(
                    name: symbol.name, kind: Conversions.symbolKind(symbol.kind), containerName: symbol.detail,
                    location: location(symbol.nameLocation))
            }
        }
    }

    /// Edits by document URI; with `documentChanges` when it creates files.
    private func workspaceEdit(_ edits: [TextEdit], creating created: [String] = []) -> LSP.WorkspaceEdit {
        var changes: [String: [LSP.TextEdit]] = [:]
        var order: [String] = []
        for edit in edits {
            let place = location(edit.location)
            if changes[place.uri] == nil { order.append(place.uri) }
            changes[place.uri, default: []].append(LSP.TextEdit(range: place.range, newText: edit.newText))
        }
        guard !created.isEmpty else { return LSP.WorkspaceEdit(changes: changes) }
        let creations = created.map { LSP.DocumentChange.create(uri: Conversions.uri(ofPath: $0)) }
        let documentEdits = order.map { LSP.DocumentChange.edit(uri: $0, edits: changes[$0] ?? []) }
        return LSP.WorkspaceEdit(documentChanges: creations + documentEdits)
    }
}
