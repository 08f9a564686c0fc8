import Relay

// The live updates of the TodoApp example's server (`Examples/TodoServer`, whose schema this
// case uses), run against that server by `Tests/RelayEnvironmentTests/LiveServerTests.swift`.

/// What a to-do row shows; every event of the subscriptions below lands here.
private let todoRow = graphql(
    """
    fragment LiveTodoRow_todo on Todo {
      id
      text
      complete
    }
    """)

/// One to-do's changes, or every to-do's when `$id` is null.
private let todoChanged = graphql(
    """
    subscription LiveTodoChangedSubscription($id: ID) {
      todoChanged(id: $id) {
        id
        text
        ...LiveTodoRow_todo
      }
    }
    """)

/// Every to-do added.
private let todoAdded = graphql(
    """
    subscription LiveTodoAddedSubscription {
      todoAdded {
        node {
          ...LiveTodoRow_todo
        }
      }
    }
    """)

private let addTodo = graphql(
    """
    mutation LiveAddTodoMutation($input: AddTodoInput!) {
      addTodo(input: $input) {
        todoEdge {
          node {
            ...LiveTodoRow_todo
          }
        }
      }
    }
    """)

private let renameTodo = graphql(
    """
    mutation LiveRenameTodoMutation($input: RenameTodoInput!) {
      renameTodo(input: $input) {
        todo {
          id
          text
        }
      }
    }
    """)

/// The user's name at once, the slow summary when it is ready (`@defer`), and every to-do one
/// by one after the first (`@stream`).
private let overview = graphql(
    """
    query LiveOverviewQuery {
      viewer {
        id
        name
        ...LiveSummary_user @defer(label: "summary")
        allTodos @stream(initialCount: 1) {
          ...LiveTodoRow_todo
        }
      }
    }
    """)

private let summary = graphql(
    """
    fragment LiveSummary_user on User {
      summary
    }
    """)
