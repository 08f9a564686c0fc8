/// The Language Server Protocol's types, as Swift values: what the client sends (here) and
/// what the server answers and notifies (`LSPResults.swift`). Only the fields the server
/// reads or writes are declared; JSON keys are LSP's.
public enum LSP {
    /// A place in a document: a 0-based line, and a column in UTF-16 units.
    public struct Position: Codable, Hashable, Sendable {
        public var line: Int
        public var character: Int
    }

    public struct Range: Codable, Hashable, Sendable {
        public var start: Position
        public var end: Position
    }

    public struct Location: Codable, Hashable, Sendable {
        public var uri: String
        public var range: Range
    }

    public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
        public var uri: String
    }

    public struct TextDocumentItem: Decodable, Sendable {
        public var uri: String
        public var text: String
    }

    /// `initialize`'s parameters: the workspace's folder, and what the client can do.
    public struct InitializeParams: Decodable, Sendable {
        public var rootUri: String?
        public var rootPath: String?
        public var capabilities: ClientCapabilities?
    }

    public struct ClientCapabilities: Decodable, Sendable {
        public var workspace: Workspace?

        public struct Workspace: Decodable, Sendable {
            public var didChangeWatchedFiles: Registration?
            public var workspaceEdit: WorkspaceEditCapabilities?
        }

        public struct Registration: Decodable, Sendable {
            public var dynamicRegistration: Bool?
        }

        public struct WorkspaceEditCapabilities: Decodable, Sendable {
            public var resourceOperations: [String]?
        }
    }

    public struct DidOpenParams: Decodable, Sendable {
        public var textDocument: TextDocumentItem
    }

    /// Full synchronization: the last change holds the whole text.
    public struct DidChangeParams: Decodable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var contentChanges: [Change]

        public struct Change: Decodable, Sendable {
            public var text: String
        }
    }

    /// `didClose`, `didSave`, and the requests about a whole document.
    public struct DocumentParams: Decodable, Sendable {
        public var textDocument: TextDocumentIdentifier
    }

    public struct WatchedFilesParams: Decodable, Sendable {
        public var changes: [TextDocumentIdentifier]
    }

    /// A request about a position: completion, hover, definition, prepare rename, print
    /// operation.
    public struct PositionParams: Decodable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var position: Position
    }

    public struct ReferenceParams: Decodable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var position: Position
        public var context: Context?

        public struct Context: Decodable, Sendable {
            public var includeDeclaration: Bool
        }
    }

    public struct RenameParams: Decodable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var position: Position
        public var newName: String
    }

    /// A request about a range: code actions, inlay hints.
    public struct RangeParams: Decodable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var range: Range
    }

    public struct WorkspaceSymbolParams: Decodable, Sendable {
        public var query: String
    }

    /// `workspace/executeCommand` of the print-operation command: its arguments are the
    /// document's URI and the position.
    public struct ExecuteCommandParams: Decodable, Sendable {
        public var command: String
        public var position: PositionParams?

        enum CodingKeys: String, CodingKey { case command, arguments }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            command = try container.decode(String.self, forKey: .command)
            guard var arguments = try? container.nestedUnkeyedContainer(forKey: .arguments), arguments.count == 2,
                let uri = try? arguments.decode(String.self), let position = try? arguments.decode(Position.self)
            else { return }
            self.position = PositionParams(textDocument: TextDocumentIdentifier(uri: uri), position: position)
        }
    }
}
