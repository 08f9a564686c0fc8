import Relay

/// Appends the server's new edge to the connections it is given.
private let addTodo = graphql("""
    mutation AddTodoMutation($input: AddTodoInput!, $connections: [ID!]!) {
      addTodo(input: $input) {
        todoEdge @appendEdge(connections: $connections) {
          cursor
          node {
            id
            ...TodoRow_todo
          }
        }
        user {
          id
          openCount
        }
      }
    }
    """)
