/// A fragment never spreads itself, directly or through other fragments. With fragment
/// arguments (`ValidationOptions.fragmentArgumentsDirective`), a path through a spread that
/// passes arguments, or of a fragment that declares them (whose defaults may end the recursion,
/// as `@include(if: $more)` with `more` false by default does), is left to the compiler, which
/// sees whether the values end it.
public final class NoFragmentCyclesRule: FragmentDefinitionVisitor {
    public static let name = "NoFragmentCyclesRule"
    private unowned let context: ValidationContext
    private var visited: Set<String> = []
    private var spreadPath: [FragmentSpread] = []
    private var pathIndexByName: [String: Int] = [:]

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterFragmentDefinition(_ fragment: FragmentDefinition) {
        detectCycles(from: fragment)
    }

    /// Depth-first over spreads with an explicit stack, so a long chain of fragments cannot
    /// exhaust the call stack.
    private func detectCycles(from start: FragmentDefinition) {
        struct Frame {
            var name: String
            var spreads: [FragmentSpread]
            var next = 0
        }
        guard visited.insert(start.name.value).inserted else { return }
        var stack: [Frame] = []
        let argumentsDirective = context.options.fragmentArgumentsDirective
        let definitionsDirective = argumentsDirective == nil ? nil : context.options.fragmentVariablesDirective
        func declaresArguments(_ name: String) -> Bool {
            guard let definitionsDirective, let fragment = context.fragments[name] else { return false }
            return fragment.directives.contains { $0.name.value == definitionsDirective }
        }
        func push(_ fragment: FragmentDefinition) {
            let spreads = context.fragmentSpreads(in: fragment.selectionSet).filter { spread in
                let passesArguments =
                    argumentsDirective.map { name in
                        spread.directives.contains { $0.name.value == name }
                    } ?? false
                return !passesArguments && !declaresArguments(spread.name.value)
            }
            guard !spreads.isEmpty else { return }
            pathIndexByName[fragment.name.value] = spreadPath.count
            stack.append(Frame(name: fragment.name.value, spreads: spreads))
        }
        push(start)
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next > 0 { spreadPath.removeLast() }
            guard stack[top].next < stack[top].spreads.count else {
                pathIndexByName[stack[top].name] = nil
                stack.removeLast()
                continue
            }
            let spread = stack[top].spreads[stack[top].next]
            stack[top].next += 1
            let name = spread.name.value
            spreadPath.append(spread)
            if let cycleStart = pathIndexByName[name] {
                let cycle = Array(spreadPath[cycleStart...])
                let via = cycle.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                context.report(
                    "Cannot spread fragment \"\(name)\" within itself" + (via.isEmpty ? "." : " via \(via)."), at: cycle
                )
            } else if let fragment = context.fragments[name], visited.insert(name).inserted {
                push(fragment)
            }
        }
    }
}
