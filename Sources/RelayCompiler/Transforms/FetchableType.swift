import GraphQLParser

/// `type T @fetchable(field_name: "fetch_id")`: an object type that is not reached through
/// `node(id:)` but through the query type's `fetch__T(<id>: ID!)` field, given the value of its
/// own identifying field. Relay refetches a `@refetchable` fragment on such a type that way.
enum FetchableType {
    /// The `field_name` of the type's `@fetchable`, if it has one; an empty string when the
    /// directive has no string `field_name` (an invalid use, reported by the refetch transform).
    static func identifierField(of type: SchemaType) -> String? {
        guard type.kind == .object else { return nil }
        let definitions = [type.definition].compactMap { $0 } + type.extensions
        for definition in definitions {
            let directives: NodeList<Directive>
            switch definition {
            case .object(let node): directives = node.directives
            case .objectExtension(let node): directives = node.directives
            default: continue
            }
            guard let fetchable = directives.first(where: { $0.name.value == "fetchable" }) else { continue }
            let name = fetchable.arguments.first { $0.name.value == "field_name" }
            if case .string(let value)? = name?.value { return value.value }
            return ""
        }
        return nil
    }
}
