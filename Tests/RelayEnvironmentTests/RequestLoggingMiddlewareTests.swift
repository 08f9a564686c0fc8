import Foundation
@_spi(RelayGenerated) import Relay
import Synchronization
import Testing

@testable import GoldenTodo

/// An app's middleware, written here as an app would, plugged in only through
/// `Environment.Configuration`: it logs each request's operation and variables, and each
/// response's size, around the network.
struct RequestLoggingMiddlewareTests {
    /// The example: a request log, as apps write one to trace their traffic.
    final class RequestLogging: Environment.NetworkMiddleware {
        let lines = Mutex<[String]>([])

        func payloads(
            request: RequestParameters, variables: VariableData,
            next: @escaping @Sendable (RequestParameters, VariableData) -> AsyncThrowingStream<Data, any Error>
        ) -> AsyncThrowingStream<Data, any Error> {
            lines.withLock { $0.append("→ \(request.name) \(VariableValue.object(variables.fields).stableJSON)") }
            let (logged, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            let forwarding = Task {
                do {
                    for try await payload in next(request, variables) {
                        lines.withLock { $0.append("← \(request.name) \(payload.count) bytes") }
                        continuation.yield(payload)
                    }
                    continuation.finish()
                } catch {
                    lines.withLock { $0.append("✕ \(request.name) \(error)") }
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in forwarding.cancel() }
            return logged
        }
    }

    /// Counts the requests it passes on, to show the order of the chain.
    final class Counting: Environment.NetworkMiddleware {
        let seenAfterLogging: @Sendable () -> Int
        let counts = Mutex<[Int]>([])

        init(seenAfterLogging: @escaping @Sendable () -> Int) {
            self.seenAfterLogging = seenAfterLogging
        }

        func payloads(
            request: RequestParameters, variables: VariableData,
            next: @escaping @Sendable (RequestParameters, VariableData) -> AsyncThrowingStream<Data, any Error>
        ) -> AsyncThrowingStream<Data, any Error> {
            counts.withLock { $0.append(seenAfterLogging()) }
            return next(request, variables)
        }
    }

    let network = MockNetwork()

    @Test func requestsAndResponsesAreLoggedAroundTheNetwork() async throws {
        let logging = RequestLogging()
        let environment = Environment(network: network) { $0.networkMiddleware = [logging] }
        async let loaded = environment.fetchQuery(CurrentUserToDoListQuery())
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.listResponse)
        let data = try await loaded
        #expect(data.user?.id == "me")
        let size = await TodoEnvironmentTests.listResponse.utf8.count
        #expect(
            logging.lines.withLock { $0 } == [
                "→ CurrentUserToDoListQuery {}", "← CurrentUserToDoListQuery \(size) bytes",
            ])

        async let failed = environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.fail()
        _ = try? await failed
        #expect(logging.lines.withLock { $0.last }?.hasPrefix("✕ CurrentUserToDoListQuery") == true)
    }

    @Test func theFirstMiddlewareIsTheOutermost() async throws {
        let logging = RequestLogging()
        let counting = Counting(seenAfterLogging: { logging.lines.withLock { $0.count } })
        let environment = Environment(network: network) { $0.networkMiddleware = [logging, counting] }
        async let loaded = environment.fetchQuery(CurrentUserToDoListQuery())
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.listResponse)
        _ = try await loaded
        // The log had written its request line when the inner middleware saw the request.
        #expect(counting.counts.withLock { $0 } == [1])
    }
}
