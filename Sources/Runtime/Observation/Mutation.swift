import Observation

#if canImport(SwiftUI)
    import SwiftUI
#endif

/// A mutation as the UI uses it (seed 003's `@Mutation`): `commit(…)` on its `Mutator` sends it,
/// and `isInFlight` says whether any commit is still waiting for the server, for disabling a
/// button or showing progress. Observable (through `MutationState`), so SwiftUI views and any
/// other observer update with it. In a SwiftUI view it takes the environment from
/// `.relayEnvironment(_:)`; elsewhere pass one: `Mutation<M>(environment: environment)`.
@MainActor
@propertyWrapper
public struct Mutation<Operation: Relay.Operation> {
    #if canImport(SwiftUI)
        @SwiftUI.Environment(\.relayEnvironment) private var inheritedEnvironment: Environment?
        @SwiftUI.State private var state: MutationState
    #else
        private let state: MutationState
    #endif

    public init(environment: Environment? = nil) {
        #if canImport(SwiftUI)
            _state = SwiftUI.State(initialValue: MutationState(environment: environment))
        #else
            state = MutationState(environment: environment)
        #endif
    }

    /// The value a `@Mutation` property exposes.
    public var wrappedValue: Mutator { Mutator(state: state) }

    public var mutator: Mutator { wrappedValue }

    /// Where commits run.
    public var environment: Environment? { state.environment }

    /// Commits sent and not answered yet.
    public var inFlightCount: Int { state.inFlightCount }

    public var isInFlight: Bool { state.inFlightCount > 0 }

    /// Commits the mutation; extend it per operation for a convenience API
    /// (`extension Mutation.Mutator where Operation == ChangeTodoStatusMutation { … }`).
    @MainActor
    public struct Mutator {
        let state: MutationState

        public var isInFlight: Bool { state.inFlightCount > 0 }

        /// Sends the mutation with `variables`. `optimisticResponse` (shaped like the response's
        /// `data`) and `optimisticUpdater` change the store at once and are rolled back when
        /// the server answers; `updater` runs on the server's answer; `completion` gets the
        /// response data or the error.
        public func commit(
            variables: Operation.Variables, optimisticResponse: [String: Any]? = nil,
            optimisticUpdater: Updater? = nil, updater: Updater? = nil,
            completion: (@MainActor (Result<Operation.Data, Error>) -> Void)? = nil
        ) {
            let state = self.state
            guard let environment = state.environment else {
                completion?(.failure(RelayError.noEnvironment))
                return
            }
            state.inFlightCount += 1
            environment.commitMutation(
                Operation(variables: variables), optimisticResponse: optimisticResponse,
                optimisticUpdater: optimisticUpdater, updater: updater
            ) { result in
                Task { @MainActor in
                    state.inFlightCount -= 1
                    completion?(result)
                }
            }
        }
    }
}

/// What a `Mutation` keeps across copies (and, in SwiftUI, across renders): its environment and
/// the commits in flight.
@MainActor
@Observable
public final class MutationState {
    /// Given explicitly; wins over the SwiftUI environment.
    @ObservationIgnored let explicitEnvironment: Environment?
    public internal(set) var environment: Environment?
    public internal(set) var inFlightCount = 0

    init(environment: Environment?) {
        explicitEnvironment = environment
        self.environment = environment
    }
}

#if canImport(SwiftUI)
    extension Mutation: @preconcurrency DynamicProperty {
        public func update() {
            let environment = state.explicitEnvironment ?? inheritedEnvironment
            if state.environment !== environment { state.environment = environment }
        }
    }

    private struct RelayEnvironmentKey: EnvironmentKey {
        static let defaultValue: Environment? = nil
    }

    extension EnvironmentValues {
        /// The Relay environment `@Query`, `@Fragment` and `@Mutation` use in this view tree.
        public var relayEnvironment: Environment? {
            get { self[RelayEnvironmentKey.self] }
            set { self[RelayEnvironmentKey.self] = newValue }
        }
    }

    extension View {
        /// Makes `environment` the one `@Query`, `@Fragment` and `@Mutation` below use.
        public func relayEnvironment(_ environment: Environment) -> some View {
            self.environment(\.relayEnvironment, environment)
        }
    }
#endif
