import GraphQLParser

/// Builds the IR from validated documents: resolves every field, argument and fragment against
/// the schema. It runs only on documents that passed validation, so a failed lookup means the
/// two disagree; it is still reported as a diagnostic rather than trusted or trapped on.
public struct IRBuilder {
    public let schema: Schema
    private var diagnostics: [Diagnostic] = []

    public init(schema: Schema) {
        self.schema = schema
    }

    /// The program of all documents, and what could not be resolved.
    /// Documents are built independently (in parallel); definitions keep the documents' order.
    public static func build(_ documents: [Document], schema: Schema) -> (IRProgram, [Diagnostic]) {
        let built = documents.concurrentMap { document in
            var builder = IRBuilder(schema: schema)
            var operations: [IROperation] = []
            var fragments: [IRFragment] = []
            for definition in document.definitions {
                switch definition {
                case .operation(let node): builder.operation(node).map { operations.append($0) }
                case .fragment(let node): builder.fragment(node).map { fragments.append($0) }
                default: continue
                }
            }
            return (operations, fragments, builder.diagnostics)
        }
        return (
            IRProgram(operations: built.flatMap(\.0), fragments: built.flatMap(\.1)), built.flatMap(\.2)
        )
    }

    private mutating func operation(_ node: OperationDefinition) -> IROperation? {
        guard let name = node.name else {
            report("Operations must be named.", at: node)
            return nil
        }
        guard let rootType = schema.rootType(for: node.operation) else {
            report("The schema defines no \(node.operation.rawValue) type.", at: node)
            return nil
        }
        return IROperation(
            name: name.value, kind: node.operation, rootType: rootType.name,
            variables: node.variableDefinitions.map(variableDefinition), directives: directives(node.directives),
            selections: selections(node.selectionSet, on: rootType), location: node.location)
    }

    private mutating func fragment(_ node: FragmentDefinition) -> IRFragment? {
        let typeName = node.typeCondition.name.value
        guard let type = schema[typeName] else {
            report("Unknown type \"\(typeName)\".", at: node.typeCondition)
            return nil
        }
        var directives = directives(node.directives)
        if let first = node.variableDefinitions.first {
            // `fragment F($size: Int = 10) on T`: read as `@argumentDefinitions(size: {type: "Int",
            // defaultValue: 10})`, which `FragmentArgumentsTransform` gives its meaning.
            if directives.contains(where: { $0.name == FragmentArgumentsTransform.definitionsDirective }) {
                report(
                    "Cannot combine fragment variable definitions syntax with the '@argumentDefinitions' directive",
                    at: first)
            }
            directives.append(
                IRDirective(
                    name: FragmentArgumentsTransform.definitionsDirective,
                    arguments: node.variableDefinitions.map(argumentDefinition), location: first.location))
        }
        return IRFragment(
            name: node.name.value, typeCondition: typeName, argumentDefinitions: [],
            directives: directives, selections: selections(node.selectionSet, on: type),
            location: node.location)
    }

    /// A fragment variable in the syntax as the `@argumentDefinitions` argument it stands for.
    private func argumentDefinition(_ node: VariableDefinition) -> IRArgument {
        var fields = [IRObjectField(name: "type", value: .string(TypeRef(node.type).description))]
        if let value = node.defaultValue {
            fields.append(IRObjectField(name: "defaultValue", value: Self.value(value)))
        }
        return IRArgument(name: node.variable.name.value, value: .object(fields), type: nil, location: node.location)
    }

    private func variableDefinition(_ node: VariableDefinition) -> IRVariableDefinition {
        IRVariableDefinition(
            name: node.variable.name.value, type: TypeRef(node.type), defaultValue: node.defaultValue.map(Self.value),
            location: node.location)
    }

