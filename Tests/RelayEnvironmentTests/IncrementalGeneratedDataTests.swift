@_spi(RelayGenerated) import Relay
import Testing

@testable import GoldenIncremental
@testable import RelayTesting

/// Generated data delivered as a server sends an operation with `@defer` and `@stream`: the
/// first payload without the deferred fragments and with a streamed list's first items, then
/// each part, in order; and the check running every incremental operation that way.
struct IncrementalGeneratedDataTests {
    static func generator(listLength: Int = 3) -> MockPayloadGenerator {
        var generator = MockPayloadGenerator()
        generator.shape.listLength = listLength
        return generator
    }

    @Test func aDeferredFragmentAndAStreamedListComeInTheServersParts() {
        let payloads = Self.generator().payloads(for: IncrementalProfileQuery())
        // The first payload, the deferred bio, then the second and third posts one by one.
        #expect(payloads.count == 4, "\(payloads)")
        let viewer = payloads.first?["data"]?["viewer"]
        #expect(viewer?["name"] != nil)
        #expect(viewer?["bio"] == nil && viewer?["followers"] == nil)
        if case .list(let posts)? = viewer?["posts"] { #expect(posts.count == 1) } else { Issue.record("no posts") }
        #expect(payloads[1]["path"] == ["viewer"])
        #expect(payloads[1]["label"] == "IncrementalProfileQuery$defer$IncrementalProfileBio_user")
        #expect(payloads[1]["data"]?["bio"] != nil && payloads[1]["data"]?["name"] == nil)
        #expect(payloads[2]["path"] == ["viewer", "posts", 1])
        #expect(payloads[3]["path"] == ["viewer", "posts", 2])
        #expect(payloads[3]["items"]?[0]?["title"] != nil)
        #expect(payloads.map { $0["hasNext"] } == [true, true, true, false])
    }

    /// `@defer(if: false)` and `@stream_connection(if: false)`: no parts, the data at once.
    @Test func aPartWhoseConditionIsFalseComesWithTheFirstPayload() {
        let profile = Self.generator().payloads(for: IncrementalProfileQuery(withBio: false))
        #expect(profile.count == 3)
        #expect(profile.first?["data"]?["viewer"]?["bio"] != nil)
        let feed = Self.generator().payloads(for: IncrementalFeedQuery(streamed: false))
        #expect(feed.count == 1)
        #expect(feed.first?["data"]?["viewer"]?["feed"]?["pageInfo"] != nil)
    }

    /// A deferred fragment on each item of a list: one part an item, its path ending with the index.
    @Test func aDeferredFragmentOnListItemsComesOnceForEachItem() {
        let payloads = Self.generator(listLength: 2).payloads(for: IncrementalTimelineQuery())
        #expect(payloads.dropFirst().map { $0["path"] } == [["viewer", "followers", 0], ["viewer", "followers", 1]])
        #expect(payloads.first?["data"]?["viewer"]?["followers"]?[0]?["posts"] == nil)
    }

    @Test func everyIncrementalOperationRunsInPartsWithNothingFound() {
        let report = GeneratedDataCheck(
            operations: RelayDefinitions.operations, fragments: RelayDefinitions.fragments,
            pluralFragments: RelayDefinitions.pluralFragments
        ).run()
        #expect(report.findings.isEmpty, "\(report.findings.map(\.description))")
        let parted = Set(report.runs.filter { $0.payloads > 1 }.map(\.operation))
        #expect(parted == ["IncrementalFeedQuery", "IncrementalProfileQuery", "IncrementalTimelineQuery"])
        #expect(report.unreachedFragments.isEmpty, "\(report.unreachedFragments)")
    }
}

extension VariableValue {
    /// A list value's item; nil for another value or an index past its end.
    fileprivate subscript(index: Int) -> VariableValue? {
        guard case .list(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

/// relay-test-utils' flow with parts: a screen sees the first payload, then each part land.
@MainActor
struct IncrementalMockFlowTests {
    let mock = MockEnvironment(operations: [IncrementalProfileQuery.self], unanswered: .pending)

    @Test func aPendingOperationIsAnsweredPartByPart() async throws {
        var updates = mock.environment.execute(IncrementalProfileQuery()).makeAsyncIterator()
        await mock.network.waitForPendingOperations()
        let operation = try #require(mock.network.mostRecentOperation)
        let payloads = try IncrementalGeneratedDataTests.generator(listLength: 2).payloads(for: operation)
        #expect(payloads.count == 3)
        mock.network.nextValue(operation, payloads[0])
        let first = try await updates.next()
        #expect(first?.viewer?.IncrementalProfileBio_user == nil)
        #expect(first?.viewer?.posts.count == 1)
        mock.network.nextValue(operation, payloads[1])
        #expect(try await updates.next()?.viewer?.IncrementalProfileBio_user != nil)
        mock.network.nextValue(operation, payloads[2])
        #expect(try await updates.next()?.viewer?.posts.count == 2)
        mock.network.complete(operation)
        #expect(try await updates.next() == nil)
    }
}
