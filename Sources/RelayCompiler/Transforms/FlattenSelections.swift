/// Relay's flatten transform, in its two uses. For the store's normalization AST (with the
/// inline-fragments transform): fragment spreads become inline fragments, an inline fragment on
/// the type its parent already has is merged into the parent, and selections with the same
/// response key (or the same type condition, or the same condition) are merged into one. For
/// the text a server receives (`.operationText`): spreads stay, and only an inline fragment on
/// its parent's type without directives is merged into the parent. Validation has already
/// proved that fields sharing a response key on one type are the same field with the same
/// arguments, so merging loses nothing.
public enum FlattenSelections {
    public enum Mode: Sendable {
        case normalization
        case operationText
    }

    public static func apply(
        _ selections: [IRSelection], parentType: String, fragments: [String: IRFragment],
        mode: Mode = .normalization
    ) -> [IRSelection] {
        var flattener = Flattener(fragments: fragments, parentType: parentType, mode: mode)
        for selection in selections { flattener.add(selection) }
        return flattener.result
    }

    /// Merges selections as they are added: each selection that can hold others keeps its own
    /// flattener, so merging into it adds only the new children. (Re-flattening the merged
    /// children on every merge, with a linear search for each key, made 2,000 fragments that
    /// select one field's different sub-fields take minutes.)
    private struct Flattener {
        let fragments: [String: IRFragment]
        let parentType: String
        let mode: Mode
        private var entries: [Entry] = []
        /// Each merge key's position in `entries`.
        private var positions: [String: Int] = [:]

        private struct Entry {
            var selection: IRSelection
            /// The merged children of a linked field, inline fragment or condition.
            var children: Flattener?
        }

        init(fragments: [String: IRFragment], parentType: String, mode: Mode) {
            self.fragments = fragments
            self.parentType = parentType
            self.mode = mode
        }

        var result: [IRSelection] {
            entries.map { entry in
                entry.children.map { Self.replacingSelections(of: entry.selection, with: $0.result) } ?? entry.selection
            }
        }

        mutating func add(_ selection: IRSelection) {
            switch selection {
            case .fragmentSpread(let spread) where mode == .normalization:
                if let inlined = FlattenSelections.inlined(spread, fragments: fragments) { add(inlined) }
            case .inlineFragment(let fragment)
            where fragment.typeCondition == parentType && !fragment.isClientExtension
                && (mode == .normalization || fragment.directives.isEmpty):
                for child in fragment.selections { add(child) }
            case .inlineFragment(let fragment):
                merge(selection, children: fragment.selections, under: fragment.typeCondition)
            case .linkedField(let field):
                merge(selection, children: field.selections, under: field.type.namedType)
            case .condition(let condition):
                merge(selection, children: condition.selections, under: parentType)
            case .scalarField, .fragmentSpread:
                // The same scalar field (or spread) again: the first one already stores it.
                let key = FlattenSelections.mergeKey(selection)
                guard positions[key] == nil else { return }
                positions[key] = entries.count
                entries.append(Entry(selection: selection))
            }
        }

        /// Appends `selection` with its children flattened, or folds the children into an
        /// earlier selection it must be merged with.
        private mutating func merge(_ selection: IRSelection, children: [IRSelection], under childParentType: String) {
            let key = FlattenSelections.mergeKey(selection)
            guard let position = positions[key] else {
                var flattener = Flattener(fragments: fragments, parentType: childParentType, mode: mode)
                for child in children { flattener.add(child) }
                positions[key] = entries.count
                entries.append(Entry(selection: selection, children: flattener))
                return
            }
            if case .linkedField(var existing) = entries[position].selection, case .linkedField(let new) = selection {
                existing.connection = existing.connection ?? new.connection
                entries[position].selection = .linkedField(existing)
            }
            // A scalar field under the key (invalid, and reported) takes no children.
            for child in children { entries[position].children?.add(child) }
        }

        private static func replacingSelections(of selection: IRSelection, with selections: [IRSelection])
            -> IRSelection
        {
            switch selection {
            case .linkedField(var field):
                field.selections = selections
                return .linkedField(field)
            case .inlineFragment(var fragment):
                fragment.selections = selections
                return .inlineFragment(fragment)
            case .condition(var condition):
                condition.selections = selections
                return .condition(condition)
            case .scalarField, .fragmentSpread:
                return selection
            }
        }
    }

    /// A fragment spread as the inline fragment the normalization AST has in its place; `nil`
    /// for an unknown fragment.
    static func inlined(_ spread: IRFragmentSpread, fragments: [String: IRFragment]) -> IRSelection? {
        guard let fragment = fragments[spread.name] else { return nil }
        return .inlineFragment(
            IRInlineFragment(
                typeCondition: fragment.typeCondition, directives: [], selections: fragment.selections,
                location: spread.location))
    }

    /// What identifies selections that merge: a field's response key, an inline fragment's
    /// type condition, a condition's variable and passing value.
    static func mergeKey(_ selection: IRSelection) -> String {
        switch selection {
        case .scalarField(let field): "field " + field.responseKey
        case .linkedField(let field): "field " + field.responseKey
        case .inlineFragment(let fragment):
            "on " + fragment.typeCondition
                + (fragment.directives.isEmpty ? "" : " " + IRPrinter.print(fragment.directives))
        case .fragmentSpread(let spread):
            "spread " + spread.name + (spread.directives.isEmpty ? "" : " " + IRPrinter.print(spread.directives))
        case .condition(let condition):
            switch condition.value {
            case .variable(let name): "if $\(name) == \(condition.passingValue)"
            case .constant(let value): "if \(value) == \(condition.passingValue)"
            }
        }
    }
}
