import Foundation
import Relay
import Testing

@testable import GoldenMatch

/// Relay's data-driven dependencies (`@match` / `@module`) at run time, on the `match` golden
/// case: the server chooses each attachment's view among the supported ones and sends that
/// branch's data with the view's name; the app switches on the branch and reads its fragment.
@MainActor
struct MatchModuleTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    /// One story per kind of answer: a photo, a poll, and a photo the server did not send (its
    /// `js` fields null, no fragment data), as a server answers for a branch it declines.
    static let feedResponse = #"""
        {"data": {"feed": [
          {"id": "s1", "title": "Sunset", "attachment": {"__typename": "Photo",
            "url": "https://example.com/sunset.jpg", "width": 640,
            "__module_operation_FeedQuery": "FeedPhoto_photo$normalization.graphql",
            "__module_component_FeedQuery": "PhotoView"}},
          {"id": "s2", "title": "Lunch?", "attachment": {"__typename": "Poll",
            "question": "Where?", "options": ["here", "there"],
            "__module_operation_FeedQuery": "FeedPoll_poll$normalization.graphql",
            "__module_component_FeedQuery": "PollView"}},
          {"id": "s3", "title": "Declined", "attachment": {"__typename": "Photo",
            "__module_operation_FeedQuery": null, "__module_component_FeedQuery": null}}
        ]}}
        """#

    func fetchFeed() async throws -> [FeedQuery.Data.Story_feed] {
        async let fetched = environment.fetchQuery(FeedQuery())
        await network.waitForPending(1)
        await network.respond(with: Self.feedResponse)
        return try await fetched.feed
    }

    @Test func theServerIsToldWhichBranchesTheAppSupports() async throws {
        _ = try await fetchFeed()
        let text = try #require(await network.sentTexts.first ?? nil)
        #expect(text.contains(#"attachment(supported: ["Photo", "Poll"])"#))
        #expect(text.contains(#"__module_component_FeedQuery: js("#))
        #expect(text.contains(#"module: "FeedPhoto_photo$normalization.graphql""#))
        #expect(text.contains(#"id: "FeedQuery.feed.attachment""#))
    }

    @Test func eachBranchGivesItsViewAndItsFragmentsData() async throws {
        let feed = try await fetchFeed()
        #expect(feed.count == 3)
        guard case .photo(let photo)? = feed[0].attachment else {
            Issue.record("expected a photo, got \(String(describing: feed[0].attachment))")
            return
        }
        #expect(photo.__module_component == "PhotoView")
        let photoData = try #require(environment.lookup(FeedPhoto_photo(key: photo)).data)
        #expect(photoData.url == "https://example.com/sunset.jpg" && photoData.width == 640)

        guard case .poll(let poll)? = feed[1].attachment else {
            Issue.record("expected a poll, got \(String(describing: feed[1].attachment))")
            return
        }
        #expect(poll.__module_component == "PollView")
        let pollData = try #require(environment.lookup(FeedPoll_poll(key: poll)).data)
        #expect(pollData.question == "Where?" && pollData.options == ["here", "there"])
    }

    @Test func aBranchTheServerDidNotSendHasNoViewAndNeedsNoData() async throws {
        let feed = try await fetchFeed()
        guard case .photo(let declined)? = feed[2].attachment else {
            Issue.record("expected the declined photo, got \(String(describing: feed[2].attachment))")
            return
        }
        // No view to show: render nothing, as Relay's MatchContainer does.
        #expect(declined.__module_component == nil)
        #expect(environment.lookup(FeedPhoto_photo(key: declined)).isMissingData)
        // Its data is not missing from the query's point of view: the store can answer it.
        #expect(environment.isAvailable(FeedQuery()))
        await #expect(throws: Never.self) { try await environment.fetchQuery(FeedQuery(), fetchPolicy: .storeOnly) }
    }

    @Test func aRegistryGivesWhatTheAppRegisteredForTheChosenBranch() async throws {
        let feed = try await fetchFeed()
        var views = Environment.ModuleRegistry<String>()
        views.register("PhotoView") { (photo: any FeedPhoto_photo_Key) in
            "photo " + (environment.lookup(FeedPhoto_photo(key: photo)).data?.url ?? "?")
        }
        views.register("PollView") { (poll: FeedQuery.Data.Story_feed.Attachment_attachment.AsPoll) in
            "poll " + (environment.lookup(FeedPoll_poll(key: poll)).data?.question ?? "?")
        }
        #expect(
            feed.map { views.output(for: $0.attachment) } == [
                "photo https://example.com/sunset.jpg", "poll Where?", nil,
            ])
        #expect(feed[0].attachment?.moduleBranch?.component == "PhotoView")
        #expect(feed[2].attachment?.moduleBranch == nil)

        // A name the app has not registered, or registered with another branch's key: nothing.
        var others = Environment.ModuleRegistry<String>()
        others.register("PhotoView") { (_: any FeedPoll_poll_Key) in "wrong" }
        #expect(others.output(for: feed[0].attachment) == nil)
        #expect(others.output(for: feed[1].attachment) == nil)
    }

    @Test func aBranchWithoutItsFragmentsDataIsNotAvailable() async throws {
        async let fetched = environment.fetchQuery(FeedQuery())
        await network.waitForPending(1)
        // The server names the branch but leaves out its fields.
        await network.respond(
            with: #"""
                {"data": {"feed": [{"id": "s1", "title": "Sunset", "attachment": {"__typename": "Photo",
                  "__module_operation_FeedQuery": "FeedPhoto_photo$normalization.graphql",
                  "__module_component_FeedQuery": "PhotoView"}}]}}
                """#)
        _ = try await fetched
        #expect(!environment.isAvailable(FeedQuery()))
    }

    @Test func aModuleWithoutMatchIsKeyedByItsDocument() async throws {
        async let fetched = environment.fetchQuery(StoryQuery(id: "s1"))
        await network.waitForPending(1)
        let text = try #require(await network.sentTexts.first ?? nil)
        #expect(text.contains("__module_component_Story_story: js("))
        #expect(!text.contains("supported"))
        await network.respond(
            with: #"""
                {"data": {"node": {"__typename": "Story", "id": "s1", "title": "Sunset", "attachment": {
                  "__typename": "Photo", "url": "https://example.com/large.jpg",
                  "__module_operation_Story_story": "StoryPhoto_photo$normalization.graphql",
                  "__module_component_Story_story": "LargePhotoView"}}}}
                """#)
        let story = try #require(try await fetched.node?.story)
        let data = try #require(environment.lookup(Story_story(key: story)).data)
        guard case .photo(let photo)? = data.attachment else {
            Issue.record("expected a photo, got \(String(describing: data.attachment))")
            return
        }
        #expect(photo.__module_component == "LargePhotoView")
        #expect(environment.lookup(StoryPhoto_photo(key: photo)).data?.url == "https://example.com/large.jpg")
    }
}
