import GraphQLParser

/// An operation as the server and the store see it: fragment arguments applied and identity
/// fields added. The reader side (what app code reads) keeps the program as written.
public struct OperationVariant {
    public var operation: IROperation
    /// The fragments the operation uses, applied to their arguments, sorted by name.
    public var fragments: [IRFragment]

    public init(_ operation: IROperation, in program: IRProgram, schema: Schema) {
        let (applied, fragments) = ApplyFragmentArguments.apply(to: operation, in: program)
        var withIdentity = applied
        withIdentity.selections = GenerateIdentityFields.apply(
            applied.selections, on: applied.rootType, schema: schema)
        self.operation = withIdentity
        self.fragments = fragments.map { fragment in
            var fragment = fragment
            fragment.selections = GenerateIdentityFields.apply(
                fragment.selections, on: fragment.typeCondition, schema: schema)
            return fragment
        }
    }
}
