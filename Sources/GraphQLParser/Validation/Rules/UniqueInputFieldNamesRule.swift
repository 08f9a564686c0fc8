/// An input object value gives each field once.
public final class UniqueInputFieldNamesRule: ValueVisitor {
    public static let name = "UniqueInputFieldNamesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterValue(_ value: Value) {
        guard case .object(let object) = value else { return }
        var seen: [String: Name] = [:]
        for field in object.fields {
            let name = field.name
            if let first = seen[name.value] {
                context.report("There can be only one input field named \"\(name.value)\".", at: first, name)
            } else {
                seen[name.value] = name
            }
        }
    }
}
