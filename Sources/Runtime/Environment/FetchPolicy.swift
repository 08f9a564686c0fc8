/// How `fetchQuery` and `Query` use the store and the network.
public enum FetchPolicy: Sendable {
    /// Only the store; missing data is an error.
    case storeOnly
    /// The store when it has everything, else the network.
    case storeOrNetwork
    /// The network, after returning what the store has (for `fetchQuery`: the network's answer).
    case storeAndNetwork
    /// Always the network.
    case networkOnly
}

/// What a fetch policy decides for an operation, given what the store has: the one decision
/// `fetchQuery` and `Query` both follow.
struct FetchDecision: Equatable {
    /// The store's data is complete and the policy lets it be shown now.
    let usesStoreData: Bool
    /// A request goes to the network.
    let sendsRequest: Bool

    /// The store lacks data and the policy forbids the network: the fetch fails.
    var failsForMissingData: Bool { !usesStoreData && !sendsRequest }
}

extension FetchPolicy {
    /// The decision for a store snapshot of the operation, `isStale` when the store's data is
    /// invalidated or expired (`Environment.check`). As in Relay, stale data is not shown by
    /// `storeOrNetwork` and `storeAndNetwork`, which fetch it again; `storeOnly` shows it.
    func decision<Data>(for snapshot: Snapshot<Data>, isStale: Bool = false) -> FetchDecision {
        let storeIsComplete = !snapshot.isMissingData && snapshot.data != nil
        let isFresh = storeIsComplete && !isStale
        return switch self {
        case .storeOnly: FetchDecision(usesStoreData: storeIsComplete, sendsRequest: false)
        case .storeOrNetwork: FetchDecision(usesStoreData: isFresh, sendsRequest: !isFresh)
        case .storeAndNetwork: FetchDecision(usesStoreData: isFresh, sendsRequest: true)
        case .networkOnly: FetchDecision(usesStoreData: false, sendsRequest: true)
        }
    }
}

extension RelayError {
    /// A `storeOnly` fetch of an operation the store lacks data for, naming the first fields
    /// missing when the operation's own selections show them.
    static func storeLacksData(for operationName: String, missing: [RelayError.MissingField] = []) -> RelayError {
        .missingData("the store lacks data for \(operationName)" + missing.summary)
    }
}
