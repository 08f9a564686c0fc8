import Observation

/// A `@relay(plural: true)` fragment as the UI uses it: the data of every record its keys point
/// to (one item per key, in order), kept current as the store changes. `@Observable`, like
/// `ObservedFragment`.
@MainActor
public final class ObservedPluralFragment<F: PluralFragment>: ObservedRead<[F.Data]> {
    public let fragment: F

    public init(environment: Environment, fragment: F) {
        self.fragment = fragment
        super.init(environment: environment)
        observe(environment.read(fragment), then: environment.subscribe(fragment))
    }

    /// The fragment `F` of `keys` (the list items of a parent's data that spread it).
    public convenience init(environment: Environment, keys: [F.Key]) {
        self.init(environment: environment, fragment: F(keys: keys))
    }
}
