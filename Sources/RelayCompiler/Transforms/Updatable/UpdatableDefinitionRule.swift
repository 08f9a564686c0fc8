import GraphQLParser

/// Relay's `validate_updatable_directive`: what an `@updatable` query or fragment may select,
/// so that every field it reads has one Swift type an updater can assign to. No directive but
/// `@updatable`; spreads only of `@assignable` fragments whose type fits the field; inline
/// fragments only as a discriminated union (concrete, distinct type conditions, each with
/// `__typename`), never one inside another.
enum UpdatableDefinitionRule {
    /// The definition's kind, as Relay's messages name it: "operations" or "fragments".
    struct Definition {
        let name: String
        let plural: String
        let location: SourceLocation
    }

    static let allowedDirectives: Set<String> = ["updatable", "dangerously_unaliased_fixme", "fb_owner"]

    static func diagnostics(
        _ definition: Definition, directives: [IRDirective], selections: [IRSelection],
        fragments: [String: IRFragment], schema: Schema
    ) -> [Diagnostic] {
        var check = Walk(definition: definition, fragments: fragments, schema: schema)
        check.directives(directives)
        check.selections(selections)
        return check.diagnostics
    }

    private struct Walk {
        let definition: Definition
        let fragments: [String: IRFragment]
        let schema: Schema
        var diagnostics: [Diagnostic] = []

        init(definition: Definition, fragments: [String: IRFragment], schema: Schema) {
            self.definition = definition
            self.fragments = fragments
            self.schema = schema
        }

        mutating func directives(_ directives: [IRDirective]) {
            for directive in directives where !UpdatableDefinitionRule.allowedDirectives.contains(directive.name) {
                diagnostics.append(
                    .error(
                        directive.isCondition
                            ? "The directives @include and @skip are not allowed within \(definition.plural)."
                            : "The @\(directive.name) directive is not allowed in updatable \(definition.plural).",
                        at: directive.location))
            }
        }

        mutating func selections(_ selections: [IRSelection]) {
            for selection in selections {
                switch selection {
                case .scalarField(let field):
                    resolverCheck(field.name, on: field.parentType, at: field.location)
                    directives(field.directives)
                case .linkedField(let field):
                    resolverCheck(field.name, on: field.parentType, at: field.location)
                    linkedField(field)
                case .fragmentSpread(let spread): directives(spread.directives)
                case .inlineFragment(let fragment):
                    if fragment.selections.contains(where: { if case .inlineFragment = $0 { true } else { false } }) {
                        diagnostics.append(
                            .error(
                                "Within updatable \(definition.plural), an inline fragment cannot occur immediately "
                                    + "within another inline fragment. Found within \(definition.name). This is "
                                    + "because all inline fragments must have type conditions and narrow the type "
                                    + "from an abstract type to a concrete type.", at: definition.location))
                    }
                    directives(fragment.directives)
                    self.selections(fragment.selections)
                case .condition(let condition):
                    diagnostics.append(
                        .error(
                            "The directives @include and @skip are not allowed within \(definition.plural).",
                            at: condition.location))
                    self.selections(condition.selections)
                }
            }
        }

        /// A field a Relay Resolver computes has nothing in the store to assign.
        private mutating func resolverCheck(_ name: String, on typeName: String, at location: SourceLocation) {
            guard let type = schema[typeName], let field = schema.field(name, on: type),
                ResolverDefinition.of(field, on: typeName, schema: schema) != nil
            else { return }
            diagnostics.append(
                .error(
                    "Fields defined using Relay Resolvers are not allowed within @updatable operations.", at: location))
        }

        private mutating func linkedField(_ field: IRLinkedField) {
            let fieldType = field.type.namedType
            for case .fragmentSpread(let spread) in field.selections {
                guard let fragment = fragments[spread.name] else { continue }
                if !fragment.isAssignable {
                    diagnostics.append(
                        .error(
                            "Only fragments decorated with the @assignable directive can be spread within updatable "
                                + "\(definition.plural). You can try adding the @assignable directive to the fragment "
                                + "\(spread.name).", at: spread.location))
                }
                if !schema.isNamedSubtype(fragment.typeCondition, of: fieldType) {
                    diagnostics.append(
                        .error(
                            "Within updatable \(definition.plural), if an assignable fragment is spread on a linked "
                                + "field, the fragment's type (`\(fragment.typeCondition)`) must be equal to or a "
                                + "subtype of the field's type (`\(fieldType)`).", at: spread.location))
                }
            }
            inlineFragments(of: field)
            selections(field.selections)
            directives(field.directives)
        }

        private mutating func inlineFragments(of field: IRLinkedField) {
            var inlineFragments: [IRInlineFragment] = []
            for case .inlineFragment(let fragment) in field.selections { inlineFragments.append(fragment) }
            guard !inlineFragments.isEmpty else { return }
            let plural = definition.plural
            let fieldType = field.type.namedType
            if inlineFragments.count != field.selections.count {
                diagnostics.append(
                    .error(
                        "Within updatable \(plural), if a linked field contains an inline fragment spread, it must "
                            + "contain only inline fragment spreads.", at: field.location))
            }
            if schema[fieldType]?.kind.isAbstract != true {
                diagnostics.append(
                    .error(
                        "Within updatable \(plural), inline fragments are only allowed on interfaces or unions, not "
                            + "on concrete types. In updatable queries, each inline fragment must have a type "
                            + "conditions, so no inline fragment would make sense here.", at: field.location))
            }
            var seen: Set<String> = []
            for fragment in inlineFragments {
                if !fragment.hasTypeCondition {
                    diagnostics.append(
                        .error(
                            "Within updatable \(plural), each inline fragment spread must have a type condition. An "
                                + "inline fragment without a type condition was among the selections of "
                                + "\(fieldType).", at: field.location))
                } else {
                    if schema[fragment.typeCondition]?.kind.isAbstract == true {
                        diagnostics.append(
                            .error(
                                "Within updatable \(plural), each inline fragment spread must have a type condition "
                                    + "narrowing the type to a unique concrete type. `\(fragment.typeCondition)` is "
                                    + "not a concrete type.", at: field.location))
                    }
                    if !seen.insert(fragment.typeCondition).inserted {
                        diagnostics.append(
                            .error(
                                "Within updatable \(plural), a single linked field cannot have multiple inline "
                                    + "fragments with the same type condition. However, within \(field.responseKey), "
                                    + "there were multiple inline fragments narrowing the type to "
                                    + "`\(fragment.typeCondition)`.", at: field.location))
                    }
                }
                if !fragment.selections.contains(where: { selection in
                    guard case .scalarField(let scalar) = selection else { return false }
                    return scalar.name == "__typename" && scalar.alias == nil
                }) {
                    diagnostics.append(
                        .error(
                            "Within updatable \(plural), each inline fragment spread must contain an unaliased "
                                + "typename field. However, within \(field.responseKey), there are inline fragments "
                                + "without typename fields.", at: field.location))
                }
            }
        }
    }
}
