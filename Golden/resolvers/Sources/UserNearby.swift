import Relay

// The root fragment of a live resolver: when the user's city changes, the resolver runs again
// and its new live state replaces the old one.
let userNearbyResolver = graphql(
    """
    fragment UserNearbyResolver on User {
      city {
        id
      }
    }
    """)

/// Whether the user is in the city the app's state has as current, live.
///
/// @RelayResolver User.isNearby: Boolean
/// @rootFragment UserNearbyResolver
/// @live
func isNearby(_ user: UserNearbyResolver.Data) -> Environment.LiveState<Bool> {
    let cityID = user.city?.id
    let state = sessionStore.liveState { $0.currentCityID != nil && $0.currentCityID == cityID }
    // Counted, for the tests: how often the runtime reads it and how many subscriptions it holds.
    return Environment.LiveState(
        read: {
            LiveResolverCounts.shared.count(\.nearbyReads)
            return try state.read()
        },
        subscribe: { changed in
            LiveResolverCounts.shared.count(\.nearbySubscriptions)
            let cancel = state.subscribe(changed)
            return {
                LiveResolverCounts.shared.count(\.nearbySubscriptions, by: -1)
                cancel()
            }
        })
}
