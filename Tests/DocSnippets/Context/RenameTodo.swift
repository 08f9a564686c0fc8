import Relay

private let renameMutation = graphql(
    """
    mutation RenameTodoMutation($input: RenameTodoInput!, $withOwner: Boolean!) @raw_response_type {
      renameTodo(input: $input) {
        todo {
          ...TodoRow_todo
        }
        actor @include(if: $withOwner) {
          name
        }
      }
    }
    """)
