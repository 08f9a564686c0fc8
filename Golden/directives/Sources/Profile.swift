import Relay

let profile = graphql("""
    query ProfileQuery($showEmail: Boolean!, $hideName: Boolean = false, $count: Int) {
      viewer {
        name @skip(if: $hideName)
        email @include(if: $showEmail)
        ...Friends_user @arguments(count: $count)
      }
    }
    """)
