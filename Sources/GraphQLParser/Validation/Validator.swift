/// Validates executable documents against a schema with a set of rules, walking each document
/// once and calling every rule's hooks at each node (graphql-js's `validate`).
///
/// All documents of a project are validated together: fragments are global, so a spread in
/// one file finds its fragment in another, and cycle and variable checks see the whole project.
///
/// Selections nested more than `ParseOptions.maxDepth` levels through fragment spreads are
/// reported alone, before any rule runs (`SelectionDepthCheck`): rules follow spreads, and a
/// chain of 20,000 fragments would otherwise take minutes and gigabytes to validate.
public enum Validator {
    /// Every error, ordered by file, line and column; after `options.maxErrors` of them, the
    /// error saying validation was aborted comes last (or, with `limitsErrorsPerSource`, one at
    /// the start of each file that reached the limit).
    public static func validate(
        _ documents: [Document], schema: Schema, rules: [any ValidationRule.Type] = ValidationRules.specified,
        options: ValidationOptions = .standard
    ) -> [Diagnostic] {
        // The aborted error has no location, so it sorts last.
        validationErrors(documents, schema: schema, rules: rules, options: options).map(\.diagnostic)
            .sortedByLocation()
    }

    /// The errors before they are resolved to lines, in the order the rules report them, and
    /// `ValidationError.aborted` last when there were more than `options.maxErrors`.
    public static func validationErrors(
        _ documents: [Document], schema: Schema, rules: [any ValidationRule.Type] = ValidationRules.specified,
        options: ValidationOptions = .standard
    ) -> [ValidationError] {
        let tooDeep = SelectionDepthCheck.errors(documents)
        guard tooDeep.isEmpty else { return tooDeep }
        var fragments: [String: FragmentDefinition] = [:]
        for document in documents {
            for case .fragment(let fragment) in document.definitions where fragments[fragment.name.value] == nil {
                fragments[fragment.name.value] = fragment
            }
        }
        let context = ValidationContext(schema: schema, fragments: fragments, options: options)
        var walker = Walker(context: context, rules: rules.map { $0.init(context: context) })
        var firstDocumentBySource: [String: Document] = [:]
        for document in documents where !context.isAborted {
            context.currentSource = document.tree.sourceName
            if firstDocumentBySource[document.tree.sourceName] == nil {
                firstDocumentBySource[document.tree.sourceName] = document
            }
            walker.walk(document)
        }
        context.currentSource = nil
        for rule in walker.rules where !context.isAborted { rule.finish() }
        let abortedFiles = context.abortedSources.sorted().compactMap { firstDocumentBySource[$0] }
        return context.isAborted
            ? context.errors + [.aborted] : context.errors + abortedFiles.map(ValidationError.aborted)
    }
}

/// The single traversal: graphql-js's visitor order, with TypeInfo's bookkeeping around it.
/// Each hook is called on the rules that conform to its visitor protocol.
private struct Walker {
    let context: ValidationContext
    let rules: [any ValidationRule]
    /// The operation or fragment being walked, to file variable usages under.
    private var currentDefinition: ValidationContext.NodeKey?
    /// The current fragment's local variables (`ValidationOptions.fragmentVariablesDirective`):
    /// their usages are the fragment's own, not its operations'.
    private var localVariables: Set<String> = []

    private let documentRules: [any DocumentVisitor]
    private let operationRules: [any OperationVisitor]
    private let fragmentDefinitionRules: [any FragmentDefinitionVisitor]
    private let typeSystemRules: [any TypeSystemDefinitionVisitor]
    private let variableDefinitionRules: [any VariableDefinitionVisitor]
    private let selectionSetRules: [any SelectionSetVisitor]
    private let fieldRules: [any FieldVisitor]
    private let fragmentSpreadRules: [any FragmentSpreadVisitor]
    private let inlineFragmentRules: [any InlineFragmentVisitor]
    private let directivesRules: [any DirectiveListVisitor]
    private let directiveRules: [any DirectiveVisitor]
    private let argumentRules: [any ArgumentVisitor]
    private let valueRules: [any ValueVisitor]
    private let objectFieldRules: [any ObjectFieldVisitor]
    private let namedTypeRules: [any NamedTypeVisitor]

