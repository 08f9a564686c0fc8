/// What a `Mutation` and its `Mutator` offer, written once for both `Mutation` types (this
/// module's, and `RelaySwiftUI`'s `@Mutation`): `commit(…)`, `isInFlight`, `inFlightCount` and the
/// `environment`. Relay.swift's `extension Mutation.Mutator where Operation == ChangeTodoStatusMutation { … }`
/// extends it.
@MainActor
public protocol MutationCommitter {
    associatedtype Operation: Relay.Operation
    /// The mutation property's state: its environment and the commits in flight.
    var state: MutationState { get }
}

extension MutationCommitter {
    /// A commit is still waiting for the server.
    public var isInFlight: Bool { state.inFlightCount > 0 }

    /// Commits sent and not answered yet.
    public var inFlightCount: Int { state.inFlightCount }

    /// Where commits run.
    public var environment: Environment? { state.environment }

    /// Sends the mutation with `variables` (see `MutationState.commit`).
    public func commit(
        variables: Operation.Variables, optimisticResponse: [String: Any]? = nil, optimisticUpdater: Updater? = nil,
        updater: Updater? = nil, completion: (@MainActor (Result<Operation.Data, Error>) -> Void)? = nil
    ) {
        state.commit(
            Operation(variables: variables), optimisticResponse: optimisticResponse,
            optimisticUpdater: optimisticUpdater, updater: updater, completion: completion)
    }
}

extension MutationCommitter where Operation: RawResponseOperation {
    /// Sends an `@raw_response_type` mutation with a typed optimistic response, which the Swift
    /// compiler checks against the mutation's whole response.
    public func commit(
        variables: Operation.Variables, optimisticResponse: Operation.RawResponse, optimisticUpdater: Updater? = nil,
        updater: Updater? = nil, completion: (@MainActor (Result<Operation.Data, Error>) -> Void)? = nil
    ) {
        state.commit(
            Operation(variables: variables), optimisticData: optimisticResponse.variableValue,
            optimisticUpdater: optimisticUpdater, updater: updater, completion: completion)
    }
}

// Where SwiftUI exists, `@Mutation` comes from `RelaySwiftUI` (as in Relay.swift), which keeps
// its state across renders; one `Mutation` type per platform keeps Relay.swift's
// `extension Mutation.Mutator where Operation == …` unambiguous in files importing both modules.
#if !canImport(SwiftUI)
    /// A mutation as code uses it (Relay.swift's `@Mutation`): `commit(…)` on its `Mutator` sends
    /// it, and `isInFlight` says whether any commit is still waiting for the server. Observable
    /// (through `MutationState`). `Mutation<M>(environment: environment)`.
    @MainActor
    @propertyWrapper
    public struct Mutation<Operation: Relay.Operation>: MutationCommitter {
        /// The environment and the commits in flight.
        public let state: MutationState

        public init(environment: Environment? = nil) {
            state = MutationState(environment: environment)
        }

        /// The value a `@Mutation` property exposes.
        public var wrappedValue: Mutator { Mutator(state: state) }

        public var mutator: Mutator { wrappedValue }

        /// Commits the mutation; extend it per operation for a convenience API
        /// (`extension Mutation.Mutator where Operation == ChangeTodoStatusMutation { … }`).
        public struct Mutator: MutationCommitter {
            public let state: MutationState
        }
    }
#endif
