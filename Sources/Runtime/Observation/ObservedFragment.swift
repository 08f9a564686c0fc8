import Observation

/// A fragment as the UI uses it (`@Fragment`): its data, read from the record its key points
/// to, kept current as the store changes. `@Observable`, so SwiftUI views and any other observer
/// update with it.
@MainActor
public final class ObservedFragment<F: Relay.Fragment>: ObservedRead<F.Data> {
    public let fragment: F

    public init(environment: Environment, fragment: F) {
        self.fragment = fragment
        super.init(environment: environment)
        observe(environment.read(fragment), then: environment.subscribe(fragment))
    }

    /// The fragment `F` of `key` (a parent's data that spreads it).
    public convenience init(environment: Environment, key: F.Key) {
        self.init(environment: environment, fragment: F(key: key))
    }
}