    /// Each kind of node's rules: those that conform to its visitor protocol, in rule order.
    /// A rule is cast only to the protocols its type conforms to (`VisitorKinds`): a compile
    /// validates file by file, and a failing cast per rule, protocol and file cost more than
    /// walking the files.
    init(context: ValidationContext, rules: [any ValidationRule]) {
        self.context = context
        self.rules = rules
        let kinds = rules.map { VisitorKinds.of(type(of: $0)) }
        func visitors<Visitor>(_ kind: VisitorKinds, _ cast: (any ValidationRule) -> Visitor?) -> [Visitor] {
            zip(rules, kinds).compactMap { rule, kinds in kinds.contains(kind) ? cast(rule) : nil }
        }
        documentRules = visitors(.document) { $0 as? any DocumentVisitor }
        operationRules = visitors(.operation) { $0 as? any OperationVisitor }
        fragmentDefinitionRules = visitors(.fragmentDefinition) { $0 as? any FragmentDefinitionVisitor }
        typeSystemRules = visitors(.typeSystemDefinition) { $0 as? any TypeSystemDefinitionVisitor }
        variableDefinitionRules = visitors(.variableDefinition) { $0 as? any VariableDefinitionVisitor }
        selectionSetRules = visitors(.selectionSet) { $0 as? any SelectionSetVisitor }
        fieldRules = visitors(.field) { $0 as? any FieldVisitor }
        fragmentSpreadRules = visitors(.fragmentSpread) { $0 as? any FragmentSpreadVisitor }
        inlineFragmentRules = visitors(.inlineFragment) { $0 as? any InlineFragmentVisitor }
        directivesRules = visitors(.directiveList) { $0 as? any DirectiveListVisitor }
        directiveRules = visitors(.directive) { $0 as? any DirectiveVisitor }
        argumentRules = visitors(.argument) { $0 as? any ArgumentVisitor }
        valueRules = visitors(.value) { $0 as? any ValueVisitor }
        objectFieldRules = visitors(.objectField) { $0 as? any ObjectFieldVisitor }
        namedTypeRules = visitors(.namedType) { $0 as? any NamedTypeVisitor }
    }

    private var schema: Schema { context.schema }

    mutating func walk(_ document: Document) {
        documentRules.forEach { $0.enterDocument(document) }
        for definition in document.definitions where !context.isAborted {
            switch definition {
            case .operation(let operation): walk(operation)
            case .fragment(let fragment): walk(fragment)
            default: typeSystemRules.forEach { $0.enterTypeSystemDefinition(definition) }
            }
        }
        documentRules.forEach { $0.leaveDocument(document) }
    }

    private mutating func walk(_ operation: OperationDefinition) {
        currentDefinition = .init(operation)
        localVariables = []
        context.operations.append(operation)
        let root = schema.rootType(for: operation.operation).flatMap { $0.kind == .object ? $0 : nil }
        pushType(root.map { .named($0.name) }, root)
        operationRules.forEach { $0.enterOperation(operation) }
        for definition in operation.variableDefinitions { walk(definition) }
        let location: DirectiveLocation =
            switch operation.operation {
            case .query: .query
            case .mutation: .mutation
            case .subscription: .subscription
            }
        walk(operation.directives, at: location)
        walk(operation.selectionSet)
        operationRules.forEach { $0.leaveOperation(operation) }
        popType()
    }

    private mutating func walk(_ fragment: FragmentDefinition) {
        currentDefinition = .init(fragment)
        localVariables = context.options.localVariables(of: fragment)
        let conditionType = outputType(named: fragment.typeCondition.name.value)
        pushType(conditionType.map { .named($0.name) }, conditionType)
        fragmentDefinitionRules.forEach { $0.enterFragmentDefinition(fragment) }
        walk(fragment.typeCondition)
        walk(fragment.directives, at: .fragmentDefinition)
        walk(fragment.selectionSet)
        fragmentDefinitionRules.forEach { $0.leaveFragmentDefinition(fragment) }
        popType()
    }

    private func outputType(named name: String) -> SchemaType? {
        guard let type = schema[name], type.kind.isOutput else { return nil }
        return type
    }

    private func pushType(_ type: TypeRef?, _ named: SchemaType?) {
        context.typeStack.append(type)
        context.namedTypeStack.append(named)
    }

    private func popType() {
        context.typeStack.removeLast()
        context.namedTypeStack.removeLast()
    }

    private mutating func walk(_ definition: VariableDefinition) {
        let type = context.typeRef(definition.type)
        let isInput = type.flatMap { schema[$0.namedType] }?.kind.isInput == true
        context.inputTypeStack.append(isInput ? type : nil)
        variableDefinitionRules.forEach { $0.enterVariableDefinition(definition) }
        walk(definition.type)
        if let value = definition.defaultValue {
            // A default value is checked against the variable's own type, and is not a "usage".
            let saved = currentDefinition
            currentDefinition = nil
            walk(value)
            currentDefinition = saved
        }
        walk(definition.directives, at: .variableDefinition)
        context.inputTypeStack.removeLast()
    }

    private func walk(_ type: TypeReference) {
        let named = type.namedType
        namedTypeRules.forEach { $0.enterNamedType(named) }
    }

    private func walk(_ type: NamedType) {
        namedTypeRules.forEach { $0.enterNamedType(type) }
    }

