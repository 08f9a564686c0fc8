/// Every literal value fits the type expected where it is written: scalars parse, enum values
/// exist, input objects have their required fields and only known ones, lists hold the right
/// items, `@oneOf` inputs get exactly one non-null field.
public final class ValuesOfCorrectTypeRule: OperationVisitor, VariableDefinitionVisitor, ValueVisitor,
    ObjectFieldVisitor
{
    public static let name = "ValuesOfCorrectTypeRule"
    private unowned let context: ValidationContext
    /// Nesting depth inside a value already reported as a whole, whose parts are not checked.
    private var skipping = 0
    /// The current operation's variables, for `@oneOf` fields given a variable.
    private var variableDefinitions: [String: VariableDefinition] = [:]

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterOperation(_ operation: OperationDefinition) {
        variableDefinitions = [:]
    }

    public func enterVariableDefinition(_ definition: VariableDefinition) {
        variableDefinitions[definition.variable.name.value] = definition
    }

    public func enterValue(_ value: Value) {
        if skipping > 0 {
            skipping += 1
            return
        }
        switch value {
        case .list:
            guard case .list = context.inputType?.nullable else {
                // A list where a single value is expected: checked against the nullable type.
                checkLeaf(value, expected: context.inputType?.nullable)
                skipping = 1
                return
            }
        case .object(let object):
            guard let type = context.namedType(context.inputType), type.kind == .inputObject else {
                checkLeaf(value, expected: context.inputType)
                skipping = 1
                return
            }
            checkFields(of: object, against: type)
        case .null:
            if let type = context.inputType, type.isNonNull {
                context.report("Expected value of type \"\(type)\", found null.", at: value.node)
            }
        case .variable:
            break
        default:
            checkLeaf(value, expected: context.inputType)
        }
    }

    public func leaveValue(_ value: Value) {
        if skipping > 0 { skipping -= 1 }
    }

    public func enterObjectField(_ field: ObjectField) {
        guard skipping == 0, context.inputType == nil, let parent = context.namedType(context.parentInputType),
            parent.kind == .inputObject
        else { return }
        let suggestions = Suggestions.suggestionList(field.name.value, parent.inputFields.map(\.name))
        context.report(
            "Field \"\(field.name.value)\" is not defined by type \"\(parent.name)\"."
                + Suggestions.didYouMean(suggestions),
            at: field)
    }

    private func checkFields(of object: ObjectValue, against type: SchemaType) {
        var given: [String: ObjectField] = [:]
        for field in object.fields where given[field.name.value] == nil {
            given[field.name.value] = field
        }
        for field in type.inputFields where given[field.name] == nil && field.isRequired {
            context.report(
                "Field \"\(type.name).\(field.name)\" of required type \"\(field.type)\" was not provided.", at: object)
        }
        guard type.isOneOf else { return }
        guard given.count == 1, let (name, field) = given.first else {
            context.report("OneOf Input Object \"\(type.name)\" must specify exactly one key.", at: object)
            return
        }
        switch field.value {
        case .null:
            context.report("Field \"\(type.name).\(name)\" must be non-null.", at: object)
        case .variable(let variable):
            let variableName = variable.name.value
            if let definition = variableDefinitions[variableName], case .nonNull = definition.type {
                return
            } else if variableDefinitions[variableName] != nil {
                context.report(
                    "Variable \"\(variableName)\" must be non-nullable to be used for OneOf Input Object \"\(type.name)\".",
                    at: object)
            }
        default:
            break
        }
    }

    /// graphql-js's `isValidValueNode`: the value must be a valid literal of a leaf type.
    private func checkLeaf(_ value: Value, expected: TypeRef?) {
        guard let expected else { return }
        let printed = Printer.print(value)
        guard let type = context.namedType(expected), type.kind.isLeaf else {
            context.report("Expected value of type \"\(expected)\", found \(printed).", at: value.node)
            return
        }
        if let problem = Self.literalProblem(value, printed: printed, for: type) {
            context.report(problem, at: value.node)
        }
    }

    /// Why `value` is not a literal of the leaf type, in the words of graphql-js's
    /// `parseLiteral`, or nil when it is one. Custom scalars accept any literal.
    static func literalProblem(_ value: Value, printed: String, for type: SchemaType) -> String? {
        if type.kind == .enumType {
            guard case .enumValue(let enumValue) = value else {
                return "Enum \"\(type.name)\" cannot represent non-enum value: \(printed)."
                    + enumSuggestion(printed, type)
            }
            if type.enumValue(enumValue.name.value) == nil {
                return "Value \"\(printed)\" does not exist in \"\(type.name)\" enum." + enumSuggestion(printed, type)
            }
            return nil
        }
        switch type.name {
        case "Int":
            guard case .int(let int) = value else { return "Int cannot represent non-integer value: \(printed)" }
            guard let number = Int(int.text), number >= Int(Int32.min), number <= Int(Int32.max) else {
                return "Int cannot represent non 32-bit signed integer value: \(int.text)"
            }
            return nil
        case "Float":
            switch value {
            case .int, .float: return nil
            default: return "Float cannot represent non numeric value: \(printed)"
            }
        case "String":
            if case .string = value { return nil }
            return "String cannot represent a non string value: \(printed)"
        case "Boolean":
            if case .boolean = value { return nil }
            return "Boolean cannot represent a non boolean value: \(printed)"
        case "ID":
            switch value {
            case .string, .int: return nil
            default: return "ID cannot represent a non-string and non-integer value: \(printed)"
            }
        default:
            return nil
        }
    }

    private static func enumSuggestion(_ printed: String, _ type: SchemaType) -> String {
        Suggestions.didYouMean("the enum value", Suggestions.suggestionList(printed, type.enumValues.map(\.name)))
    }
}

extension Value {
    /// The view of the value's node, whatever its kind.
    public var node: any SyntaxNode {
        switch self {
        case .variable(let node): node
        case .int(let node): node
        case .float(let node): node
        case .string(let node): node
        case .boolean(let node): node
        case .null(let node): node
        case .enumValue(let node): node
        case .list(let node): node
        case .object(let node): node
        }
    }
}
