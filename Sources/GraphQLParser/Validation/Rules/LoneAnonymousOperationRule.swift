/// An anonymous operation must be the only operation of its document.
public final class LoneAnonymousOperationRule: DocumentVisitor, OperationVisitor {
    public static let name = "LoneAnonymousOperationRule"
    private unowned let context: ValidationContext
    private var operationCount = 0

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterDocument(_ document: Document) {
        operationCount =
            document.definitions.filter {
                if case .operation = $0 { return true }
                return false
            }.count
    }

    public func enterOperation(_ operation: OperationDefinition) {
        if operation.name == nil, operationCount > 1 {
            context.report("This anonymous operation must be the only defined operation.", at: operation)
        }
    }
}
