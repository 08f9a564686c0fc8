import Relay

let friends = graphql("""
    fragment Friends_user on User
      @refetchable(queryName: "FriendsRefetchQuery")
      @argumentDefinitions(count: {type: "Int", defaultValue: 10}, cursor: {type: "String"}) {
      friends(first: $count, after: $cursor, orderBy: "name")
        @connection(key: "Friends_friends", filters: ["orderBy"]) {
        edges {
          node { id name }
        }
        pageInfo { hasNextPage endCursor }
      }
    }
    """)
