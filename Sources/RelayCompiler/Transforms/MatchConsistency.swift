import GraphQLParser

/// Relay's selection-conflict rule for `@match` on a field without a `supported` argument: where
/// two such fields meet under one response key (in an operation, through its fragments), they
/// must match the same types. With `supported`, the argument the match transform adds already
/// differs, and the ordinary conflict check reports it.
enum MatchConsistency {
    /// The errors of the program's operations (after the match transform).
    static func diagnostics(_ program: IRProgram) -> [Diagnostic] {
        // Only programs with such a field pay for the walk through fragments.
        guard
            program.fragments.contains(where: { containsMatch($0.selections) })
                || program.operations.contains(where: { containsMatch($0.selections) })
        else { return [] }
        let fragments = program.fragmentsByName
        var diagnostics: [Diagnostic] = []
        for operation in program.operations {
            var reported: Set<SourceLocation> = []
            check(operation.selections, fragments: fragments, depth: 0, into: &diagnostics, &reported)
        }
        return diagnostics
    }

    /// The types a `@match` field without `supported` matches (its `@module` branches); nil for
    /// any other field.
    private static func matchedTypes(_ field: IRLinkedField) -> Set<String>? {
        guard !field.arguments.contains(where: { $0.name == "supported" }) else { return nil }
        var types: Set<String> = []
        for case .inlineFragment(let fragment) in field.selections where fragment.moduleImport?.isMatchBranch == true {
            types.insert(fragment.typeCondition)
        }
        return types.isEmpty ? nil : types
    }

    private static func containsMatch(_ selections: [IRSelection]) -> Bool {
        selections.contains { selection in
            switch selection {
            case .linkedField(let field): matchedTypes(field) != nil || containsMatch(field.selections)
            case .inlineFragment(let fragment): containsMatch(fragment.selections)
            case .condition(let condition): containsMatch(condition.selections)
            case .scalarField, .fragmentSpread: false
            }
        }
    }

    /// Fragment cycles are reported before transforms run; the depth bound only keeps a walk
    /// finite whatever the program.
    private static let maximumDepth = 100

    private static func check(
        _ selections: [IRSelection], fragments: [String: IRFragment], depth: Int,
        into diagnostics: inout [Diagnostic], _ reported: inout Set<SourceLocation>
    ) {
        guard depth < maximumDepth else { return }
        var groups: [String: [IRLinkedField]] = [:]
        var order: [String] = []
        var expanded: Set<String> = []
        collect(selections, fragments: fragments, expanded: &expanded, into: &groups, &order)
        for key in order {
            let group = groups[key] ?? []
            let matches = group.compactMap { field in matchedTypes(field).map { (field, $0) } }
            if let (first, types) = matches.first, matches.dropFirst().contains(where: { $0.1 != types }),
                reported.insert(first.location).inserted
            {
                diagnostics.append(
                    .error(
                        "Field '\(key)' is marked with @match in multiple places. Please use an alias to distinguish "
                            + "them.", at: first.location))
            }
            check(
                group.flatMap(\.selections), fragments: fragments, depth: depth + 1, into: &diagnostics, &reported)
        }
    }

    /// The linked fields under each response key of one selection set, fragments' included
    /// (each fragment once).
    private static func collect(
        _ selections: [IRSelection], fragments: [String: IRFragment], expanded: inout Set<String>,
        into groups: inout [String: [IRLinkedField]], _ order: inout [String]
    ) {
        for selection in selections {
            switch selection {
            case .linkedField(let field):
                if groups[field.responseKey] == nil { order.append(field.responseKey) }
                groups[field.responseKey, default: []].append(field)
            case .inlineFragment(let fragment):
                collect(fragment.selections, fragments: fragments, expanded: &expanded, into: &groups, &order)
            case .condition(let condition):
                collect(condition.selections, fragments: fragments, expanded: &expanded, into: &groups, &order)
            case .fragmentSpread(let spread):
                guard let fragment = fragments[spread.name], expanded.insert(spread.name).inserted else { continue }
                collect(fragment.selections, fragments: fragments, expanded: &expanded, into: &groups, &order)
            case .scalarField: continue
            }
        }
    }
}
