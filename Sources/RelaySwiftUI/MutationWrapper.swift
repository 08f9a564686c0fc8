#if canImport(SwiftUI)
    import Relay
    import SwiftUI

    /// `@Mutation<ChangeTodoStatusMutation> var changeStatus` (Relay.swift's): `changeStatus.commit(…)`
    /// sends the mutation with the view's Relay environment (`.relayEnvironment(_:)`, unless one
    /// is passed), and `changeStatus.isInFlight` says whether a commit still waits for the
    /// server, kept across renders. Extend `Mutation.Mutator` per operation for a convenience API.
    @MainActor
    @propertyWrapper
    public struct Mutation<Operation: Relay.Operation>: @preconcurrency DynamicProperty, MutationCommitter {
        @SwiftUI.Environment(\.relayEnvironment) private var inheritedEnvironment: Relay.Environment?
        @SwiftUI.State private var storage: MutationState

        public init(environment: Relay.Environment? = nil) {
            _storage = SwiftUI.State(initialValue: MutationState(environment: environment))
        }

        /// The environment and the commits in flight, kept across renders.
        public var state: MutationState { storage }

        public var wrappedValue: Mutator { Mutator(state: state) }

        public var mutator: Mutator { wrappedValue }

        public func update() {
            state.inherit(inheritedEnvironment)
        }

        /// Commits the mutation (`MutationCommitter`); extend it per operation for a convenience
        /// API (`extension Mutation.Mutator where Operation == ChangeTodoStatusMutation { … }`).
        public struct Mutator: MutationCommitter {
            public let state: MutationState
        }
    }
#endif
