import Foundation
import Testing

@testable import Relay

/// Every transport bounds a query's or mutation's whole time, not only the wait for the next
/// bytes: a server that trickles a response, or keeps an incremental or event stream open with
/// comments, is ended by the deadline with `RelayError.timedOut(after:)`, and the request's
/// connection is closed. The idle timeouts here are 60 s and the bytes come every 20 ms, so only
/// the deadline (0.3 s) can end the request: the outcome proves it without reading a clock.
struct DeadlineTests {
    static let query = RequestParameters(
        name: "TodoQuery", operationKind: .query, text: "query TodoQuery { a }", id: nil)

    /// Waits (a minute at most) until the server has seen the client close the connection.
    static func waitForTheClientToClose(_ server: MisbehavingServer) async throws {
        for _ in 0..<3000 where server.connectionsClosedByClient == 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(server.connectionsClosedByClient == 1, "the request's connection is closed")
    }

    /// How a server keeps a response from ending, one per transport.
    enum Trickle: CaseIterable, Sendable {
        /// A `multipart/mixed` answer to a `@defer`/`@stream` query over HTTP, with no part.
        case incrementalResponse
        /// A plain JSON answer whose body never ends.
        case plainResponse
        /// A Server-Sent Events answer of keep-alive comments only.
        case eventStreamOfComments
    }

    @Test(arguments: Trickle.allCases)
    func aResponseThatNeverEndsMeetsTheDeadline(_ trickle: Trickle) async throws {
        let (contentType, chunk): (String, String) =
            switch trickle {
            case .incrementalResponse: ("multipart/mixed; boundary=\"-\"", " ")
            case .plainResponse: ("application/json", " ")
            case .eventStreamOfComments: ("text/event-stream", ": still here\n\n")
            }
        let server = try MisbehavingServer(.trickle(contentType: contentType, chunk: chunk, interval: 0.02))
        defer { server.stop() }
        var request = Self.query
        let network: any Network
        if trickle == .eventStreamOfComments {
            var events = ServerSentEventsNetwork(url: server.url, idleTimeout: 60)
            events.deadline = 0.3
            network = events
        } else {
            var http = HTTPNetwork(url: server.url, timeout: 60)
            http.deadline = 0.3
            network = http
            request.isIncremental = trickle == .incrementalResponse
        }
        await #expect(throws: RelayError.timedOut(after: 0.3)) {
            for try await _ in network.payloads(request: request, variables: [:]) {}
        }
        try await Self.waitForTheClientToClose(server)
    }

    /// A subscription is meant to stay open: the deadline does not apply to it.
    @Test func aSubscriptionHasNoDeadline() async throws {
        let server = try MisbehavingServer(
            .trickle(
                contentType: "text/event-stream", chunk: "event: next\ndata: {\"data\":{\"a\":1}}\n\n", interval: 0.02))
        defer { server.stop() }
        var network = ServerSentEventsNetwork(url: server.url, idleTimeout: 60)
        network.deadline = 0.05
        let subscription = RequestParameters(
            name: "TickSubscription", operationKind: .subscription, text: "subscription TickSubscription { a }", id: nil
        )
        var received = 0
        // Forty events at 20 ms apart take longer than the 50 ms deadline would allow.
        for try await _ in network.payloads(request: subscription, variables: [:]) {
            received += 1
            if received == 40 { break }
        }
        #expect(received == 40)
    }

    /// The bound every transport uses (`GraphQLWebSocketNetwork` included): a stream that yields
    /// forever is ended by the deadline, and the stream under it is stopped (its producer sees
    /// the termination, as a request is cancelled).
    @Test func theBoundEndsAStreamThatNeverFinishesAndStopsIt() async throws {
        let (source, continuation) = AsyncThrowingStream<Data, Error>.makeStream()
        let stopped = AsyncStream<Void>.makeStream()
        continuation.onTermination = { _ in stopped.continuation.yield() }
        let producer = Task {
            while !Task.isCancelled {
                continuation.yield(Data("{}".utf8))
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        defer { producer.cancel() }
        var received = 0
        await #expect(throws: RelayError.timedOut(after: 0.2)) {
            for try await _ in bounded(source, by: 0.2) { received += 1 }
        }
        #expect(received > 0)
        var stops = stopped.stream.makeAsyncIterator()
        #expect(await stops.next() != nil, "the stream under the bound was stopped")
    }
}
