import Relay

private let mutation = graphql("""
    mutation AddTodoMutation($input: AddTodoInput!) {
      addTodo(input: $input) {
        todoEdge {
          node {
            id
            ...ToDoItem_todo
          }
        }
        user {
          id
          openCount
        }
      }
    }
    """)
