import Relay

/// Deletes the to-do's record: every list that showed it drops it.
private let removeTodo = graphql("""
    mutation RemoveTodoMutation($input: RemoveTodoInput!) {
      removeTodo(input: $input) {
        deletedTodoId @deleteRecord
        user {
          id
          openCount
        }
      }
    }
    """)

/// Takes the to-do out of the given connections only; its record stays.
private let removeTodoEdge = graphql("""
    mutation RemoveTodoEdgeMutation($input: RemoveTodoInput!, $connections: [ID!]!) {
      removeTodo(input: $input) {
        deletedTodoId @deleteEdge(connections: $connections)
      }
    }
    """)
