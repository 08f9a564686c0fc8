import GraphQLParser

/// Relay's checks that a project turns on in `relay.json`, off by default as in Relay: an app
/// porting a Relay configuration that sets them gets the same errors.
public struct OptionalChecks: Hashable, Sendable {
    /// `featureFlags.enable_strict_custom_scalars`: a literal where a custom scalar is
    /// expected is an error (its value should come from a variable, which the app's own type
    /// encodes).
    public var strictCustomScalars = false
    /// `featureFlags.disallow_required_action_throw_on_semantically_nullable_fields`:
    /// `@required(action: THROW)` only on fields the schema says are non-null (or
    /// `@semanticNonNull`).
    public var disallowsThrowOnSemanticallyNullableFields = false
    /// `testPathRegex`: `@relay_test_operation` only in files whose path matches.
    public var testPathRegex: String?
    /// `schemaConfig.nonNodeIdFields.allowedIdTypes`: when given, every `id` field of the schema
    /// is an `ID`, or the type allowed here for its parent type (`NonNodeIdFields`).
    public var nonNodeIdFields: [String: String]?

    public init() {}

    /// What a build cache key needs of them.
    var cacheKey: String {
        [
            strictCustomScalars ? "strict scalars" : "", disallowsThrowOnSemanticallyNullableFields ? "no throw" : "",
            testPathRegex.map { "tests: \($0)" } ?? "",
            nonNodeIdFields.map { "ids: " + $0.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: ",") }
                ?? "",
        ].joined(separator: ";")
    }
}