    private mutating func walk(_ selectionSet: SelectionSet) {
        let named = context.namedOutputType
        context.parentTypeStack.append(named?.kind.isComposite == true ? named : nil)
        selectionSetRules.forEach { $0.enterSelectionSet(selectionSet) }
        for selection in selectionSet.selections where !context.isAborted {
            switch selection {
            case .field(let field): walk(field)
            case .fragmentSpread(let spread):
                fragmentSpreadRules.forEach { $0.enterFragmentSpread(spread) }
                walkValues(of: spread.arguments)
                walk(spread.directives, at: .fragmentSpread)
            case .inlineFragment(let fragment):
                if let condition = fragment.typeCondition {
                    let conditionType = outputType(named: condition.name.value)
                    pushType(conditionType.map { .named($0.name) }, conditionType)
                } else {
                    pushType(context.namedOutputType.map { .named($0.name) }, context.namedOutputType)
                }
                inlineFragmentRules.forEach { $0.enterInlineFragment(fragment) }
                if let condition = fragment.typeCondition { walk(condition) }
                walk(fragment.directives, at: .inlineFragment)
                walk(fragment.selectionSet)
                popType()
            }
        }
        context.parentTypeStack.removeLast()
    }

    private mutating func walk(_ field: Field) {
        let definition = context.parentType.flatMap { schema.field(field.name.value, on: $0) }
        context.fieldStack.append(definition)
        let named = definition.flatMap { schema.namedType(of: $0) }
        let isOutput = named?.kind.isOutput == true
        pushType(isOutput ? definition?.type : nil, isOutput ? named : nil)
        fieldRules.forEach { $0.enterField(field) }
        walk(field.arguments)
        walk(field.directives, at: .field)
        if let selectionSet = field.selectionSet { walk(selectionSet) }
        fieldRules.forEach { $0.leaveField(field) }
        popType()
        context.fieldStack.removeLast()
    }

    private mutating func walk(_ directives: NodeList<Directive>, at location: DirectiveLocation) {
        guard !directives.isEmpty else { return }
        directivesRules.forEach { $0.enterDirectives(directives, at: location) }
        for directive in directives {
            context.directive = schema.directives[directive.name.value]
            context.directiveNode = directive
            directiveRules.forEach { $0.enterDirective(directive, at: location) }
            walk(directive.arguments)
            directiveRules.forEach { $0.leaveDirective(directive) }
            context.directive = nil
            context.directiveNode = nil
        }
    }

    private mutating func walk(_ arguments: NodeList<Argument>) {
        for argument in arguments {
            let candidates =
                context.directiveNode == nil ? context.fieldDefinition?.arguments : context.directive?.arguments
            let definition = candidates?.first {
                $0.name == argument.name.value
            }
            context.argument = definition
            context.defaultValueStack.append(definition?.defaultValue)
            let isInput = definition.flatMap { schema.namedType(of: $0) }?.kind.isInput == true
            context.inputTypeStack.append(isInput ? definition?.type : nil)
            argumentRules.forEach { $0.enterArgument(argument) }
            walk(argument.value)
            argumentRules.forEach { $0.leaveArgument(argument) }
            context.inputTypeStack.removeLast()
            context.defaultValueStack.removeLast()
            context.argument = nil
        }
    }

    /// A spread's fragment arguments (`...F(size: 20)`): their values, for the variables they
    /// use; the fragment's definitions check the arguments themselves after validation.
    private mutating func walkValues(of arguments: NodeList<Argument>) {
        for argument in arguments {
            context.defaultValueStack.append(nil)
            context.inputTypeStack.append(nil)
            walk(argument.value)
            context.inputTypeStack.removeLast()
            context.defaultValueStack.removeLast()
        }
    }

    private func inputType(_ type: TypeRef?) -> TypeRef? {
        guard let type, schema[type.namedType]?.kind.isInput == true else { return nil }
        return type
    }

    private mutating func walk(_ value: Value) {
        valueRules.forEach { $0.enterValue(value) }
        switch value {
        case .variable(let variable):
            if let currentDefinition, !localVariables.contains(variable.name.value) {
                context.usages[currentDefinition, default: []].append(
                    .init(
                        variable: variable, type: context.inputType, defaultValue: context.defaultValue,
                        parentType: context.parentInputType))
            }
        case .list(let list):
            let listType = context.inputType?.nullable
            let itemType: TypeRef? = if case .list(let item) = listType { item } else { listType }
            context.defaultValueStack.append(nil)
            context.inputTypeStack.append(inputType(itemType))
            for item in list.values { walk(item) }
            context.inputTypeStack.removeLast()
            context.defaultValueStack.removeLast()
        case .object(let object):
            let objectType = context.namedType(context.inputType)
            for field in object.fields {
                let definition = objectType?.kind == .inputObject ? objectType?.inputField(field.name.value) : nil
                context.defaultValueStack.append(definition?.defaultValue)
                context.inputTypeStack.append(inputType(definition?.type))
                objectFieldRules.forEach { $0.enterObjectField(field) }
                walk(field.value)
                context.inputTypeStack.removeLast()
                context.defaultValueStack.removeLast()
            }
        default:
            break
        }
        valueRules.forEach { $0.leaveValue(value) }
    }
}
