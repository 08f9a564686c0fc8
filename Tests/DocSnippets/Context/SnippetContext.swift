import Foundation
import GraphQLParser
import Relay
import RelayTesting

/// What the docs' statement snippets take as given: each one is compiled as a method of this
/// type (by `.ci/check-doc-snippets.py`), so these are the names it may use without declaring
/// them. Never instantiated: the snippets are compiled, not run.
@MainActor
struct SnippetContext {
    let environment: Environment
    let mock: MockEnvironment
    let webSocket: GraphQLWebSocketNetwork
    let viewer: TodoFeedQuery.Data.User_viewer
    let todo: TodoRow_todo.Data
    let id: String
    let text: String
    let token: String
    let feedJSON: String
    let sdl: String
    let operation: GraphQLParser.OperationDefinition

    func show(_ value: Any?) {}
    func showBio(_ fragment: ProfileBio_user) {}
    func showPosts(_ posts: [ProfileQuery.Data.User_viewer.Post_posts]) {}
    func showReconnecting(_ attempt: Int) {}
    func hideBanner() {}
    func showOffline(_ error: (any Error)?) {}
}

/// The app's own to-do type, which the state `Store` snippet keeps.
struct Todo: Sendable, Equatable {
    var text = ""
    var done = false
}
