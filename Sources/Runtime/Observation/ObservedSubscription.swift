import Observation

/// A subscription as the UI uses it (Relay's `useSubscription`): subscribes at once, writes every
/// event into the store (so queries and fragments reading its records update), and keeps the
/// latest event's data and where the subscription stands. `@Observable`; it unsubscribes when
/// stopped or released.
@MainActor
@Observable
public final class ObservedSubscription<Operation: Relay.Operation> {
    public enum State {
        /// Waiting for the first event.
        case subscribed
        /// At least one event arrived.
        case receiving
        /// The server completed the subscription.
        case completed
        /// The subscription failed (a transport's `GraphQLWebSocketNetwork.ConnectionError`, the server's `RelayError.graphQL`…).
        case failed(Error)
    }

    public let environment: Environment
    public let operation: Operation
    public private(set) var state: State = .subscribed
    /// The data of the latest event.
    public private(set) var latest: Operation.Data?
    /// How many events arrived.
    public private(set) var eventCount = 0
    @ObservationIgnored private var events: Task<Void, Never>?

    /// Subscribes at once; `updater` runs with every event, as in `requestSubscription`.
    public init(environment: Environment, operation: Operation, updater: Updater? = nil) {
        self.environment = environment
        self.operation = operation
        let stream = environment.requestSubscription(operation, updater: updater)
        events = Task { [weak self] in
            do {
                for try await data in stream {
                    guard let self else { return }
                    latest = data
                    eventCount += 1
                    state = .receiving
                }
                if !Task.isCancelled { self?.state = .completed }
            } catch {
                if !Task.isCancelled { self?.state = .failed(error) }
            }
        }
    }

    isolated deinit {
        stop()
    }

    /// The error that ended the subscription, if one did.
    public var error: Error? {
        if case .failed(let error) = state { error } else { nil }
    }

    /// Unsubscribes; the state stays as it was.
    public func stop() {
        events?.cancel()
        events = nil
    }
}
