import Foundation
import Relay

/// The newest to-dos, read as one plural fragment over the list, with their `DateTime`
/// `createdAt` as a Foundation `Date` (`customScalarTypes` in relay.json).
private let recent = graphql("""
    query RecentTodosQuery($count: Int!) {
      viewer {
        id
        recent(count: $count) {
          ...RecentTodos_todos
        }
      }
    }
    """)

private let recentTodos = graphql("""
    fragment RecentTodos_todos on Todo @relay(plural: true) {
      id
      text
      createdAt
    }
    """)

extension RecentTodos_todos.Data {
    /// `todo-2 2026-11-24T09:02:00Z Write docs`
    var line: String { "\(id) \(createdAt.formatted(.iso8601)) \(text)" }
}
