/// Every selected field exists on its parent type.
public final class FieldsOnCorrectTypeRule: FieldVisitor {
    public static let name = "FieldsOnCorrectTypeRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterField(_ field: Field) {
        guard let parent = context.parentType, context.fieldDefinition == nil else { return }
        let name = field.name.value
        var suggestion = Suggestions.didYouMean("to use an inline fragment on", suggestedTypeNames(parent, name))
        if suggestion.isEmpty {
            let fieldNames = parent.kind == .union ? [] : parent.fields.map(\.name)
            suggestion = Suggestions.didYouMean(Suggestions.suggestionList(name, fieldNames))
        }
        context.report("Cannot query field \"\(name)\" on type \"\(parent.name)\"." + suggestion, at: field)
    }

    /// For an abstract type: the types that do have the field, the most used first, interfaces
    /// before the types implementing them.
    private func suggestedTypeNames(_ type: SchemaType, _ fieldName: String) -> [String] {
        guard type.kind.isAbstract else { return [] }
        let schema = context.schema
        var suggested: [SchemaType] = []
        var usage: [String: Int] = [:]
        for possible in schema.possibleTypes(of: type) where possible.field(fieldName) != nil {
            if usage[possible.name] == nil { suggested.append(possible) }
            usage[possible.name] = 1
            for interfaceName in possible.interfaces {
                guard let interface = schema[interfaceName], interface.field(fieldName) != nil else { continue }
                if usage[interfaceName] == nil { suggested.append(interface) }
                usage[interfaceName, default: 0] += 1
            }
        }
        return suggested.sorted { lhs, rhs in
            let difference = (usage[rhs.name] ?? 0) - (usage[lhs.name] ?? 0)
            if difference != 0 { return difference < 0 }
            if lhs.kind == .interface, schema.isSubType(lhs, rhs) { return true }
            if rhs.kind == .interface, schema.isSubType(rhs, lhs) { return false }
            return Suggestions.naturalCompare(lhs.name, rhs.name) < 0
        }.map(\.name)
    }
}
