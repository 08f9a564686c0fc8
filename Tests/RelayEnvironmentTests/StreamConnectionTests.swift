import Foundation
import Testing

@testable import GoldenIncremental
@_spi(RelayGenerated) @testable import Relay

/// `@stream_connection` at run time (the golden `incremental` case's `IncrementalFeedQuery`):
/// each streamed edge joins the connection the app reads as it arrives, in order and once, and
/// the page's cursor arrives with the deferred `pageInfo` after the last edge. Until then the
/// connection's own page info has Relay's defaults (no next page, no cursor): what the app reads
/// of it is there, not missing data.
struct StreamConnectionTests {
    typealias Network = StreamingExecutionTests.StreamingNetwork

    let network = Network()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    static let first = """
        {"data": {"viewer": {"id": "me", "feed": {"edges": [{"cursor": "c1", "node": {"__typename": "Post", "id": "p1", "title": "One"}}]}}},
         "pending": [{"id": "0", "path": ["viewer", "feed", "edges"], "label": "IncrementalFeedQuery$stream$IncrementalFeedQuery_feed"},
                     {"id": "1", "path": ["viewer", "feed"], "label": "IncrementalFeedQuery$defer$IncrementalFeedQuery_feed$pageInfo"}],
         "hasNext": true}
        """

    static func edge(_ index: Int, _ title: String) -> String {
        #"{"cursor": "c\#(index)", "node": {"__typename": "Post", "id": "p\#(index)", "title": "\#(title)"}}"#
    }

    func titles(_ data: IncrementalFeedQuery.Data?) -> [String] {
        (data?.viewer?.feed.edges ?? []).map(\.node.title)
    }

    /// The connection's own page info, as pagination reads it.
    func pageInfo() -> Record? {
        let connection = ConnectionHandler.getConnectionID("me", key: "IncrementalFeedQuery_feed")
        guard case .link(let pageInfo?)? = environment.records[connection]?["pageInfo"] else { return nil }
        return environment.records[pageInfo]
    }

    @Test func streamedEdgesJoinTheConnectionAndThePageInfoFollowsThem() async throws {
        var updates = environment.execute(IncrementalFeedQuery()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(Data(Self.first.utf8))
        let first = try await updates.next()
        #expect(titles(first) == ["One"])
        #expect(first?.viewer?.feed.pageInfo.hasNextPage == false && first?.viewer?.feed.pageInfo.endCursor == nil)
        #expect(!environment.lookup(IncrementalFeedQuery()).isMissingData)
        #expect(pageInfo()?["hasNextPage"] == .scalar(false) && pageInfo()?["endCursor"] == .scalar(.null))

        request.yield(
            Data(#"{"incremental": [{"id": "0", "items": [\#(Self.edge(2, "Two"))]}], "hasNext": true}"#.utf8))
        #expect(titles(try await updates.next()) == ["One", "Two"])
        request.yield(
            Data(
                #"{"incremental": [{"id": "0", "items": [\#(Self.edge(3, "Three"))]}], "completed": [{"id": "0"}], "hasNext": true}"#
                    .utf8))
        #expect(titles(try await updates.next()) == ["One", "Two", "Three"])
        #expect(pageInfo()?["endCursor"] == .scalar(.null))

        request.yield(
            Data(
                #"{"incremental": [{"id": "1", "data": {"pageInfo": {"endCursor": "c3", "hasNextPage": true}}}], "completed": [{"id": "1"}], "hasNext": false}"#
                    .utf8))
        let last = try await updates.next()
        #expect(titles(last) == ["One", "Two", "Three"])
        #expect(last?.viewer?.feed.pageInfo.endCursor == "c3" && last?.viewer?.feed.pageInfo.hasNextPage == true)
        #expect(pageInfo()?["endCursor"] == .scalar("c3") && pageInfo()?["hasNextPage"] == .scalar(true))
        request.finish()
        #expect(try await updates.next() == nil)
    }

    @Test func withoutTheStreamTheConnectionArrivesWhole() async throws {
        var updates = environment.execute(IncrementalFeedQuery(streamed: false)).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(
            Data(
                #"{"data": {"viewer": {"id": "me", "feed": {"edges": [\#(Self.edge(1, "One")), \#(Self.edge(2, "Two"))], "pageInfo": {"endCursor": "c2", "hasNextPage": false}}}}}"#
                    .utf8))
        #expect(titles(try await updates.next()) == ["One", "Two"])
        #expect(pageInfo()?["endCursor"] == .scalar("c2"))
        request.finish()
    }
}
