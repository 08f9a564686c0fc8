import Relay

/// A badge the app gives a user by age: a client object without an id (a weak resolver model),
/// made whole by the resolver of the edge to it.
///
/// @RelayResolver Badge
/// @weak
struct Badge: Sendable {
    let title: String
    let level: Int
}

/// @RelayResolver Badge.title: String
func badgeTitle(_ badge: Badge) -> String {
    badge.title
}

/// @RelayResolver Badge.level: Int
func badgeLevel(_ badge: Badge) -> Int {
    badge.level
}

let userBadgeResolver = graphql(
    """
    fragment UserBadgeResolver on User {
      birthYear
    }
    """)

/// The user's badge, computed from the birth year; nil without one.
///
/// @RelayResolver User.badge: Badge
/// @rootFragment UserBadgeResolver
func badge(_ user: UserBadgeResolver.Data) -> Badge? {
    guard let year = user.birthYear else { return nil }
    LiveResolverCounts.shared.count(\.badgesMade)
    return year < 1990 ? Badge(title: "Veteran", level: 3) : Badge(title: "Explorer", level: 1)
}
