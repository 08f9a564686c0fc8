/// Every named operation has a name of its own.
public final class UniqueOperationNamesRule: OperationVisitor {
    public static let name = "UniqueOperationNamesRule"
    private unowned let context: ValidationContext
    private var known: [String: Name] = [:]

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterOperation(_ operation: OperationDefinition) {
        guard let name = operation.name else { return }
        if let first = known[name.value] {
            context.report("There can be only one operation named \"\(name.value)\".", at: first, name)
        } else {
            known[name.value] = name
        }
    }
}
