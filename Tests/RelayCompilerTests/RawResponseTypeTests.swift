import Foundation
import Testing

/// `@raw_response_type` makes optimistic responses a Swift compiler's business: the golden
/// `raw-response` case's generated code, with app code building a `RawResponse`, type-checks when
/// the response is right and fails to when a field is misspelled or of the wrong type.
struct RawResponseTypeTests {
    static func typeCheck(_ optimisticResponse: String) throws -> String? {
        let generated = try GoldenTests.compile("raw-response")
        let app = """
            func optimistic(_ todo: TodoRow_todo.Data) -> RenameTodoMutation.RawResponse {
                \(optimisticResponse)
            }
            """
        let source = (generated.keys.sorted().compactMap { generated[$0] } + [app]).joined(separator: "\n")
        return try SwiftTypeChecker.errors(in: source)
    }

    @Test func aRightResponseCompiles() throws {
        guard
            let errors = try Self.typeCheck(
                """
                RenameTodoMutation.RawResponse(
                    renameTodo: .init(
                        todo: .init(id: todo.id, text: "Buy oat milk", status: .case(.done), editedAt: nil),
                        actor: .init(__typename: "Bot", name: "Tidy", version: 2, id: "bot-1")))
                """)
        else {
            print("note: swiftc or the built Relay module not found; skipping the RawResponse type check")
            return
        }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func aMisspelledFieldDoesNotCompile() throws {
        guard
            let errors = try Self.typeCheck(
                """
                RenameTodoMutation.RawResponse(
                    renameTodo: .init(todo: .init(id: todo.id, txt: "Buy oat milk", status: .case(.done), editedAt: nil), actor: nil))
                """)
        else { return }
        #expect(errors.contains("error:") && errors.contains("txt"), "\(errors)")
    }

    @Test func aValueOfTheWrongTypeDoesNotCompile() throws {
        guard
            let errors = try Self.typeCheck(
                """
                RenameTodoMutation.RawResponse(
                    renameTodo: .init(todo: .init(id: todo.id, text: "Buy oat milk", status: "DONE", editedAt: nil), actor: nil))
                """)
        else { return }
        #expect(errors.contains("error:") && errors.contains("TodoStatus"), "\(errors)")
    }

    @Test func aFieldTheServerSendsCannotBeLeftOut() throws {
        // `editedAt` is nullable but always in the response: nil must be written, not forgotten.
        guard
            let errors = try Self.typeCheck(
                """
                RenameTodoMutation.RawResponse(
                    renameTodo: .init(todo: .init(id: todo.id, text: "Buy oat milk", status: .case(.done)), actor: nil))
                """)
        else { return }
        #expect(errors.contains("error:") && errors.contains("editedAt"), "\(errors)")
    }
}
