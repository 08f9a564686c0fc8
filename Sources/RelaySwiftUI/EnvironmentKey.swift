#if canImport(SwiftUI)
    import Relay
    import SwiftUI

    private struct RelayEnvironmentKey: EnvironmentKey {
        static let defaultValue: Relay.Environment? = nil
    }

    extension EnvironmentValues {
        /// The Relay environment `@Query`, `@Fragment` and `@Mutation` use in this view tree.
        public var relayEnvironment: Relay.Environment? {
            get { self[RelayEnvironmentKey.self] }
            set { self[RelayEnvironmentKey.self] = newValue }
        }
    }

    extension View {
        /// Makes `environment` the one `@Query`, `@Fragment` and `@Mutation` below use.
        public func relayEnvironment(_ environment: Relay.Environment) -> some View {
            self.environment(\.relayEnvironment, environment)
        }
    }
#endif
