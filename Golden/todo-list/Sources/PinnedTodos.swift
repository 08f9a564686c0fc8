import Relay

/// The pinned to-dos, read as one plural fragment over the list.
private let pinned = graphql("""
    query PinnedTodosQuery {
      viewer {
        id
        pinned {
          ...PinnedTodos_todos
        }
      }
    }
    """)

private let pinnedTexts = graphql("""
    fragment PinnedTodos_todos on Todo @relay(plural: true) {
      id
      text
    }
    """)
