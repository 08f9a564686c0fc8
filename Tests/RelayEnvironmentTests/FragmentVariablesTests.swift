import Foundation
import Relay
import Testing

@testable import GoldenFragmentVariables

/// Fragment variables in the syntax at run time (the golden `fragment-variables` case): the
/// spread's arguments and the fragment's defaults reach the server's text and the store's keys,
/// and the fragment reads its data with them.
@MainActor
struct FragmentVariablesTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    @Test func theFragmentReadsWithItsSpreadsArgumentsAndItsDefaults() async throws {
        async let fetched = environment.fetchQuery(AlbumQuery(id: "a1"))
        await network.waitForPending(1)
        let text = await network.sentTexts.last ?? nil
        #expect(text?.contains("photos(first: 3)") == true && text?.contains("url(size: 64)") == true)
        await network.respond(
            with: #"""
                {"data": {"album": {"id": "a1", "title": "Coast", "photos": [
                  {"id": "p1", "url": "https://example.com/p1-64.jpg", "caption": "Cliffs"},
                  {"id": "p2", "url": "https://example.com/p2-64.jpg", "caption": null}
                ]}}}
                """#)
        let album = try #require(try await fetched.album)
        #expect(album.title == "Coast")
        let photos = try #require(environment.lookup(AlbumPhotos_album(key: album)).data?.photos)
        #expect(photos.map(\.url) == ["https://example.com/p1-64.jpg", "https://example.com/p2-64.jpg"])
        #expect(photos.map(\.caption) == ["Cliffs", nil])
        // The store keeps the fields under the applied arguments.
        #expect(environment.records["a1"]?["photos(first:3)"] != nil)
        #expect(environment.records["p1"]?["url(size:64)"] == .scalar("https://example.com/p1-64.jpg"))
    }
}
