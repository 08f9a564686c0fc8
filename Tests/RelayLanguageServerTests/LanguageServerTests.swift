import Foundation
import TestSupport
import Testing

@testable import RelayLanguageServer

/// `relay-swift-compiler lsp` as an editor drives it: initialize with a workspace that has a
/// `relay.json`, open a Swift file, change its GraphQL without saving; the diagnostics come at
/// the GraphQL's line and column in the Swift file, and go away when it is fixed.
struct LanguageServerTests {
    /// A server on pipes, run on a thread of its own, and the client's ends.
    final class Session: @unchecked Sendable {
        let toServer = Pipe()
        let fromServer = Pipe()
        private var buffer = Data()
        private var nextID = 0

        init() {
            let connection = JSONRPCConnection(
                input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting)
            nonisolated(unsafe) let server = LanguageServer(connection: connection, version: "test", log: { _ in })
            Thread { _ = server.run() }.start()
        }

        func send(_ message: [String: Any]) throws {
            var object = message
            object["jsonrpc"] = "2.0"
            let body = try JSONSerialization.data(withJSONObject: object)
            toServer.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        func request(_ method: String, _ parameters: [String: Any]) throws {
            nextID += 1
            try send(["id": nextID, "method": method, "params": parameters])
        }

        /// The next message from the server with this method (or a response, for nil).
        func next(_ method: String?) -> [String: Any]? {
            while true {
                if let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
                    let header = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                    let length = Int(header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
                    if buffer.distance(from: end.upperBound, to: buffer.endIndex) >= length {
                        let bodyEnd = buffer.index(end.upperBound, offsetBy: length)
                        let message =
                            (try? JSONSerialization.jsonObject(with: buffer[end.upperBound..<bodyEnd]))
                            as? [String: Any]
                        buffer = Data(buffer[bodyEnd...])
                        if let message, message["method"] as? String == method { return message }
                        continue
                    }
                }
                let more = fromServer.fileHandleForReading.availableData
                if more.isEmpty { return nil }
                buffer.append(more)
            }
        }
    }

    @Test func diagnosticsFollowUnsavedEditsAtTheSwiftPosition() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "type Query { todo: Todo }\ntype Todo { id: ID! text: String! }\n".write(
            to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        try #"{"src": "Sources", "schema": "schema.graphql"}"#.write(
            to: folder.appendingPathComponent("relay.json"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("Sources/Todo.swift")
        let good =
            "import Relay\n\nprivate let query = graphql(\"\"\"\n    query TodoQuery {\n      todo { id text }\n    }\n    \"\"\")\n"
        try good.write(to: file, atomically: true, encoding: .utf8)
        let uri = file.standardizedFileURL.absoluteString

        let session = Session()
        try session.request("initialize", ["rootUri": folder.standardizedFileURL.absoluteString, "capabilities": [:]])
        let initialized = try #require(session.next(nil))
        #expect((initialized["result"] as? [String: Any])?["capabilities"] != nil)
        try session.send(["method": "initialized", "params": [:]])
        try session.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": good]],
        ])
        let clean = try #require(session.next("textDocument/publishDiagnostics"))
        #expect(((clean["params"] as? [String: Any])?["diagnostics"] as? [Any])?.isEmpty == true)

