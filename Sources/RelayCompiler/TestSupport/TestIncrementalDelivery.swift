import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// Where an operation's `@defer`red fragments and `@stream`ed lists are, read from the program
/// the server's text is printed from (spreads still spreads, each with its directives): with
/// test support, what lets a test deliver a generated response in the parts a server would send.
/// Fields of client schema extensions are in no part; a test sends them with the object they
/// are on.
enum TestIncrementalDelivery {
    /// The parts of `operation` (of the operation-text program), nil when it has none.
    static func delivery(of operation: IROperation, fragments: [String: IRFragment]) -> MockIncrementalDelivery? {
        var walk = Walk(fragments: fragments)
        walk.collect(operation.selections, path: "", part: nil)
        guard !walk.parts.isEmpty else { return nil }
        return MockIncrementalDelivery(
            fields: walk.fields[nil, default: []].sorted(),
            parts: walk.parts.enumerated().map { index, part in
                var part = part
                if case .deferred = part.kind {
                    part.kind = .deferred(fields: walk.fields[index, default: []].sorted())
                }
                return part
            })
    }

    private struct Walk {
        let fragments: [String: IRFragment]
        var parts: [MockIncrementalDelivery.Part] = []
        /// Each part's paths (nil: the first payload's).
        var fields: [Int?: Set<String>] = [:]

        mutating func collect(_ selections: [IRSelection], path: String, part: Int?) {
            for selection in selections {
                switch selection {
                case .scalarField(let field):
                    fields[part, default: []].insert(Self.join(path, field.responseKey))
                case .linkedField(let field):
                    let fieldPath = Self.join(path, field.responseKey)
                    fields[part, default: []].insert(fieldPath)
                    if let stream = field.directives.first(where: { $0.name == DeferStreamTransform.streamName }) {
                        parts.append(
                            .init(
                                kind: .streamed(initialCount: Self.initialCount(stream)),
                                label: Self.label(stream), path: fieldPath, condition: Self.condition(stream),
                                parent: part))
                    }
                    // A streamed list's items belong to the payload that has the list.
                    collect(field.selections, path: fieldPath, part: part)
                case .inlineFragment(let fragment):
                    collect(fragment.selections, path: path, part: deferred(fragment.directives, path: path, in: part))
                case .condition(let condition):
                    collect(condition.selections, path: path, part: part)
                case .fragmentSpread(let spread):
                    guard let fragment = fragments[spread.name] else { continue }
                    collect(fragment.selections, path: path, part: deferred(spread.directives, path: path, in: part))
                }
            }
        }

        /// A new part for a `@defer` among `directives`, or `part` when there is none.
        private mutating func deferred(_ directives: [IRDirective], path: String, in part: Int?) -> Int? {
            guard let directive = directives.first(where: { $0.name == DeferStreamTransform.deferName }) else {
                return part
            }
            parts.append(
                .init(
                    kind: .deferred(fields: []), label: Self.label(directive), path: path,
                    condition: Self.condition(directive), parent: part))
            return parts.count - 1
        }

        private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

        private static func label(_ directive: IRDirective) -> String {
            if case .string(let label)? = directive.argument("label")?.value { return label }
            return ""
        }

        private static func condition(_ directive: IRDirective) -> String? {
            if case .variable(let name)? = directive.argument("if")?.value { return name }
            return nil
        }

        private static func initialCount(_ directive: IRDirective) -> MockIncrementalDelivery.Part.InitialCount {
            switch directive.argument("initialCount")?.value {
            case .variable(let name)?: .variable(name)
            case .int(let text)?: .literal(Int(text) ?? 0)
            default: .literal(0)
            }
        }
    }
}
