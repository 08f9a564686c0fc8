import Testing

@testable import Relay

/// The one fetch-policy decision `fetchQuery` and `Query` follow, for a store that has all of
/// an operation's data and for one that lacks some.
struct FetchPolicyTests {
    func snapshot(complete: Bool) -> Snapshot<Int> {
        Snapshot(data: complete ? 1 : nil, isMissingData: !complete, seenRecords: [])
    }

    @Test(arguments: [
        (FetchPolicy.storeOnly, true, FetchDecision(usesStoreData: true, sendsRequest: false)),
        (.storeOnly, false, FetchDecision(usesStoreData: false, sendsRequest: false)),
        (.storeOrNetwork, true, FetchDecision(usesStoreData: true, sendsRequest: false)),
        (.storeOrNetwork, false, FetchDecision(usesStoreData: false, sendsRequest: true)),
        (.storeAndNetwork, true, FetchDecision(usesStoreData: true, sendsRequest: true)),
        (.storeAndNetwork, false, FetchDecision(usesStoreData: false, sendsRequest: true)),
        (.networkOnly, true, FetchDecision(usesStoreData: false, sendsRequest: true)),
        (.networkOnly, false, FetchDecision(usesStoreData: false, sendsRequest: true)),
    ])
    func decision(policy: FetchPolicy, storeIsComplete: Bool, expected: FetchDecision) {
        #expect(policy.decision(for: snapshot(complete: storeIsComplete)) == expected)
    }

    @Test func onlyAStoreOnlyFetchOfMissingDataFails() {
        let failing = [FetchPolicy.storeOnly, .storeOrNetwork, .storeAndNetwork, .networkOnly].filter {
            $0.decision(for: snapshot(complete: false)).failsForMissingData
        }
        #expect(failing == [.storeOnly])
    }

    @Test func partialDataIsNotComplete() {
        let partial = Snapshot<Int>(data: 1, isMissingData: true, seenRecords: [])
        #expect(FetchPolicy.storeOrNetwork.decision(for: partial).sendsRequest)
    }
}
