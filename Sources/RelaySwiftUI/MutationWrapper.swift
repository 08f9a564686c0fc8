#if canImport(SwiftUI)
    import Relay
    import SwiftUI

    /// `@Mutation<ChangeTodoStatusMutation> var changeStatus` (Relay.swift's): `changeStatus.commit(…)`
    /// sends the mutation with the view's Relay environment (`.relayEnvironment(_:)`, unless one
    /// is passed), and `changeStatus.isInFlight` says whether a commit still waits for the
    /// server, kept across renders. Extend `Mutation.Mutator` per operation for a convenience API.
    @MainActor
    @propertyWrapper
    public struct Mutation<Operation: Relay.Operation>: @preconcurrency DynamicProperty {
        @SwiftUI.Environment(\.relayEnvironment) private var inheritedEnvironment: Relay.Environment?
        @SwiftUI.State private var state: MutationState

        public init(environment: Relay.Environment? = nil) {
            _state = SwiftUI.State(initialValue: MutationState(environment: environment))
        }

        public var wrappedValue: Mutator { Mutator(state: state) }

        public var mutator: Mutator { wrappedValue }

        /// Where commits run.
        public var environment: Relay.Environment? { state.environment }

        /// Commits sent and not answered yet.
        public var inFlightCount: Int { state.inFlightCount }

        public var isInFlight: Bool { state.inFlightCount > 0 }

        public func update() {
            state.inherit(inheritedEnvironment)
        }

        /// Commits the mutation; extend it per operation for a convenience API
        /// (`extension Mutation.Mutator where Operation == ChangeTodoStatusMutation { … }`).
        @MainActor
        public struct Mutator {
            let state: MutationState

            public var isInFlight: Bool { state.inFlightCount > 0 }

            /// Sends the mutation with `variables` (see `MutationState.commit`).
            public func commit(
                variables: Operation.Variables, optimisticResponse: [String: Any]? = nil,
                optimisticUpdater: Updater? = nil, updater: Updater? = nil,
                completion: (@MainActor (Result<Operation.Data, Error>) -> Void)? = nil
            ) {
                state.commit(
                    Operation(variables: variables), optimisticResponse: optimisticResponse,
                    optimisticUpdater: optimisticUpdater, updater: updater, completion: completion)
            }
        }
    }

    extension Mutation.Mutator where Operation: RawResponseOperation {
        /// Sends an `@raw_response_type` mutation with a typed optimistic response, which the
        /// Swift compiler checks against the mutation's whole response.
        public func commit(
            variables: Operation.Variables, optimisticResponse: Operation.RawResponse,
            optimisticUpdater: Updater? = nil, updater: Updater? = nil,
            completion: (@MainActor (Result<Operation.Data, Error>) -> Void)? = nil
        ) {
            state.commit(
                Operation(variables: variables), optimisticData: optimisticResponse.variableValue,
                optimisticUpdater: optimisticUpdater, updater: updater, completion: completion)
        }
    }
#endif
