import Foundation
@_spi(RelayGenerated) import GoldenDocuments
@_spi(RelayGenerated) import GoldenFetchable
@_spi(RelayGenerated) import Relay
import Synchronization
import Testing

/// Missing-field handlers, after relay-runtime's tests of `check` with handlers
/// (`RelayModernEnvironment-CheckWithMissingFieldHandlers`, `DataChecker-test`'s handlers): a
/// field the store lacks is looked up where a handler says, the link is written into the store,
/// and a `storeOrNetwork` fetch is answered from the record another query wrote, with no request.
struct MissingFieldHandlerTests {
    let network = MockNetwork()

    func environment(_ handlers: [Environment.MissingFieldHandler]) -> Environment {
        Environment(network: network) { $0.missingFieldHandlers = handlers }
    }

    func commitPhoto(_ id: String, likes: Int, in environment: Environment) throws {
        try environment.commitPayload(
            PhotoLikesRefetchQuery(id: id),
            data: [
                "fetch__Photo": [
                    "__typename": "Photo", "id": .string(id), "photo_id": .string(id), "likes": .int(likes),
                ]
            ])
    }

    func commitShelf(in environment: Environment) throws {
        try environment.commitPayload(
            ShelfQuery(),
            data: [
                "viewer": [
                    "name": "Ada",
                    "shelf": [
                        ["id": "b1", "title": "Notes", "author": "Ada"],
                        ["id": "b2", "title": "Sketch", "author": nil],
                    ],
                ]
            ])
    }

    @Test func nodeIsAnsweredByTheRecordAnotherQueryWrote() async throws {
        let environment = environment([.node])
        try commitPhoto("p1", likes: 3, in: environment)
        let data = try await environment.fetchQuery(PhotoLikesQuery(id: "p1"), fetchPolicy: .storeOrNetwork)
        let photo = try #require(data.node?.PhotoLikes_photo)
        #expect(environment.lookup(PhotoLikes_photo(key: photo)).data?.likes == 3)
        #expect(await network.sentTexts.isEmpty)
        // The link is the store's now: the query is available, written by no response of its own.
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .available(fetchTime: nil))
    }

    @Test func withoutHandlersTheSameQueryIsMissing() throws {
        let environment = environment([])
        try commitPhoto("p1", likes: 3, in: environment)
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .missing)
    }

    @Test func anAppHandlerOpensTheDetailOfAListItemWithNoRequest() async throws {
        let environment = environment([.node, .rootField("book")])
        try commitShelf(in: environment)
        let data = try await environment.fetchQuery(BookQuery(id: "b2"), fetchPolicy: .storeOrNetwork)
        let book = try #require(data.book)
        #expect(environment.lookup(Book_book(key: book)).data?.title == "Sketch")
        #expect(await network.sentTexts.isEmpty)
    }

    @Test func anAnswerNamingAnUnknownRecordLeavesTheDataMissing() async throws {
        let environment = environment([.rootField("book")])
        try commitShelf(in: environment)
        #expect(environment.check(BookQuery(id: "b9")) == .missing)
        async let fetched = environment.fetchQuery(BookQuery(id: "b9"), fetchPolicy: .storeOrNetwork)
        await network.waitForPending(1)
        await network.respond(with: #"{"data": {"book": {"id": "b9", "title": "Later", "author": null}}}"#)
        #expect(try await fetched.book != nil)
    }

    @Test func aHandlerIsAskedOnlyAboutFieldsOfItsKind() throws {
        let asked = Mutex<[String]>([])
        let environment = environment([
            .scalar { field, _ in
                asked.withLock { $0.append(field.name) }
                return nil
            }
        ])
        try commitShelf(in: environment)
        #expect(environment.check(BookQuery(id: "b1")) == .missing)
        // `book` is a linked field: the scalar handler is not asked about it.
        #expect(asked.withLock { $0 }.isEmpty)
    }
}
