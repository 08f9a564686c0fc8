import GraphQLParser

/// Folding ranges (Relay's language server's folding): the selection set of each field and
/// inline fragment that spans lines folds from its `{` to its last selection, so the closing
/// brace stays in sight. A definition's own braces are left to the editor's Swift folding.
extension LanguageWorkspace {
    /// The ranges of a file's GraphQL as the last compile parsed it: first and last line (1-based).
    public func foldingRanges(in file: String) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for (documentFile, document) in documents() where documentFile == file {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation): Self.fold(operation.selectionSet, into: &ranges)
                case .fragment(let fragment): Self.fold(fragment.selectionSet, into: &ranges)
                default: continue
                }
            }
        }
        return ranges
    }

    private static func fold(_ selectionSet: SelectionSet, into ranges: inout [ClosedRange<Int>]) {
        for selection in selectionSet.selections {
            let inner: SelectionSet?
            switch selection {
            case .field(let field): inner = field.selectionSet
            case .inlineFragment(let inline): inner = inline.selectionSet
            case .fragmentSpread: inner = nil
            }
            guard let inner, let last = inner.selections.last else { continue }
            let start = inner.location.line
            let end = inner.tree.location(of: last.range).endLine
            if end > start { ranges.append(start...end) }
            fold(inner, into: &ranges)
        }
    }
}
