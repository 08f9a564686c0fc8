/// The selections the store normalizes a response with, as Relay's compiler builds its
/// normalization AST (its inline-fragments and flatten transforms): fragment spreads become
/// inline fragments, an inline fragment on the type its parent already has is merged into the
/// parent, and selections with the same response key (or the same type condition, or the same
/// condition) are merged into one. Validation has already proved that fields sharing a response
/// key on one type are the same field with the same arguments, so merging loses nothing.
public enum FlattenSelections {
    public static func apply(
        _ selections: [IRSelection], parentType: String, fragments: [String: IRFragment]
    ) -> [IRSelection] {
        var flattener = Flattener(fragments: fragments, parentType: parentType)
        for selection in selections { flattener.add(selection) }
        return flattener.result
    }

    private struct Flattener {
        let fragments: [String: IRFragment]
        let parentType: String
        var result: [IRSelection] = []

        mutating func add(_ selection: IRSelection) {
            switch selection {
            case .fragmentSpread(let spread):
                guard let fragment = fragments[spread.name] else { return }
                add(
                    .inlineFragment(
                        IRInlineFragment(
                            typeCondition: fragment.typeCondition, directives: [], selections: fragment.selections,
                            location: spread.location)))
            case .inlineFragment(let fragment) where fragment.typeCondition == parentType:
                for child in fragment.selections { add(child) }
            case .inlineFragment(var fragment):
                fragment.selections = FlattenSelections.apply(
                    fragment.selections, parentType: fragment.typeCondition, fragments: fragments)
                merge(.inlineFragment(fragment))
            case .linkedField(var field):
                field.selections = FlattenSelections.apply(
                    field.selections, parentType: field.type.namedType, fragments: fragments)
                merge(.linkedField(field))
            case .condition(var condition):
                condition.selections = FlattenSelections.apply(
                    condition.selections, parentType: parentType, fragments: fragments)
                merge(.condition(condition))
            case .scalarField:
                merge(selection)
            }
        }

        /// Appends `selection`, or folds it into an earlier one it must be merged with.
        private mutating func merge(_ selection: IRSelection) {
            guard let index = result.firstIndex(where: { Self.key($0) == Self.key(selection) }) else {
                return result.append(selection)
            }
            switch (result[index], selection) {
            case (.linkedField(var existing), .linkedField(let new)):
                existing.selections = FlattenSelections.apply(
                    existing.selections + new.selections, parentType: existing.type.namedType, fragments: fragments)
                existing.connection = existing.connection ?? new.connection
                result[index] = .linkedField(existing)
            case (.inlineFragment(var existing), .inlineFragment(let new)):
                existing.selections = FlattenSelections.apply(
                    existing.selections + new.selections, parentType: existing.typeCondition, fragments: fragments)
                result[index] = .inlineFragment(existing)
            case (.condition(var existing), .condition(let new)):
                existing.selections = FlattenSelections.apply(
                    existing.selections + new.selections, parentType: parentType, fragments: fragments)
                result[index] = .condition(existing)
            default:
                // The same scalar field again: the first one already stores it.
                break
            }
        }

        /// What identifies selections that merge: a field's response key, an inline fragment's
        /// type condition, a condition's variable and passing value.
        private static func key(_ selection: IRSelection) -> String {
            switch selection {
            case .scalarField(let field): "field " + field.responseKey
            case .linkedField(let field): "field " + field.responseKey
            case .inlineFragment(let fragment): "on " + fragment.typeCondition
            case .fragmentSpread(let spread): "spread " + spread.name
            case .condition(let condition):
                switch condition.value {
                case .variable(let name): "if $\(name) == \(condition.passingValue)"
                case .constant(let value): "if \(value) == \(condition.passingValue)"
                }
            }
        }
    }
}
