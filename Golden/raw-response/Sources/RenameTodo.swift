import Relay

// `@raw_response_type` on a mutation: the optimistic response is a `RenameTodoMutation.RawResponse`
// with the spread fragment's fields, so a misspelled field or a wrong type does not compile.
let renameTodoMutation = graphql("""
    mutation RenameTodoMutation($input: RenameTodoInput!, $withOwner: Boolean!) @raw_response_type {
      renameTodo(input: $input) {
        todo {
          ...TodoRow_todo
          owner @include(if: $withOwner) {
            name
          }
        }
        actor {
          name
          ... on Bot {
            version
          }
        }
      }
    }
    """)

/// Renames `todo`, showing the new text at once.
func rename(_ todo: TodoRow_todo.Data, to text: String, in environment: Environment) async throws
    -> RenameTodoMutation.Data
{
    try await environment.commitMutation(
        RenameTodoMutation(input: RenameTodoInput(id: todo.id, text: text), withOwner: false),
        optimisticResponse: RenameTodoMutation.RawResponse(
            renameTodo: .init(
                todo: .init(id: todo.id, text: text, status: todo.status, editedAt: todo.editedAt),
                actor: nil)))
}
