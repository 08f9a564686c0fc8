import GraphQLParser

/// Relay Resolvers (Relay's `relay_resolvers` transform and `validate_resolver_fragments`): a
/// selected field whose schema definition has `@relay_resolver` becomes a resolver field
/// (`IRScalarField.resolver`), which the reader computes by calling the Swift function with the
/// data of the resolver's root fragment. Checked with Relay's messages: the directive names its
/// function's file, its root fragment exists, the field carries no directive; a root fragment
/// spreads only `@inline` or unmasked fragments and uses only its own arguments as variables.
public enum RelayResolversTransform: ProgramTransform {
    public static let name = "RelayResolvers"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        let byFragment = ResolverDefinition.byRootFragment(in: schema)
        guard !byFragment.isEmpty else { return TransformOutput(program) }
        let fragments = program.fragmentsByName
        var diagnostics = OutputTypeRule.diagnostics(schema)
        for name in byFragment.keys.sorted() where !name.isEmpty {
            guard let fragment = fragments[name] else { continue }
            diagnostics += rootFragmentDiagnostics(fragment, fragments: fragments)
        }
        let transformed = program.rewritingSelections { selection in
            switch selection {
            case .scalarField(var field):
                guard let definition = definition(of: field.name, on: field.parentType, schema: schema) else {
                    return [selection]
                }
                diagnostics += fieldDiagnostics(
                    definition, at: field.location, directives: field.directives,
                    fragments: fragments)
                field.resolver = IRResolver(
                    name: definition.name, fragmentName: definition.fragmentName,
                    functionName: definition.functionName)
                return [.scalarField(field)]
            case .linkedField(var field):
                guard let definition = definition(of: field.name, on: field.parentType, schema: schema) else {
                    return [selection]
                }
                diagnostics += fieldDiagnostics(
                    definition, at: field.location, directives: field.directives,
                    fragments: fragments)
                field.resolver = IRResolver(
                    name: definition.name, fragmentName: definition.fragmentName,
                    functionName: definition.functionName)
                return [.linkedField(field)]
            case .inlineFragment, .fragmentSpread, .condition:
                return [selection]
            }
        }
        return TransformOutput(transformed, diagnostics)
    }

    private static func definition(of fieldName: String, on typeName: String, schema: Schema)
        -> ResolverDefinition?
    {
        guard let type = schema[typeName], let field = schema.field(fieldName, on: type) else { return nil }
        return ResolverDefinition.of(field, on: typeName, schema: schema)
    }

    private static func fieldDiagnostics(
        _ definition: ResolverDefinition, at location: SourceLocation, directives: [IRDirective],
        fragments: [String: IRFragment]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if definition.importPath == nil {
            diagnostics.append(
                .error(
                    "The Relay Resolver backing this field is missing a 'import_path' argument in its "
                        + "`@relay_resolver` directive.", at: location))
        }
        if let name = definition.fragmentName, fragments[name] == nil {
            diagnostics.append(
                .error(
                    "The Relay Resolver backing this field is defined with an invalid `fragment_name`. Could not "
                        + "find a fragment named '\(name)'.", at: location))
        }
        if let directive = directives.first {
            diagnostics.append(
                .error(
                    "Unexpected directive on Relay Resolver field. Relay Resolver fields do not currently support "
                        + "directives.", at: directive.location))
        }
        return diagnostics
    }

    /// A root fragment is read for its resolver alone: it may spread only fragments read with it
    /// (`@inline`; unmasked ones are part of it by now), and its variables must be its own
    /// arguments, which the field's arguments give it.
    private static func rootFragmentDiagnostics(_ fragment: IRFragment, fragments: [String: IRFragment])
        -> [Diagnostic]
    {
        var diagnostics: [Diagnostic] = []
        for spread in IRProgram.spreads(in: fragment.selections) where fragments[spread.name]?.isInline == false {
            diagnostics.append(
                .error(
                    "Expected fragment spread into Relay Resolver root fragment to be annotated with `@inline` or "
                        + "`@relay(mask: false)`. Relay Resolvers only support reading `@inline` fragments and "
                        + "unmasked fragments.", at: spread.location))
        }
        let own = Set(fragment.argumentDefinitions.map(\.name) + fragment.providedVariables.map(\.name))
        for variable in VariableUsage.names(in: fragment.selections).subtracting(own).sorted() {
            diagnostics.append(
                .error(
                    "The usage of global variable `$\(variable)` is not supported in the Relay resolvers fragments. "
                        + "Please, add this variable to the `@argumentDefinitions` of the `\(fragment.name)` "
                        + "fragment.", at: fragment.location))
        }
        return diagnostics
    }
}

// MARK: What this feature keeps on IR nodes

extension IRScalarField {
    /// A Relay Resolver computes the field (`@relay_resolver` on its schema field): the reader
    /// calls it; the server and the store's normalization never see the field.
    public var resolver: IRResolver? {
        get { metadata[ScalarFieldResolverKey.self] }
        set { metadata[ScalarFieldResolverKey.self] = newValue }
    }
}

private enum ScalarFieldResolverKey: IRMetadataKey {
    static let defaultValue: IRResolver? = nil
}

extension IRLinkedField {
    /// The Relay Resolver of a client edge, once `RelayResolversTransform` has read it.
    public var resolver: IRResolver? {
        get { metadata[LinkedFieldResolverKey.self] }
        set { metadata[LinkedFieldResolverKey.self] = newValue }
    }
}

private enum LinkedFieldResolverKey: IRMetadataKey {
    static let defaultValue: IRResolver? = nil
}

/// The Relay Resolver behind a field (Relay's `RelayResolver` reader node): its name
/// (`Type.field`), the fragment it reads on the field's record, and the Swift function that
/// computes the field.
public struct IRResolver: Hashable, Sendable {
    public var name: String
    public var fragmentName: String?
    /// `import_name`, or the field's name.
    public var functionName: String

    public init(name: String, fragmentName: String?, functionName: String) {
        self.name = name
        self.fragmentName = fragmentName
        self.functionName = functionName
    }
}
