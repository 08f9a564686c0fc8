import Relay

// An updatable query: never sent; an updater reads it from the store and assigns its fields.
let profileEdit = graphql(
    """
    query ProfileEditUpdatableQuery($id: ID!, $season: Int = 1) @updatable {
      user(id: $id) {
        name
        nickname
        tags
        mood
        score(season: $season)
        bestFriend {
          ...ProfileFriend_user
        }
        friends(first: 3) {
          ...ProfileFriend_user
        }
        pinned {
          ... on Note {
            __typename
            body
          }
          ... on User {
            __typename
            name
          }
        }
      }
    }
    """)
