import GraphQLParser

/// An operation as the server and the store see it: fragment arguments applied and identity
/// fields added. The reader side (what app code reads) keeps the program as written.
public struct OperationVariant: Sendable {
    public var operation: IROperation
    /// The fragments the operation uses, applied to their arguments, sorted by name.
    public var fragments: [IRFragment]
    /// The text sent to the server (`IRPrinter.operationText`).
    public var text: String
    /// Variables only the store uses (declarative edits' `connections`): left out of `text` and
    /// of the variables sent, so servers that reject unused variables accept the operation.
    public var clientVariables: [String]

    public init(_ operation: IROperation, in program: IRProgram, schema: Schema) {
        self.init(operation, fragments: ApplyFragmentArguments.fragmentsByName(program), schema: schema)
    }

    /// Every operation's variant, by operation name; the program's fragments are indexed once.
    public static func all(_ program: IRProgram, schema: Schema) -> [String: OperationVariant] {
        let fragments = ApplyFragmentArguments.fragmentsByName(program)
        return Dictionary(
            program.operations.concurrentMap { ($0.name, OperationVariant($0, fragments: fragments, schema: schema)) },
            uniquingKeysWith: { first, _ in first })
    }

    init(_ operation: IROperation, fragments fragmentsByName: [String: IRFragment], schema: Schema) {
        let (applied, fragments) = ApplyFragmentArguments.apply(to: operation, fragments: fragmentsByName)
        var withIdentity = applied
        withIdentity.selections = GenerateIdentityFields.apply(
            ConnectionFields.apply(applied.selections, schema: schema), on: applied.rootType, schema: schema)
        self.operation = withIdentity
        self.fragments = fragments.map { fragment in
            var fragment = fragment
            fragment.selections = GenerateIdentityFields.apply(
                ConnectionFields.apply(fragment.selections, schema: schema), on: fragment.typeCondition, schema: schema)
            return fragment
        }
        var used = VariableUsage.names(in: self.operation.selections)
        used.formUnion(VariableUsage.names(in: self.operation.directives))
        for fragment in self.fragments {
            used.formUnion(VariableUsage.names(in: fragment.selections))
            used.formUnion(VariableUsage.names(in: fragment.directives))
        }
        var sent = self.operation
        sent.variables.removeAll { !used.contains($0.name) }
        clientVariables = self.operation.variables.map(\.name).filter { !used.contains($0) }
        text = ([IRPrinter.print(sent)] + self.fragments.map(IRPrinter.print)).joined(separator: "\n\n")
    }
}
