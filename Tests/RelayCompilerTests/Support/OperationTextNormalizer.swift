import GraphQLParser

/// A canonical form of an operation's server text, for comparing relay-swift's with Relay's:
/// layout, the order of selections within a selection set and the names of fragments do not
/// count (each spread is replaced by its fragment's type condition and canonical selections, so
/// `Name_<hash>` names of fragments applied to arguments compare equal), and Relay's
/// `__isX: __typename` discriminators are dropped (relay-swift's runtime does not need them; see
/// docs/CONFORMANCE.md). Everything else — fields, aliases, arguments and their literals as
/// printed, directives, variables, type conditions — must match.
enum OperationTextNormalizer {
    /// The canonical form of the text's first operation, or nil when the text does not parse.
    static func normalize(_ text: String) -> String? {
        let result = Parser.parse(Source(text))
        guard !result.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        var fragments: [String: FragmentDefinition] = [:]
        var operation: OperationDefinition?
        for definition in result.document.definitions {
            switch definition {
            case .fragment(let fragment): fragments[fragment.name.value] = fragment
            case .operation(let found): operation = operation ?? found
            default: break
            }
        }
        guard let operation else { return nil }
        let variables = operation.variableDefinitions.map { definition in
            "$\(definition.variable.name.value): \(Printer.print(definition.type))"
                + (definition.defaultValue.map { " = \(Printer.print($0))" } ?? "")
                + directives(definition.directives)
        }
        let canonical = Canonicalizer(fragments: fragments)
        return "\(operation.operation.rawValue) \(operation.name?.value ?? "")"
            + (variables.isEmpty ? "" : "(\(variables.joined(separator: ", ")))")
            + directives(operation.directives) + " " + canonical.selections(operation.selectionSet, depth: 0)
    }

    /// The name of the text's first operation.
    static func operationName(_ text: String) -> String? {
        for definition in Parser.parse(Source(text)).document.definitions {
            if case .operation(let operation) = definition { return operation.name?.value }
        }
        return nil
    }

    static func directives(_ directives: NodeList<Directive>) -> String {
        directives.map { directive in
            let arguments = directive.arguments.map { "\($0.name.value): \(Printer.print($0.value))" }
            return " @\(directive.name.value)" + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
        }.joined()
    }

    private struct Canonicalizer {
        let fragments: [String: FragmentDefinition]

        func selections(_ selectionSet: SelectionSet, depth: Int) -> String {
            // Fragments spread into themselves would never end; such text is invalid anyway.
            guard depth < 64 else { return "{ … }" }
            let items = selectionSet.selections.compactMap { selection -> String? in
                switch selection {
                case .field(let field):
                    if let alias = field.alias, alias.value.hasPrefix("__is"), field.name.value == "__typename" {
                        return nil
                    }
                    let arguments = field.arguments.map { "\($0.name.value): \(Printer.print($0.value))" }
                    return (field.alias.map { "\($0.value): " } ?? "") + field.name.value
                        + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
                        + OperationTextNormalizer.directives(field.directives)
                        + (field.selectionSet.map { " " + selections($0, depth: depth + 1) } ?? "")
                case .inlineFragment(let fragment):
                    return "..." + (fragment.typeCondition.map { " on \($0.name.value)" } ?? "")
                        + OperationTextNormalizer.directives(fragment.directives) + " "
                        + selections(fragment.selectionSet, depth: depth + 1)
                case .fragmentSpread(let spread):
                    guard let fragment = fragments[spread.name.value] else { return "...\(spread.name.value)" }
                    return "...fragment on \(fragment.typeCondition.name.value)"
                        + OperationTextNormalizer.directives(spread.directives)
                        + OperationTextNormalizer.directives(fragment.directives) + " "
                        + selections(fragment.selectionSet, depth: depth + 1)
                }
            }
            return "{ " + items.sorted().joined(separator: " ") + " }"
        }
    }
}
