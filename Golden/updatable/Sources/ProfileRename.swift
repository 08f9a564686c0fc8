import Relay

// A mutation whose optimistic updater edits the profile through `ProfileEditUpdatableQuery`.
let profileRename = graphql(
    """
    mutation ProfileRenameMutation($id: ID!, $name: String!) {
      renameUser(id: $id, name: $name) {
        id
        name
      }
    }
    """)
