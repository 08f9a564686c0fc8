/// Every feature flag Relay 21's compiler reads (its `FeatureFlags`, which refuses unknown
/// flags), and what relay-swift makes of each, so that an app's `featureFlags` carries over:
/// honoured flags change the compile; flags about the JavaScript Relay writes are accepted and
/// change nothing; flags relay-swift behaves as if always on are accepted either way; the others
/// are accepted off (their default) and refused by name on.
enum RelayFeatureFlags {
    enum Treatment: Equatable {
        /// Read into the configuration (`ConfigurationKeys.apply`).
        case honoured
        /// About the JavaScript artifacts Relay writes; relay-swift writes Swift.
        case javaScriptOnly
        /// relay-swift behaves as with the flag on, whatever it says.
        case alwaysOn(String)
        /// Not supported: accepted off, refused on, with why.
        case unsupported(String)
    }

    static let treatments: [String: Treatment] = [
        "enforce_fragment_alias_where_ambiguous": .honoured,
        "enable_fragment_argument_transform": .honoured,
        "enable_strict_custom_scalars": .honoured,
        "disallow_required_action_throw_on_semantically_nullable_fields": .honoured,
        "compact_query_text": .honoured,
        "text_artifacts": .javaScriptOnly,
        "skip_printing_nulls": .javaScriptOnly,
        "use_reader_module_imports": .javaScriptOnly,
        "omit_resolver_type_assertions_for_confirmed_types": .javaScriptOnly,
        "disable_deduping_common_structures_in_artifacts": .javaScriptOnly,
        "legacy_include_path_in_required_reader_nodes": .javaScriptOnly,
        "new_flow_casting_syntax": .javaScriptOnly,
        "enable_3d_branch_arg_generation": .javaScriptOnly,
        "relay_resolver_enable_interface_output_type":
            .alwaysOn("a Relay Resolver may always return a client interface"),
        "no_inline": .alwaysOn("`@no_inline` is allowed on every fragment"),
        "allow_output_type_resolvers": .unsupported("`@outputType` resolvers are not supported"),
        "actor_change_support": .unsupported("`@as_actor` is not supported"),
        "enable_resolver_normalization_ast": .unsupported("resolvers are read at read time only"),
        "enable_exec_time_resolvers_directive": .unsupported("`@exec_time_resolvers` is not supported"),
        "enable_relay_resolver_mutations": .unsupported("Relay Resolvers on the Mutation type are not supported"),
        "allow_resolvers_in_mutation_response": .unsupported("Relay Resolvers in a mutation's response are refused"),
        "allow_required_in_mutation_response": .unsupported("`@required` in a mutation's response is refused"),
        "disable_resolver_reader_ast": .unsupported("resolvers are read from the reader AST"),
        "allow_resolver_non_nullable_return_type": .unsupported("resolvers' return types are nullable"),
        "disable_schema_validation": .unsupported("the schema is always validated"),
        "prefer_fetchable_in_refetch_queries":
            .unsupported("choose per fragment with `@refetchable(preferFetchable: true)`"),
        "disable_edge_type_name_validation_on_declerative_connection_directives":
            .unsupported("`edgeTypeName` is always validated"),
        "disable_full_argument_type_validation": .unsupported("arguments are always type-checked"),
        "enable_legacy_verbose_resolver_syntax": .unsupported("the verbose resolver docblock syntax is not supported"),
        "enable_shadow_resolvers": .unsupported("shadow resolvers are not supported"),
    ]

    /// How a flag's value turns it on: `{"kind": "enabled"}` or `true`; `disabled` or `false` is
    /// off; Relay's partial kinds (`limited`, `rollout`, `rolloutrange`) are nil.
    static func isOn(_ value: ConfigurationJSON) -> Bool?? {
        if case .bool(let flag) = value.value { return .some(flag) }
        switch value["kind"]?.string {
        case "enabled": return .some(true)
        case "disabled": return .some(false)
        case "limited", "rollout", "rolloutrange": return .some(nil)
        default: return nil
        }
    }
}
