/// Each operation's server text: printed from the operation-text program with the fragments it
/// reaches, byte for byte as Relay's compiler prints it (`OperationTextPrinter`), once per compile (one operation at a time, in parallel), and whether it has `@defer`
/// or `@stream`. A stage of its own: it reads the program the transforms gave and calls none.
public struct OperationTexts: Sendable {
    /// The text of each operation that has one, by name; an operation emptied of server
    /// selections (client schema extensions only) has none.
    public let texts: [String: String]
    /// The operations whose text has `@defer` or `@stream`.
    public let incrementalOperations: Set<String>

    /// The directives whose presence makes a response come in parts.
    static let incrementalDirectives: Set<String> = ["defer", "stream"]

    /// `compact`: Relay's `compact_query_text`.
    public init(printing operationText: IRProgram, compact: Bool = false) {
        let fragments = operationText.fragmentsByName
        let printed = operationText.operations.filter { !$0.selections.isEmpty }.concurrentMap { operation in
            let used = IRProgram.fragments(reachableFrom: operation.selections, in: fragments)
            let text = OperationTextPrinter.text(of: operation, fragments: used, compact: compact)
            let incremental = ([operation.selections] + used.map(\.selections)).contains {
                $0.containsDirective(named: Self.incrementalDirectives)
            }
            return (operation.name, text, incremental)
        }
        texts = Dictionary(printed.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        incrementalOperations = Set(printed.filter(\.2).map(\.0))
    }
}
