import Relay

private let rowFragment = graphql(
    """
    fragment TodoRow_todo on Todo {
      id
      text
      status
      editedAt
    }
    """)