    private mutating func selections(_ node: SelectionSet, on parent: SchemaType) -> [IRSelection] {
        node.selections.compactMap { selection in
            switch selection {
            case .field(let field): return self.field(field, on: parent)
            case .fragmentSpread(let spread):
                var directives = directives(spread.directives)
                if let first = spread.arguments.first {
                    // `...F(size: 20)`: read as `@arguments(size: 20)`.
                    if directives.contains(where: { $0.name == FragmentArgumentsTransform.argumentsDirective }) {
                        report("Cannot combine fragment arguments syntax with the '@arguments' directive", at: first)
                    }
                    directives.append(
                        IRDirective(
                            name: FragmentArgumentsTransform.argumentsDirective,
                            arguments: spread.arguments.map { argument($0, type: nil) }, location: first.location))
                }
                return .fragmentSpread(
                    IRFragmentSpread(
                        name: spread.name.value, arguments: [], directives: directives, location: spread.location))
            case .inlineFragment(let inline): return inlineFragment(inline, on: parent)
            }
        }
    }

    private mutating func field(_ node: Field, on parent: SchemaType) -> IRSelection? {
        guard let definition = schema.field(node.name.value, on: parent) else {
            report("Cannot query field \"\(node.name.value)\" on type \"\(parent.name)\".", at: node.name)
            return nil
        }
        let arguments = node.arguments.map { argument($0, type: definition.argument($0.name.value)?.type) }
        // `name: name` is no alias (Relay drops it too).
        let alias = node.alias.flatMap { $0.value == node.name.value ? nil : $0.value }
        let directives = directives(node.directives)
        guard let selectionSet = node.selectionSet else {
            return .scalarField(
                IRScalarField(
                    alias: alias, name: definition.name, parentType: parent.name, type: definition.type,
                    arguments: arguments,
                    directives: directives, location: node.location))
        }
        guard let fieldType = schema.namedType(of: definition) else {
            report("Unknown type \"\(definition.type.namedType)\".", at: node.name)
            return nil
        }
        return .linkedField(
            IRLinkedField(
                alias: alias, name: definition.name, parentType: parent.name, type: definition.type,
                arguments: arguments,
                directives: directives, selections: selections(selectionSet, on: fieldType), location: node.location))
    }

    private mutating func inlineFragment(_ node: InlineFragment, on parent: SchemaType) -> IRSelection? {
        var type = parent
        if let condition = node.typeCondition {
            guard let conditionType = schema[condition.name.value] else {
                report("Unknown type \"\(condition.name.value)\".", at: condition)
                return nil
            }
            type = conditionType
        }
        return .inlineFragment(
            IRInlineFragment(
                typeCondition: type.name, directives: directives(node.directives),
                selections: selections(node.selectionSet, on: type), location: node.location,
                hasTypeCondition: node.typeCondition != nil))
    }

    private func directives(_ nodes: NodeList<Directive>) -> [IRDirective] {
        nodes.map { node in
            let definition = schema.directives[node.name.value]
            return IRDirective(
                name: node.name.value,
                arguments: node.arguments.map {
                    argument($0, type: definition?.arguments.first { [name = $0.name.value] in $0.name == name }?.type)
                }, location: node.location)
        }
    }

    private func argument(_ node: Argument, type: TypeRef?) -> IRArgument {
        IRArgument(name: node.name.value, value: Self.value(node.value), type: type, location: node.location)
    }

    static func value(_ node: Value) -> IRValue {
        switch node {
        case .variable(let variable): .variable(variable.name.value)
        case .int(let int): .int(int.text)
        case .float(let float): .float(float.text)
        case .string(let string): .string(string.value)
        case .boolean(let boolean): .bool(boolean.value)
        case .null: .null
        case .enumValue(let enumValue): .enumValue(enumValue.name.value)
        case .list(let list): .list(list.values.map(value))
        case .object(let object):
            .object(object.fields.map { IRObjectField(name: $0.name.value, value: value($0.value)) })
        }
    }

    private mutating func report(_ message: String, at node: any SyntaxNode) {
        diagnostics.append(.error(message, at: node.location))
    }
}