        // A typo, not saved: `texts` on line 5 (0-based 4), column 17 (0-based 16).
        let typo = good.replacingOccurrences(of: "todo { id text }", with: "todo { id texts }")
        try session.send([
            "method": "textDocument/didChange",
            "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": typo]]],
        ])
        let published = try #require(session.next("textDocument/publishDiagnostics"))
        let parameters = try #require(published["params"] as? [String: Any])
        #expect(parameters["uri"] as? String == uri)
        let diagnostics = try #require(parameters["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect((diagnostic["message"] as? String)?.hasPrefix("Cannot query field \"texts\" on type \"Todo\".") == true)
        let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Int]
        #expect(start == ["line": 4, "character": 16])

        try session.send([
            "method": "textDocument/didChange",
            "params": ["textDocument": ["uri": uri, "version": 3], "contentChanges": [["text": good]]],
        ])
        let fixed = try #require(session.next("textDocument/publishDiagnostics"))
        #expect(((fixed["params"] as? [String: Any])?["diagnostics"] as? [Any])?.isEmpty == true)
        try session.request("shutdown", [:])
        #expect(session.next(nil) != nil)
        try session.send(["method": "exit"])
    }

    /// A multi-project relay.config.json: each open file is checked in its own project, against
    /// that project's schema.
    @Test func eachFileIsCheckedInItsOwnProject() throws {
        let files = [
            "relay.config.json": #"""
            {"sources": {"App": "app", "Admin": "admin"},
             "projects": {"app": {"schema": "app.graphql"}, "admin": {"schema": "admin.graphql"}}}
            """#,
            "app.graphql": "type Query { feed: [String] }",
            "admin.graphql": "type Query { users: [String] }",
            "App/Feed.swift": "let q = graphql(\"query FeedQuery { feed }\")\n",
            "Admin/Users.swift": "let q = graphql(\"query UsersQuery { users feed }\")\n",
        ]
        let folder = try TemporaryFolder.make("lsp", files: files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = Session()
        try session.request("initialize", ["rootUri": folder.standardizedFileURL.absoluteString, "capabilities": [:]])
        _ = try #require(session.next(nil))
        try session.send(["method": "initialized", "params": [:]])
        for path in ["App/Feed.swift", "Admin/Users.swift"] {
            let uri = folder.appendingPathComponent(path).standardizedFileURL.absoluteString
            try session.send([
                "method": "textDocument/didOpen",
                "params": [
                    "textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": files[path] ?? ""]
                ],
            ])
        }
        // Each file's diagnostics, as last published, once both files have been.
        var published: [String: [String]] = [:]
        while published.count < 2 {
            let message = try #require(session.next("textDocument/publishDiagnostics"))
            let parameters = try #require(message["params"] as? [String: Any])
            let name = ((parameters["uri"] as? String) ?? "").split(separator: "/").last.map(String.init) ?? ""
            published[name] = (parameters["diagnostics"] as? [[String: Any]] ?? []).compactMap {
                $0["message"] as? String
            }
        }
        // `feed` is the app's field, not the admin's; the app's query is clean.
        #expect(published["Feed.swift"] == [])
        #expect(published["Users.swift"]?.count == 1)
        #expect(published["Users.swift"]?.first?.hasPrefix("Cannot query field \"feed\" on type \"Query\".") == true)
        try session.request("shutdown", [:])
        #expect(session.next(nil) != nil)
        try session.send(["method": "exit"])
    }

    /// LSP counts columns in UTF-16 units; the compiler counts bytes. A character outside the
    /// Basic Multilingual Plane is two units and four bytes.
    @Test func positionsConvertBetweenUTF16ColumnsAndBytes() {
        let text = "let a = 1\n// 🙂 é\nlet q = graphql(\"{ viewer }\")\n"
        // Line 1 ("// 🙂 é"): "// " is 3 units, 🙂 2 more, " " 1, then é.
        #expect(Conversions.byteOffset(of: LSP.Position(line: 1, character: 6), in: text) == 10 + 3 + 4 + 1)
        #expect(Conversions.byteOffset(of: LSP.Position(line: 2, character: 0), in: text) == 10 + 3 + 4 + 1 + 2 + 1)
        // Past the end of a line or of the text: its end, never a crash.
        #expect(Conversions.byteOffset(of: LSP.Position(line: 0, character: 99), in: text) == 9)
        #expect(Conversions.byteOffset(of: LSP.Position(line: 99, character: 3), in: text) == text.utf8.count)
    }

    /// A message the client framed wrongly costs that message alone: it is answered with a parse
    /// error when its id can be read, and the requests after it are answered.
    @Test func badlyFramedMessagesLeaveTheServerListening() throws {
        let session = Session()
        try session.request("initialize", ["capabilities": [:]])
        #expect(session.next(nil) != nil)
        let request = #"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"text":"café"}}"#
        let bad: [String] = [
            "Content-Length: twelve\r\n\r\n\(request)",
            "Content-Length: \(request.utf8.count - 4)\r\n\r\n\(request)",
            "Content-Length: \(request.count)\r\n\r\n\(request)",  // characters, not bytes
            "Content-Length: 4611686018427387904\r\n\r\n\(request)",
            "Content-Type: text/plain\r\n\r\n\(request)",
        ]
        for (index, frame) in bad.enumerated() {
            session.toServer.fileHandleForWriting.write(Data(frame.utf8))
            try session.send(["id": 100 + index, "method": "textDocument/hover", "params": [:]])
            let parseError = try #require(session.next(nil), "frame \(index)")
            #expect(parseError["id"] as? Int == 3, "frame \(index)")
            #expect((parseError["error"] as? [String: Any])?["code"] as? Int == -32700, "frame \(index)")
            let answer = try #require(session.next(nil), "frame \(index)")
            #expect(answer["id"] as? Int == 100 + index, "frame \(index): the request after it is answered")
            // Its parameters are not a hover's: typed decoding answers so, and nothing stops.
            #expect((answer["error"] as? [String: Any])?["code"] as? Int == -32602, "frame \(index)")
        }
        // A length too long is found out when the next message arrives.
        session.toServer.fileHandleForWriting.write(
            Data("Content-Length: \(request.utf8.count + 9)\r\n\r\n\(request)".utf8))
        try session.send(["id": 200, "method": "textDocument/hover", "params": [:]])
        #expect(session.next(nil)?["id"] as? Int == 3)
        #expect(session.next(nil)?["id"] as? Int == 200)
        try session.request("shutdown", [:])
        #expect(session.next(nil) != nil)
        try session.send(["method": "exit"])
    }
}
