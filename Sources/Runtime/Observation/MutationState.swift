import Observation

/// What a mutation property keeps across copies (and, in SwiftUI, across renders): its
/// environment and the commits in flight. Both `Mutation` types (this module's, and
/// `RelaySwiftUI`'s `@Mutation`) commit through it.
@MainActor
@Observable
public final class MutationState {
    /// Given explicitly; wins over the SwiftUI environment.
    @ObservationIgnored let explicitEnvironment: Environment?
    public private(set) var environment: Environment?
    /// Commits sent and not answered yet.
    public private(set) var inFlightCount = 0

    public init(environment: Environment?) {
        explicitEnvironment = environment
        self.environment = environment
    }

    /// Uses `inherited` (a SwiftUI view's environment) unless an environment was given
    /// explicitly.
    public func inherit(_ inherited: Environment?) {
        let environment = explicitEnvironment ?? inherited
        if self.environment !== environment { self.environment = environment }
    }

    /// Sends `operation`, counting it in flight until the server answers. `optimisticResponse`
    /// (shaped like the response's `data`) and `optimisticUpdater` change the store at once and
    /// are rolled back when the server answers; `updater` runs on the server's answer;
    /// `completion` gets the response data or the error.
    public func commit<Operation: Relay.Operation>(
        _ operation: Operation, optimisticResponse: [String: Any]?, optimisticUpdater: Updater?, updater: Updater?,
        completion: (@MainActor (Result<Operation.Data, Error>) -> Void)?
    ) {
        commit(
            operation, optimisticData: optimisticResponse.flatMap { VariableValue(json: $0) },
            optimisticUpdater: optimisticUpdater, updater: updater, completion: completion)
    }

    /// `commit` with the optimistic response as a value (a typed `RawResponse`'s).
    func commit<Operation: Relay.Operation>(
        _ operation: Operation, optimisticData: VariableValue?, optimisticUpdater: Updater?, updater: Updater?,
        completion: (@MainActor (Result<Operation.Data, Error>) -> Void)?
    ) {
        guard let environment else {
            completion?(.failure(RelayError.noEnvironment))
            return
        }
        inFlightCount += 1
        environment.commitMutation(
            operation, optimisticData: optimisticData, optimisticUpdater: optimisticUpdater, updater: updater
        ) { result in
            Task { @MainActor in
                self.inFlightCount -= 1
                completion?(result)
            }
        }
    }
}
