/// Selections may nest at most `limit` levels counting through fragment spreads, as the parser
/// allows within one document. Validation rules and every later stage follow spreads
/// recursively, so a chain of thousands of fragments each spreading the next (no document deep
/// on its own) would otherwise cost quadratic time and exhaust the stack instead of giving a
/// diagnostic. `Validator` runs this check first and runs no rule when it fails.
///
/// Computed without recursion: each definition's own depth and the depths at which it spreads
/// fragments, then fragment depths in dependency order. Spread cycles count as no extra depth
/// (`NoFragmentCyclesRule` reports them).
enum SelectionDepthCheck {
    static let limit = ParseOptions().maxDepth

    /// A definition's depth on its own, and each fragment it spreads with the depth at the spread.
    private struct Shape {
        var ownDepth = 0
        var spreads: [(name: String, depth: Int)] = []
    }

    static func errors(_ documents: [Document]) -> [ValidationError] {
        var fragments: [String: Shape] = [:]
        var operations: [(name: String, node: any SyntaxNode, shape: Shape)] = []
        var fragmentNodes: [String: any SyntaxNode] = [:]
        for document in documents {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    let node: any SyntaxNode = operation.name ?? operation
                    operations.append((operation.name?.value ?? "anonymous", node, shape(of: operation.selectionSet)))
                case .fragment(let fragment):
                    fragments[fragment.name.value] = shape(of: fragment.selectionSet)
                    fragmentNodes[fragment.name.value] = fragment.name
                default:
                    continue
                }
            }
        }
        let depths = fragmentDepths(fragments)
        func depth(_ shape: Shape) -> Int {
            shape.spreads.reduce(shape.ownDepth) { Swift.max($0, $1.depth + (depths[$1.name] ?? 0)) }
        }
        var errors: [ValidationError] = []
        var tooDeep: Set<String> = []
        for (name, shape) in fragments where depth(shape) > limit { tooDeep.insert(name) }
        // Report where the depth starts: every operation that is too deep, and the too-deep
        // fragments no other too-deep definition spreads (not each link of a long chain).
        var spreadByTooDeep: Set<String> = []
        for operation in operations where depth(operation.shape) > limit {
            errors.append(error(operation.name, at: operation.node))
            operation.shape.spreads.forEach { spreadByTooDeep.insert($0.name) }
        }
        for name in tooDeep { fragments[name]?.spreads.forEach { spreadByTooDeep.insert($0.name) } }
        for name in tooDeep.sorted() where !spreadByTooDeep.contains(name) {
            errors.append(error(name, at: fragmentNodes[name]))
        }
        return errors
    }

    private static func error(_ name: String, at node: (any SyntaxNode)?) -> ValidationError {
        ValidationError(
            message: "\"\(name)\" nests selections more than \(limit) levels deep through its fragment spreads.",
            nodes: node.map { [$0] } ?? [])
    }

    /// Walks a selection set with an explicit stack.
    private static func shape(of root: SelectionSet) -> Shape {
        var shape = Shape()
        var pending: [(SelectionSet, Int)] = [(root, 1)]
        while let (selectionSet, depth) = pending.popLast() {
            shape.ownDepth = Swift.max(shape.ownDepth, depth)
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    if let nested = field.selectionSet { pending.append((nested, depth + 1)) }
                case .inlineFragment(let inline):
                    pending.append((inline.selectionSet, depth + 1))
                case .fragmentSpread(let spread):
                    shape.spreads.append((spread.name.value, depth))
                }
            }
        }
        return shape
    }

    /// Each fragment's full depth, fragments it spreads first (an explicit-stack depth-first
    /// walk); a spread that closes a cycle adds nothing.
    private static func fragmentDepths(_ fragments: [String: Shape]) -> [String: Int] {
        var depths: [String: Int] = [:]
        var visiting: Set<String> = []
        for start in fragments.keys.sorted() where depths[start] == nil {
            var stack: [(name: String, nextSpread: Int)] = [(start, 0)]
            visiting.insert(start)
            while let top = stack.last {
                let shape = fragments[top.name] ?? Shape()
                if top.nextSpread < shape.spreads.count {
                    stack[stack.count - 1].nextSpread += 1
                    let child = shape.spreads[top.nextSpread].name
                    if depths[child] == nil, !visiting.contains(child), fragments[child] != nil {
                        visiting.insert(child)
                        stack.append((child, 0))
                    }
                    continue
                }
                depths[top.name] = shape.spreads.reduce(shape.ownDepth) {
                    Swift.max($0, $1.depth + (depths[$1.name] ?? 0))
                }
                visiting.remove(top.name)
                stack.removeLast()
            }
        }
        return depths
    }
}
