import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// Reads Relay's `@alias` into the IR and enforces where it is needed (Relay's
/// fragment-alias-directive transform; `enforce_fragment_alias_where_ambiguous` is on unless the
/// configuration turns it off, as in Relay 21). An aliased inline fragment gets `IRFragmentAlias`; an aliased fragment spread
/// becomes an aliased inline fragment on the fragment's type holding the spread. Code generation
/// reads each as one property, nil where the type condition does not match. A spread without
/// `@alias` that may not match — under `@include`/`@skip`, or of a fragment on a type the
/// selection may not be — is an error unless it carries `@dangerously_unaliased_fixme` (the
/// refetch queries the compiler writes are not checked).
/// Aliases may not collide with each other or with a field's response key among siblings.
public enum FragmentAliasTransform: ProgramTransform {
    public static let name = "FragmentAlias"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        // The refetch queries the compiler wrote spread their fragment where it matches.
        let generated = Set(program.fragments.compactMap(\.refetchQueryName))
        var program = program
        var diagnostics: [Diagnostic] = []
        for index in program.operations.indices {
            var walker = Walker(
                schema: context.schema, fragments: fragments,
                enforcesAliases: context.enforcesFragmentAliases && !generated.contains(program.operations[index].name))
            let operation = program.operations[index]
            program.operations[index].selections = walker.walk(
                operation.selections, parent: Walker.Parent(type: operation.rootType, isPlural: false))
            diagnostics += walker.diagnostics
        }
        for index in program.fragments.indices {
            var walker = Walker(
                schema: context.schema, fragments: fragments, enforcesAliases: context.enforcesFragmentAliases)
            let fragment = program.fragments[index]
            program.fragments[index].selections = walker.walk(
                fragment.selections, parent: Walker.Parent(type: fragment.typeCondition, isPlural: false))
            diagnostics += walker.diagnostics
        }
        for definition in program.operations.map(\.selections) + program.fragments.map(\.selections) {
            diagnostics += FragmentAliasConflicts.diagnostics(definition)
        }
        return TransformOutput(program, diagnostics)
    }

    static let aliasDirective = "alias"
    static let unaliasedDirective = "dangerously_unaliased_fixme"

    struct Walker {
        struct Parent {
            var type: String
            /// The selection is a list's item (a plural fragment may be spread there unaliased).
            var isPlural: Bool
        }

        let schema: Schema
        let fragments: [String: IRFragment]
        /// Whether a spread that may not match must have `@alias`.
        let enforcesAliases: Bool
        var diagnostics: [Diagnostic] = []
        private var withinTypedInlineFragment = false
        /// The `@include`/`@skip` the walk is under, up to the nearest field or alias.
        private var condition: IRCondition?

        init(schema: Schema, fragments: [String: IRFragment], enforcesAliases: Bool) {
            self.schema = schema
            self.fragments = fragments
            self.enforcesAliases = enforcesAliases
        }

        mutating func walk(_ selections: [IRSelection], parent: Parent) -> [IRSelection] {
            selections.map { selection in
                switch selection {
                case .scalarField:
                    return selection
                case .linkedField(var field):
                    let outerCondition = condition
                    condition = nil
                    field.selections = walk(
                        field.selections,
                        parent: Parent(type: field.type.namedType, isPlural: field.type.nullable.isList))
                    condition = outerCondition
                    return .linkedField(field)
                case .condition(var nested):
                    let outerCondition = condition
                    condition = nested
                    nested.selections = walk(nested.selections, parent: parent)
                    condition = outerCondition
                    return .condition(nested)
                case .inlineFragment(let fragment):
                    return .inlineFragment(inlineFragment(fragment, parent: parent))
                case .fragmentSpread(let spread):
                    return fragmentSpread(spread, parent: parent)
                }
            }
        }

        private mutating func inlineFragment(_ fragment: IRInlineFragment, parent: Parent) -> IRInlineFragment {
            var fragment = fragment
            let outerWithinTyped = withinTypedInlineFragment
            defer { withinTypedInlineFragment = outerWithinTyped }
            withinTypedInlineFragment = fragment.hasTypeCondition
            guard let directive = fragment.directives.first(where: { $0.name == aliasDirective }) else {
                fragment.selections = walk(fragment.selections, parent: parent)
                return fragment
            }
            fragment.directives.removeAll { $0.name == aliasDirective }
            let name =
                aliasName(directive)
                ?? {
                    if !fragment.hasTypeCondition {
                        diagnostics.append(
                            .error(
                                "Missing required argument `as`. The `as` argument of the @alias directive is "
                                    + "required on inline fragments without a type condition.",
                                at: directive.location))
                    }
                    return fragment.typeCondition
                }()
            let alwaysMatches =
                !fragment.hasTypeCondition ? condition == nil : willAlwaysMatch(fragment.typeCondition, on: parent)
            let inner = Parent(type: fragment.typeCondition, isPlural: parent.isPlural)
            fragment.alias = IRFragmentAlias(
                name: name, selectionType: parent.type, alwaysMatches: alwaysMatches, wrapsSpread: false)
            // An alias is a name of its own: conditions around it do not reach inside.
            let outerCondition = condition
            condition = nil
            fragment.selections = walk(fragment.selections, parent: inner)
            condition = outerCondition
            return fragment
        }

        private mutating func fragmentSpread(_ spread: IRFragmentSpread, parent: Parent) -> IRSelection {
            var spread = spread
            guard let fragment = fragments[spread.name] else { return .fragmentSpread(spread) }
            let suppressed = spread.directives.contains { $0.name == unaliasedDirective }
            spread.directives.removeAll { $0.name == unaliasedDirective }
            let isDeferred = spread.directives.contains { $0.name == DeferStreamTransform.deferName }
            let directive = spread.directives.first { $0.name == aliasDirective }
            // A deferred spread is read as if aliased: its key is a property of its own, nil
            // until the fragment's data arrives.
            guard directive != nil || isDeferred else {
                // A `@module` spread is expected not to match every value: it is one branch of a match.
                let isModule = spread.directives.contains { $0.name == MatchTransform.moduleName }
                if enforcesAliases && !suppressed && !isModule { checkUnaliased(spread, of: fragment, parent: parent) }
                return .fragmentSpread(spread)
            }
            spread.directives.removeAll { $0.name == aliasDirective }
            if let directive, fragment.isPlural && parent.isPlural {
                diagnostics.append(
                    .error(
                        "Unexpected `@alias` on spread of plural fragment. @alias may not be used on fragments "
                            + "marked as `@relay(plural: true)`.", at: directive.location))
            }
            var alias = IRFragmentAlias(
                name: directive.flatMap { aliasName($0) } ?? spread.name, selectionType: parent.type,
                alwaysMatches: !isDeferred && willAlwaysMatch(fragment.typeCondition, on: parent), wrapsSpread: true)
            if isDeferred {
                alias.deferred = IRDeferredSpread(
                    fragmentName: fragment.name, argumentDefinitions: fragment.argumentDefinitions)
            }
            var wrapper = IRInlineFragment(
                typeCondition: fragment.typeCondition, directives: [], selections: [.fragmentSpread(spread)],
                location: spread.location)
            wrapper.alias = alias
            return .inlineFragment(wrapper)
        }

        /// The `as:` of `@alias`, nil when it is not given (the default applies); an empty or
        /// non-literal name is reported.
        private mutating func aliasName(_ directive: IRDirective) -> String? {
            guard let argument = directive.argument("as") else { return nil }
            guard case .string(let name) = argument.value else {
                if argument.value != .null {
                    diagnostics.append(
                        .error(
                            "Expected the `as` argument of the @alias directive to be a static string literal.",
                            at: argument.location))
                }
                return nil
            }
            if name.isEmpty {
                diagnostics.append(
                    .error(
                        "Unexpected empty string supplied for `as` argument of the @alias directive. If provided, "
                            + "the `as` argument of the `@alias` directive must be a non-empty string literal.",
                        at: argument.location))
            }
            return name
        }

        private func willAlwaysMatch(_ typeCondition: String, on parent: Parent) -> Bool {
            condition == nil && schema.isNamedSubtype(parent.type, of: typeCondition)
        }

        private mutating func checkUnaliased(_ spread: IRFragmentSpread, of fragment: IRFragment, parent: Parent) {
            // A plural fragment reads a list item by item, each item may not match.
            if fragment.isPlural && parent.isPlural { return }
            let advice =
                "Add `@alias` to this spread to expose the fragment reference as a nullable property. (Relay's "
                + "`enforce_fragment_alias_where_ambiguous` feature flag, on by default as in Relay 21; an app "
                + "coming from an older Relay may set it to {\"kind\": \"disabled\"} in featureFlags.)"
            if let condition {
                let name = condition.passingValue ? "include" : "skip"
                diagnostics.append(
                    .error(
                        "Expected `@alias` directive. Fragment spreads with (or within an inline fragment with) "
                            + "`@\(name)` are conditionally fetched. " + advice, at: spread.location,
                        notes: [DiagnosticNote("The condition is defined here:", at: condition.location)]))
                return
            }
            guard !schema.isNamedSubtype(parent.type, of: fragment.typeCondition) else { return }
            var message =
                "Expected `@alias` directive. `\(spread.name)` is defined on `\(fragment.typeCondition)` which might "
                + "not match this selection type of `\(parent.type)`. " + advice
            if withinTypedInlineFragment {
                message +=
                    " NOTE: The selection type inferred here does not include inline fragments because Relay does "
                    + "not always model inline fragment type refinements in its generated types."
            }
            diagnostics.append(.error(message, at: spread.location))
        }
    }
}

