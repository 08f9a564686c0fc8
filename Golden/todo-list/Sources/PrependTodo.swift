import Relay

/// Puts the new to-do first, building the edge on the client.
private let prependTodo = graphql("""
    mutation PrependTodoMutation($input: AddTodoInput!, $connections: [ID!]!) {
      addTodo(input: $input) {
        todo @prependNode(connections: $connections, edgeTypeName: "TodoEdge") {
          id
          ...TodoRow_todo
        }
      }
    }
    """)
