import Foundation
import Relay

/// The app's own state, outside GraphQL: a `Store` (Verge's shape) the live resolvers read.
struct SessionState: ExtendedStateType, Equatable {
    var unreadCount = 0
    var currentCityID: String?
    /// A part no resolver reads: committing it re-reads no GraphQL data.
    var theme = "light"

    struct Extended: ExtendedType {
        static let instance = Extended()
        /// Memoized: computed again only when `unreadCount` changed.
        let unreadBadge = Field.Computed<String> { state in
            LiveResolverCounts.shared.count(\.badgeComputations)
            return state.unreadCount == 0 ? "" : state.unreadCount > 99 ? "99+" : String(state.unreadCount)
        }
        .dropsInput { $0.noChanges(\.unreadCount) }
    }
}

final class SessionStore: Store<SessionState, Never>, @unchecked Sendable {}

/// The store the live resolvers of this case read.
let sessionStore = SessionStore(initialState: SessionState())

/// What the live resolvers and resolver models did, for tests to count.
final class LiveResolverCounts: @unchecked Sendable {
    static let shared = LiveResolverCounts()

    struct Counts: Equatable {
        var badgeComputations = 0
        var nearbyReads = 0
        var nearbySubscriptions = 0
        /// How often the `Planet` model's function and the `badge` resolver ran.
        var planetLookups = 0
        var badgesMade = 0
    }

    private let lock = NSLock()
    private var counts = Counts()

    var now: Counts { lock.withLock { counts } }

    func count(_ counter: WritableKeyPath<Counts, Int>, by delta: Int = 1) {
        lock.withLock { counts[keyPath: counter] += delta }
    }
}

/// The unread count as the app shows it, live: every query reading it sees each commit that
/// changes the count, and only those.
///
/// @RelayResolver Query.unreadBadge: String
/// @live
func unreadBadge() -> Environment.LiveState<String> {
    sessionStore.liveState { $0.computed.unreadBadge }
}