/// Relay's fragment-alias-conflict validation: among sibling selections (inline fragments without
/// an alias looked into), an alias may not repeat another alias or a field's response key.
enum FragmentAliasConflicts {
    static func diagnostics(_ selections: [IRSelection]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        check(selections, into: &diagnostics)
        return diagnostics
    }

    private struct Siblings {
        var fields: [String: SourceLocation] = [:]
        var aliases: [(name: String, location: SourceLocation)] = []
    }

    private static func check(_ selections: [IRSelection], into diagnostics: inout [Diagnostic]) {
        var siblings = Siblings()
        collect(selections, into: &siblings, &diagnostics)
        for (name, location) in siblings.aliases {
            guard let field = siblings.fields[name] else { continue }
            diagnostics.append(
                .error(
                    "Fragment alias '\(name)' is ambiguous. It conflicts with a field with the same name.",
                    at: location, notes: [DiagnosticNote("the conflicting field", at: field)]))
        }
    }

    private static func collect(
        _ selections: [IRSelection], into siblings: inout Siblings, _ diagnostics: inout [Diagnostic]
    ) {
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                if siblings.fields[field.responseKey] == nil { siblings.fields[field.responseKey] = field.location }
            case .linkedField(let field):
                if siblings.fields[field.responseKey] == nil { siblings.fields[field.responseKey] = field.location }
                check(field.selections, into: &diagnostics)
            case .inlineFragment(let fragment):
                guard let alias = fragment.alias else {
                    collect(fragment.selections, into: &siblings, &diagnostics)
                    continue
                }
                if let other = siblings.aliases.first(where: { $0.name == alias.name }) {
                    diagnostics.append(
                        .error(
                            "Fragment alias '\(alias.name)' is ambiguous. It conflicts with another fragment alias "
                                + "with the same name.", at: fragment.location,
                            notes: [DiagnosticNote("the conflicting alias", at: other.location)]))
                } else {
                    siblings.aliases.append((alias.name, fragment.location))
                }
                if !alias.wrapsSpread { check(fragment.selections, into: &diagnostics) }
            case .condition(let condition):
                collect(condition.selections, into: &siblings, &diagnostics)
            case .fragmentSpread:
                continue
            }
        }
    }
}

