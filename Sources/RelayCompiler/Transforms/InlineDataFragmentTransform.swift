import GraphQLParser

/// `@inline` fragments (Relay's `inline_data_fragment` transform), for the reader: a spread of
/// one becomes an inline fragment carrying `IRInlineDataSpread`, holding the fragment's own
/// selections, so the parent's read reads them too and puts them in the key its data carries.
/// Code then reads the fragment's data from the key synchronously, outside any view. Servers
/// and the store still see an ordinary spread, and `Data` types have a key property for it. A
/// spread with directives left by now is refused, as in Relay.
public enum InlineDataFragmentTransform: ProgramTransform {
    public static let name = "InlineDataFragment"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        guard fragments.values.contains(where: \.isInline) else { return TransformOutput(program, []) }
        var inliner = Inliner(fragments: fragments)
        var program = program
        for index in program.operations.indices {
            let operation = program.operations[index]
            program.operations[index].selections = inliner.inline(operation.selections, on: operation.rootType)
        }
        for index in program.fragments.indices {
            let fragment = program.fragments[index]
            program.fragments[index].selections = inliner.inline(fragment.selections, on: fragment.typeCondition)
        }
        return TransformOutput(program, inliner.diagnostics)
    }

    struct Inliner {
        let fragments: [String: IRFragment]
        var diagnostics: [Diagnostic] = []
        /// Each `@inline` fragment's selections with its own `@inline` spreads inlined.
        private var inlined: [String: [IRSelection]] = [:]
        /// The `@inline` fragments being inlined, innermost last (a cycle, which validation
        /// reports, stops here).
        private var inlining: [String] = []

        init(fragments: [String: IRFragment]) {
            self.fragments = fragments
        }

        mutating func inline(_ selections: [IRSelection], on parentType: String) -> [IRSelection] {
            selections.map { selection in
                switch selection {
                case .scalarField:
                    return selection
                case .linkedField(var field):
                    field.selections = inline(field.selections, on: field.type.namedType)
                    return .linkedField(field)
                case .inlineFragment(var fragment):
                    fragment.selections = inline(fragment.selections, on: fragment.typeCondition)
                    return .inlineFragment(fragment)
                case .condition(var condition):
                    condition.selections = inline(condition.selections, on: parentType)
                    return .condition(condition)
                case .fragmentSpread(let spread):
                    guard let fragment = fragments[spread.name], fragment.isInline,
                        !inlining.contains(spread.name)
                    else { return selection }
                    if !spread.directives.isEmpty {
                        diagnostics.append(
                            .error(
                                "Directives on fragment spreads for @inline fragments are not yet supported",
                                at: spread.location))
                    }
                    return .inlineFragment(inlineData(of: fragment, spread: spread, on: parentType))
                }
            }
        }

        /// The inline fragment that reads `fragment`'s data where `spread` stands.
        private mutating func inlineData(of fragment: IRFragment, spread: IRFragmentSpread, on parentType: String)
            -> IRInlineFragment
        {
            var selections: [IRSelection]
            if let known = inlined[fragment.name] {
                selections = known
            } else {
                inlining.append(fragment.name)
                selections = inline(fragment.selections, on: fragment.typeCondition)
                inlining.removeLast()
                inlined[fragment.name] = selections
            }
            if fragment.typeCondition != parentType {
                selections = [
                    .inlineFragment(
                        IRInlineFragment(
                            typeCondition: fragment.typeCondition, directives: [], selections: selections,
                            location: spread.location))
                ]
            }
            var inline = IRInlineFragment(
                typeCondition: parentType, directives: [], selections: selections, location: spread.location,
                hasTypeCondition: false)
            inline.inlineData = IRInlineDataSpread(
                fragmentName: fragment.name, arguments: spread.arguments,
                argumentDefinitions: fragment.argumentDefinitions)
            return inline
        }
    }
}

// MARK: What this feature keeps on IR nodes

extension IRFragment {
    /// `@inline`: the fragment's data is read with its parent's and carried in the key, so any
    /// code can read it synchronously (Relay's `readInlineData`).
    public var isInline: Bool {
        get { metadata[FragmentIsInlineKey.self] }
        set { metadata[FragmentIsInlineKey.self] = newValue }
    }
}

private enum FragmentIsInlineKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

extension IRInlineFragment {
    /// A spread of an `@inline` fragment, in the reader program: the selections (one inline
    /// fragment on the fragment's type) are read into the key the parent's data carries.
    public var inlineData: IRInlineDataSpread? {
        get { metadata[InlineFragmentInlineDataKey.self] }
        set { metadata[InlineFragmentInlineDataKey.self] = newValue }
    }
}

private enum InlineFragmentInlineDataKey: IRMetadataKey {
    static let defaultValue: IRInlineDataSpread? = nil
}

/// Where a reader reads an `@inline` fragment's data for its key (Relay's
/// `InlineDirectiveMetadata`): the fragment, and the variables its selections read.
public struct IRInlineDataSpread: Hashable, Sendable {
    public var fragmentName: String
    /// `@arguments` of the spread.
    public var arguments: [IRArgument]
    /// The fragment's `@argumentDefinitions`, for the defaults of arguments the spread leaves out.
    public var argumentDefinitions: [IRVariableDefinition]

    public init(fragmentName: String, arguments: [IRArgument], argumentDefinitions: [IRVariableDefinition]) {
        self.fragmentName = fragmentName
        self.arguments = arguments
        self.argumentDefinitions = argumentDefinitions
    }
}
