extension IRProgram {
    /// The fragments by name, for the transforms that follow spreads (names are unique once
    /// validated).
    public var fragmentsByName: [String: IRFragment] {
        Dictionary(fragments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The fragments `selections` spread, directly or through other fragments, sorted by name:
    /// the fragments an operation's text must carry.
    static func fragments(reachableFrom selections: [IRSelection], in fragments: [String: IRFragment])
        -> [IRFragment]
    {
        var found: [String: IRFragment] = [:]
        var pending = [selections]
        while let next = pending.popLast() {
            for name in spreadNames(in: next) where found[name] == nil {
                guard let fragment = fragments[name] else { continue }
                found[name] = fragment
                pending.append(fragment.selections)
            }
        }
        return found.values.sorted { $0.name < $1.name }
    }

    /// The names of the fragments `selections` spread, in order, not following them.
    static func spreadNames(in selections: [IRSelection]) -> [String] {
        spreads(in: selections).map(\.name)
    }

    /// The fragment spreads in `selections`, at any depth, in order, not following them.
    static func spreads(in selections: [IRSelection]) -> [IRFragmentSpread] {
        selections.flatMap { selection -> [IRFragmentSpread] in
            switch selection {
            case .fragmentSpread(let spread): [spread]
            case .linkedField(let field): spreads(in: field.selections)
            case .inlineFragment(let fragment): spreads(in: fragment.selections)
            case .condition(let condition): spreads(in: condition.selections)
            case .scalarField: []
            }
        }
    }
}