// MARK: What this feature keeps on IR nodes

extension IRInlineFragment {
    /// `@alias`: the selections are read into a property of their own.
    public var alias: IRFragmentAlias? {
        get { metadata[InlineFragmentAliasKey.self] }
        set { metadata[InlineFragmentAliasKey.self] = newValue }
    }
}

private enum InlineFragmentAliasKey: IRMetadataKey {
    static let defaultValue: IRFragmentAlias? = nil
}

/// An aliased inline fragment or fragment spread (Relay's `@alias`): its selections become one
/// property of the parent's data, nil where the type condition does not match.
public struct IRFragmentAlias: Hashable, Sendable {
    /// The property's name: `as:`, or the fragment's name, or the type condition.
    public var name: String
    /// The type of the selection the alias is written in: the alias always matches when that
    /// type is the type condition or one of its members or implementations.
    public var selectionType: String
    /// True when every value there matches the type condition and no `@include`/`@skip` holds
    /// the alias: the property is then never nil.
    public var alwaysMatches: Bool
    /// Made from an aliased fragment spread: the inline fragment holds exactly that spread.
    public var wrapsSpread: Bool
    /// A `@required` field inside may bubble its null up to the alias.
    public var childrenCanBubbleNull = false
    /// `@catch(to:)` on the aliased inline fragment: errors found in it stay in it.
    package var catchTo: CatchTo? = nil
    /// A spread with `@defer`: the property stays nil until the fragment's data has arrived.
    public var deferred: IRDeferredSpread? = nil
}
