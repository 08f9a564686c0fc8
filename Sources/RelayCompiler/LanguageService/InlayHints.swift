import GraphQLParser

/// A type shown in the text where it is not written (LSP's inlay hint).
public struct InlayHint: Equatable, Sendable {
    /// Where it shows: the place just after what it describes.
    public var location: SourceLocation
    /// `: Int`.
    public var label: String
}

/// Inlay hints: the type of each fragment argument a spread passes (`@arguments(count: 5): Int`),
/// as `@argumentDefinitions` declares it, and optionally each field's schema type after it.
extension LanguageWorkspace {
    /// The hints of `file`'s GraphQL on lines `lines`.
    public func inlayHints(in file: String, lines: ClosedRange<Int>, fieldTypes: Bool = true) -> [InlayHint] {
        guard let schema else { return [] }
        let index = fragmentIndex()
        var hints: [InlayHint] = []
        for (documentFile, document) in documents() where documentFile == file {
            var collector = HintCollector(schema: schema, fragments: index, fieldTypes: fieldTypes)
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    collector.visit(operation.selectionSet, parent: schema.rootType(for: operation.operation))
                case .fragment(let fragment):
                    collector.visit(fragment.selectionSet, parent: schema[fragment.typeCondition.name.value])
                default: continue
                }
            }
            hints += collector.hints.filter { lines.contains($0.location.line) }
        }
        return hints.sorted { $0.location < $1.location }
    }
}

/// Walks selections with their parent types, collecting hints.
private struct HintCollector {
    let schema: Schema
    let fragments: [String: LanguageWorkspace.FragmentEntry]
    let fieldTypes: Bool
    var hints: [InlayHint] = []

    mutating func visit(_ selectionSet: SelectionSet, parent: SchemaType?) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = parent.flatMap { schema.field(field.name.value, on: $0) }
                if fieldTypes, let definition {
                    // After the arguments' closing parenthesis, or the name.
                    let end =
                        field.arguments.last.map { closingParenthesis(after: $0.range.end, in: field.tree) }
                        ?? field.name.range.end
                    hints.append(InlayHint(location: point(end, in: field.tree), label: ": \(definition.type)"))
                }
                if let selections = field.selectionSet {
                    visit(selections, parent: definition.flatMap { schema.namedType(of: $0) })
                }
            case .fragmentSpread(let spread):
                guard let declared = fragments[spread.name.value].map({ Self.argumentTypes(of: $0.definition) }) else {
                    continue
                }
                for directive in spread.directives where directive.name.value == "arguments" {
                    for argument in directive.arguments {
                        guard let type = declared[argument.name.value] else { continue }
                        hints.append(
                            InlayHint(location: point(argument.range.end, in: argument.tree), label: ": \(type)"))
                    }
                }
            case .inlineFragment(let inline):
                visit(inline.selectionSet, parent: inline.typeCondition.flatMap { schema[$0.name.value] } ?? parent)
            }
        }
    }

    /// A fragment's `@argumentDefinitions` types, by argument name.
    static func argumentTypes(of fragment: FragmentDefinition) -> [String: String] {
        var types: [String: String] = [:]
        for directive in fragment.directives where directive.name.value == "argumentDefinitions" {
            for argument in directive.arguments {
                guard case .object(let object) = argument.value else { continue }
                for field in object.fields where field.name.value == "type" {
                    if case .string(let type) = field.value { types[argument.name.value] = type.value }
                }
            }
        }
        return types
    }

    /// Just past the `)` that follows `offset` (the last argument's end), or `offset`.
    private func closingParenthesis(after offset: UInt32, in tree: SyntaxTree) -> UInt32 {
        let bytes = tree.source.utf8
        var index = bytes.index(bytes.startIndex, offsetBy: Int(offset), limitedBy: bytes.endIndex) ?? bytes.endIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: ")") {
                return UInt32(bytes.distance(from: bytes.startIndex, to: index) + 1)
            }
            index = bytes.index(after: index)
        }
        return offset
    }

    private func point(_ offset: UInt32, in tree: SyntaxTree) -> SourceLocation {
        tree.location(of: SourceRange(start: offset, end: offset))
    }
}
