/// Relay's directives, one table: each one's definition (added to every project's schema unless
/// it declares its own), the transform that consumes it, or that relay-swift does not compile it
/// yet (reported as such rather than as unknown, and never silently dropped).
public enum RelayDirectives {
    /// One row of the table.
    public struct Directive: Sendable {
        public let name: String
        /// The SDL definition; nil for a directive not compiled yet.
        public let definition: String?
        /// The `ProgramTransform.name` of the transform that gives the directive its meaning and
        /// removes it; nil for a directive not compiled yet.
        public let consumedBy: String?

        public var isSupported: Bool { consumedBy != nil }

        init(_ name: String, _ definition: String, consumedBy transform: String) {
            self.name = name
            self.definition = definition
            consumedBy = transform
        }

        /// A Relay directive relay-swift does not compile yet.
        init(notYet name: String) {
            self.name = name
            definition = nil
            consumedBy = nil
        }
    }

    public static let table: [Directive] =
        [
            Directive(
                "connection",
                "directive @connection(key: String!, filters: [String], handler: String, "
                    + "dynamicKey_UNSTABLE: String, prefetchable_pagination: Boolean = false) on FIELD",
                consumedBy: RelayDirectivesTransform.name),
            Directive("waterfall", "directive @waterfall on FIELD", consumedBy: RelayDirectivesTransform.name),
            Directive(
                "stream_connection",
                "directive @stream_connection(key: String!, filters: [String], handler: String, label: String, "
                    + "initial_count: Int!, if: Boolean = true, use_customized_batch: Boolean = false, "
                    + "dynamicKey_UNSTABLE: String) on FIELD",
                consumedBy: RelayDirectivesTransform.name),
            Directive(
                "relay", "directive @relay(plural: Boolean, mask: Boolean) on FRAGMENT_DEFINITION | FRAGMENT_SPREAD",
                consumedBy: RelayDirectivesTransform.name),
            Directive(
                "refetchable",
                "directive @refetchable(queryName: String!, directives: [String!], preferFetchable: Boolean) "
                    + "on FRAGMENT_DEFINITION",
                consumedBy: RelayDirectivesTransform.name),
            Directive(
                "inline", "directive @inline on FRAGMENT_DEFINITION", consumedBy: RelayDirectivesTransform.name),
            Directive(
                "raw_response_type", "directive @raw_response_type on QUERY | MUTATION | SUBSCRIPTION",
                consumedBy: RelayDirectivesTransform.name),
            Directive(
                "relay_test_operation",
                "directive @relay_test_operation(DO_NOT_USE_use_in_production: Boolean) on QUERY | MUTATION | SUBSCRIPTION",
                consumedBy: RelayDirectivesTransform.name),
            Directive(
                "arguments", "directive @arguments on FRAGMENT_SPREAD", consumedBy: FragmentArgumentsTransform.name),
            Directive(
                "argumentDefinitions", "directive @argumentDefinitions on FRAGMENT_DEFINITION",
                consumedBy: FragmentArgumentsTransform.name),
            Directive("deleteRecord", "directive @deleteRecord on FIELD", consumedBy: DeclarativeEditsTransform.name),
            Directive(
                "deleteEdge", "directive @deleteEdge(connections: [ID!]!) on FIELD",
                consumedBy: DeclarativeEditsTransform.name),
            Directive(
                "appendEdge", "directive @appendEdge(connections: [ID!]!) on FIELD",
                consumedBy: DeclarativeEditsTransform.name),
            Directive(
                "prependEdge", "directive @prependEdge(connections: [ID!]!) on FIELD",
                consumedBy: DeclarativeEditsTransform.name),
            Directive(
                "appendNode", "directive @appendNode(connections: [ID!]!, edgeTypeName: String!) on FIELD",
                consumedBy: DeclarativeEditsTransform.name),
            Directive(
                "prependNode", "directive @prependNode(connections: [ID!]!, edgeTypeName: String!) on FIELD",
                consumedBy: DeclarativeEditsTransform.name),
            Directive(
                "required",
                """
                directive @required(action: RequiredFieldAction!) on FIELD
                enum RequiredFieldAction { NONE LOG THROW DANGEROUSLY_THROW_ON_SEMANTICALLY_NULLABLE_FIELD }
                """,
                consumedBy: RequiredTransform.name),
            Directive(
                "catch",
                """
                directive @catch(to: CatchFieldTo! = RESULT) on FIELD | FRAGMENT_DEFINITION | QUERY | MUTATION | INLINE_FRAGMENT
                enum CatchFieldTo { NULL RESULT }
                """,
                consumedBy: CatchTransform.name),
            Directive(
                "throwOnFieldError", "directive @throwOnFieldError on QUERY | FRAGMENT_DEFINITION | MUTATION",
                consumedBy: CatchTransform.name),
            Directive(
                "alias", "directive @alias(as: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT",
                consumedBy: FragmentAliasTransform.name),
            Directive(
                "defer", "directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT",
                consumedBy: DeferStreamTransform.name),
            Directive(
                "stream",
                "directive @stream(label: String, initialCount: Int! = 0, if: Boolean! = true, useCustomizedBatch: Boolean = false) on FIELD",
                consumedBy: DeferStreamTransform.name),
            Directive(
                "dangerously_unaliased_fixme", "directive @dangerously_unaliased_fixme on FRAGMENT_SPREAD",
                consumedBy: FragmentAliasTransform.name),
            Directive("match", "directive @match(key: String) on FIELD", consumedBy: MatchTransform.name),
            Directive(
                "no_inline", "directive @no_inline(raw_response_type: Boolean) on FRAGMENT_DEFINITION",
                consumedBy: NoInlineTransform.name),
            Directive("module", "directive @module(name: String!) on FRAGMENT_SPREAD", consumedBy: MatchTransform.name),
            Directive(
                "relay_resolver",
                "directive @relay_resolver(fragment_name: String, import_path: String, import_name: String, "
                    + "live: Boolean, has_output_type: Boolean, inject_fragment_data: String, "
                    + "generated_fragment: Boolean, weak: Boolean) on FIELD_DEFINITION\n"
                    // What a resolver model's `__relay_model_instance` holds: a Swift value
                    // the reader hands to the model's field resolvers.
                    + "scalar RelayResolverValue",
                consumedBy: RelayResolversTransform.name),
            // Relay's schema form of resolver model types (what a `@RelayResolver Type`
            // docblock becomes): a strong model (`id` and a model resolver), a weak one
            // (`@__RelayWeakObject`, its instance a `@__RelayCustomScalar`), an output type.
            Directive(
                "__RelayResolverModel", "directive @__RelayResolverModel on OBJECT",
                consumedBy: RelayResolversTransform.name),
            Directive(
                "__RelayWeakObject", "directive @__RelayWeakObject on OBJECT", consumedBy: RelayResolversTransform.name
            ),
            Directive(
                "RelayOutputType", "directive @RelayOutputType on OBJECT", consumedBy: RelayResolversTransform.name),
            Directive(
                "__RelayCustomScalar", "directive @__RelayCustomScalar(path: String!, export_name: String) on SCALAR",
                consumedBy: RelayResolversTransform.name),
            Directive(
                "updatable", "directive @updatable on QUERY | FRAGMENT_DEFINITION",
                consumedBy: UpdatableDirectivesTransform.name),
            Directive(
                "assignable", "directive @assignable on FRAGMENT_DEFINITION",
                consumedBy: UpdatableDirectivesTransform.name),
            Directive(
                "__clientField",
                "directive @__clientField(handle: String!, key: String = \"\", filters: [String]) repeatable on FIELD",
                consumedBy: FieldHandlesTransform.name),
        ]
        + [
            "preloadable",
            "relay_client_component",
        ].map { Directive(notYet: $0) }

    /// Definitions added to every project's schema, by name.
    public static let definitions: [String: String] = Dictionary(
        table.compactMap { directive in directive.definition.map { (directive.name, $0) } },
        uniquingKeysWith: { first, _ in first })

    /// Relay directives a document may use that relay-swift does not compile yet.
    public static let unsupported: Set<String> = Set(table.filter { !$0.isSupported }.map(\.name))
}
