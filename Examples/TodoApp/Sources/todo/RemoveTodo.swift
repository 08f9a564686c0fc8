import Relay

private let mutation = graphql("""
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
