import Observation

/// A mutation as the UI uses it (seed 003's `@Mutation`): `mutator.commit(…)` sends it, and
/// `isInFlight` says whether any commit is still waiting for the server, for disabling a button
/// or showing progress. `@Observable`, so SwiftUI views and any other observer update with it.
@MainActor
@Observable
public final class Mutation<Operation: Relay.Operation> {
    public let environment: Environment
    /// Commits sent and not answered yet.
    public private(set) var inFlightCount = 0

    public init(environment: Environment) {
        self.environment = environment
    }

    public var isInFlight: Bool { inFlightCount > 0 }

    /// The value a `@Mutation` property exposes.
    public var mutator: Mutator { Mutator(mutation: self) }

    /// Commits the mutation; extend it per operation for a convenience API
    /// (`extension Mutation.Mutator where Operation == ChangeTodoStatusMutation { … }`).
    @MainActor
    public struct Mutator {
        let mutation: Mutation

        public var isInFlight: Bool { mutation.isInFlight }

        /// Sends the mutation with `variables`. `optimisticResponse` (shaped like the response's
        /// `data`) and `optimisticUpdater` change the store at once and are rolled back when
        /// the server answers; `updater` runs on the server's answer; `completion` gets the
        /// response data or the error.
        public func commit(
            variables: Operation.Variables, optimisticResponse: [String: Any]? = nil,
            optimisticUpdater: Updater? = nil, updater: Updater? = nil,
            completion: (@MainActor (Result<Operation.Data, Error>) -> Void)? = nil
        ) {
            let mutation = self.mutation
            mutation.inFlightCount += 1
            mutation.environment.commitMutation(
                Operation(variables: variables), optimisticResponse: optimisticResponse,
                optimisticUpdater: optimisticUpdater, updater: updater
            ) { result in
                Task { @MainActor in
                    mutation.inFlightCount -= 1
                    completion?(result)
                }
            }
        }
    }
}
