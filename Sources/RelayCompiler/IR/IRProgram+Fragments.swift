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
        selections.flatMap { selection -> [String] in
            switch selection {
            case .fragmentSpread(let spread): [spread.name]
            case .linkedField(let field): spreadNames(in: field.selections)
            case .inlineFragment(let fragment): spreadNames(in: fragment.selections)
            case .condition(let condition): spreadNames(in: condition.selections)
            case .scalarField: []
            }
        }
    }
}
