extension LSP {
    public struct InitializeResult: Encodable, Sendable {
        public var capabilities: ServerCapabilities
        public var serverInfo: ServerInfo

        public struct ServerInfo: Encodable, Sendable {
            public var name: String
            public var version: String
        }
    }

    /// What the server does: full text synchronization, and the features it answers.
    public struct ServerCapabilities: Encodable, Sendable {
        public var textDocumentSync = TextDocumentSync()
        public var completionProvider = CompletionOptions()
        public var hoverProvider = true
        public var definitionProvider = true
        public var referencesProvider = true
        public var documentSymbolProvider = true
        public var workspaceSymbolProvider = true
        public var renameProvider = RenameOptions()
        public var codeActionProvider = CodeActionOptions()
        public var inlayHintProvider = true
        public var foldingRangeProvider = true
        public var executeCommandProvider: ExecuteCommandOptions

        public struct TextDocumentSync: Encodable, Sendable {
            public var openClose = true
            /// 1: the whole text on every change.
            public var change = 1
        }
        public struct CompletionOptions: Encodable, Sendable { public var triggerCharacters = ["@", "$", "."] }
        public struct RenameOptions: Encodable, Sendable { public var prepareProvider = true }
        public struct CodeActionOptions: Encodable, Sendable { public var codeActionKinds = ["quickfix"] }
        public struct ExecuteCommandOptions: Encodable, Sendable { public var commands: [String] }
    }

    public struct MarkupContent: Encodable, Sendable {
        public var kind = "markdown"
        public var value: String
    }

    public struct CompletionList: Encodable, Sendable {
        public var isIncomplete = false
        public var items: [CompletionItem]
    }

    public struct CompletionItem: Encodable, Sendable {
        public var label: String
        /// LSP's `CompletionItemKind`.
        public var kind: Int
        public var detail: String?
        public var documentation: MarkupContent?
        public var insertText: String?
        public var filterText: String?
        /// `[1]`: deprecated.
        public var tags: [Int]?
    }

    public struct Hover: Encodable, Sendable {
        public var contents: MarkupContent
        public var range: Range
    }

    public struct TextEdit: Encodable, Sendable {
        public var range: Range
        public var newText: String
    }

    /// Edits by document URI; with `documentChanges` when it creates files (each created
    /// before its edits).
    public struct WorkspaceEdit: Encodable, Sendable {
        public var changes: [String: [TextEdit]]?
        public var documentChanges: [DocumentChange]?
    }

    public enum DocumentChange: Encodable, Sendable {
        case create(uri: String)
        case edit(uri: String, edits: [TextEdit])

        private struct Create: Encodable {
            var kind = "create"
            var uri: String
            var options = ["ignoreIfExists": true]
        }
        private struct Edit: Encodable {
            var textDocument: VersionedIdentifier
            var edits: [TextEdit]
        }
        private struct VersionedIdentifier: Encodable {
            var uri: String
            /// `null`: the edit applies to the document as it is.
            var version: Int?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(uri, forKey: .uri)
                try container.encodeNil(forKey: .version)
            }
            enum CodingKeys: String, CodingKey { case uri, version }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .create(let uri): try Create(uri: uri).encode(to: encoder)
            case .edit(let uri, let edits):
                try Edit(textDocument: VersionedIdentifier(uri: uri), edits: edits).encode(to: encoder)
            }
        }
    }

    public struct Diagnostic: Encodable, Sendable {
        public var range: Range
        /// 1: error, 2: warning.
        public var severity: Int
        public var source = "relay-swift"
        public var message: String
    }

    public struct CodeAction: Encodable, Sendable {
        public var title: String
        public var kind = "quickfix"
        public var diagnostics: [Diagnostic]
        public var edit: WorkspaceEdit
    }

    public struct InlayHint: Encodable, Sendable {
        public var position: Position
        public var label: String
        /// 1: a type.
        public var kind = 1
    }

    public struct FoldingRange: Encodable, Sendable {
        public var startLine: Int
        public var endLine: Int
    }

    public struct DocumentSymbol: Encodable, Sendable {
        public var name: String
        public var detail: String
        /// LSP's `SymbolKind`.
        public var kind: Int
        public var range: Range
        public var selectionRange: Range
    }

    public struct SymbolInformation: Encodable, Sendable {
        public var name: String
        public var kind: Int
        public var containerName: String
        public var location: Location
    }

    /// Relay's print-operation answer.
    public struct PrintedOperation: Encodable, Sendable {
        public var name: String
        public var text: String
    }

    public struct PublishDiagnosticsParams: Encodable, Sendable {
        public var uri: String
        public var diagnostics: [Diagnostic]
    }

    /// `window/showMessage`: 1 an error, 2 a warning, 3 information.
    public struct ShowMessageParams: Encodable, Sendable {
        public enum MessageType: Int, Encodable, Sendable {
            case error = 1
            case warning = 2
            case info = 3
        }
        public var type: MessageType
        public var message: String
    }

    /// `client/registerCapability` of file watching.
    public struct RegistrationParams: Encodable, Sendable {
        public var registrations: [Registration]

        public struct Registration: Encodable, Sendable {
            public var id: String
            public var method: String
            public var registerOptions: Watchers
        }
        public struct Watchers: Encodable, Sendable {
            public var watchers: [Watcher]
        }
        public struct Watcher: Encodable, Sendable {
            public var globPattern: String
        }
    }
}
