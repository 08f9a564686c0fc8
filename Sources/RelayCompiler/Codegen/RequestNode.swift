import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// The `node` of generated types, built as `RelayContract`'s node values — reader selections
/// from the reader program, normalization selections from the normalization program, request
/// parameters with the operation-text program's text — and written as one JSON string by
/// `NodeEncoder`, which the runtime reads back with `NodeDecoder` once per type on first use.
/// It reads the programs and runs no transform.
public enum RequestNode {
    /// `ConcreteRequest(json: …)` for `operation` of the reader program.
    public static func concreteRequest(
        _ operation: IROperation, programs: Programs, schema: Schema, testSupport: Bool = false
    ) -> SwiftExpression {
        let request = request(operation, programs: programs, schema: schema, testSupport: testSupport)
        return .call(.identifier("ConcreteRequest"), [("json", .string(NodeEncoder.json(request)))])
    }

    /// `ReaderFragment(json: …)` for a fragment.
    public static func readerFragment(_ fragment: IRFragment, schema: Schema) -> SwiftExpression {
        .call(
            .identifier("ReaderFragment"),
            [("json", .string(NodeEncoder.json(self.fragment(fragment, schema: schema))))])
    }

    /// The request of an operation: its reader fragment, its normalization selections, its
    /// parameters and, for an `@relay_test_operation` or with `testSupport`, its selection types.
    @_spi(RelayGenerated) public static func request(
        _ operation: IROperation, programs: Programs, schema: Schema, testSupport: Bool = false
    ) -> ConcreteRequest {
        // An operation of client schema extensions only is never sent: no text, no id.
        let text = programs.texts[operation.name]
        let stored = programs.normalizationOperation(named: operation.name)?.selections ?? []
        let fragment = ReaderFragment(
            name: operation.name, type: operation.rootType, selections: reader(operation.selections, schema),
            localArguments: [], throwOnFieldError: operation.throwOnFieldError, catchTo: operation.catchTo)
        let parameters = RequestParameters(
            name: operation.name, operationKind: operationKind(operation.kind), text: text,
            id: programs.persistedID(of: operation.name), clientVariables: programs.clientVariables(of: operation.name),
            isIncremental: programs.incrementalOperations.contains(operation.name),
            schemaHash: schema.sourceDigest.isEmpty ? nil : schema.sourceDigest)
        return ConcreteRequest(
            fragment: fragment,
            operation: NormalizationOperation(
                name: operation.name, selections: normalization(stored, schema),
                variableDefaults: defaults(of: operation.variables)),
            params: parameters,
            testSelectionTypes: operation.isTestOperation || testSupport
                ? TestSelectionTypes.types(stored, variables: operation.variables, schema: schema) : [:],
            testIncremental: (operation.isTestOperation || testSupport) && parameters.isIncremental
                ? incremental(of: operation.name, programs) : nil)
    }

    /// Where a server splits the operation's response: from the operation-text program, where
    /// `@defer` and `@stream` are as the server gets them.
    private static func incremental(of name: String, _ programs: Programs) -> MockIncrementalDelivery? {
        guard let sent = programs.operationText.operations.first(where: { $0.name == name }) else { return nil }
        return TestIncrementalDelivery.delivery(of: sent, fragments: programs.operationText.fragmentsByName)
    }

    /// A fragment's reader node.
    @_spi(RelayGenerated) public static func fragment(_ fragment: IRFragment, schema: Schema) -> ReaderFragment {
        ReaderFragment(
            name: fragment.name, type: fragment.typeCondition, selections: reader(fragment.selections, schema),
            isPlural: fragment.isPlural, argumentDefaults: defaults(of: fragment.argumentDefinitions),
            localArguments: fragment.argumentDefinitions.map(\.name).sorted(),
            metadata: FragmentMetadata.metadata(fragment, schema: schema),
            throwOnFieldError: fragment.throwOnFieldError, catchTo: fragment.catchTo,
            abstractKey: schema[fragment.typeCondition].flatMap { $0.kind == .interface || $0.kind == .union }
                == true ? "__is" + fragment.typeCondition : nil)
    }

    static func operationKind(_ type: OperationType) -> RequestParameters.OperationKind {
        switch type {
        case .query: .query
        case .mutation: .mutation
        case .subscription: .subscription
        }
    }

    // MARK: Reader

    /// What a client edge's resolver gives, as the reader takes it.
    private static func edgeTarget(of field: IRLinkedField, _ schema: Schema) -> ReaderResolverField.ClientEdge.Target {
        guard let parent = schema[field.parentType], let definition = schema.field(field.name, on: parent),
            let resolver = ResolverDefinition.of(definition, on: parent.name, schema: schema)
        else { return .server }
        switch resolver.returns {
        case .value, .serverObject: return .server
        case .clientObject, .abstractClientObject: return .client
        case .weakObject: return .weak
        case .outputObject: return .output
        }
    }

    static func reader(_ selections: [IRSelection], _ schema: Schema) -> [ReaderSelection] {
        selections.map { selection in
            switch selection {
            case .scalarField(let field) where field.resolver != nil:
                let resolved = ReaderResolverField(
                    name: field.name, alias: field.alias, args: arguments(field.arguments),
                    resolver: field.resolver?.name ?? "", required: required(field.required))
                return caught(field.catchTo, .resolverField(resolved))
            case .scalarField(let field):
                var scalar =
                    if let handle = field.handles.last {
                        // App code reads what the handler wrote.
                        scalarField(
                            name: handle.fieldName(for: field.name), alias: field.responseKey,
                            arguments: handle.filterArguments(field.arguments))
                    } else {
                        scalarField(name: field.name, alias: field.alias, arguments: field.arguments)
                    }
                scalar.required = required(field.required)
                return caught(field.catchTo, .scalarField(scalar))
            case .linkedField(let field) where field.resolver != nil:
                let edge = ReaderResolverField.ClientEdge(
                    concreteType: schema[field.type.namedType].flatMap { $0.kind == .object ? $0.name : nil },
                    selections: reader(field.selections, schema), query: field.clientEdgeQuery ?? "",
                    target: edgeTarget(of: field, schema), isPlural: field.type.nullable.isList)
                let resolved = ReaderResolverField(
                    name: field.name, alias: field.alias, args: arguments(field.arguments),
                    resolver: field.resolver?.name ?? "", required: required(field.required), edge: edge)
                return caught(field.catchTo, .resolverField(resolved))
            case .linkedField(let field):
                var linked: ReaderLinkedField
                if let connection = field.connection {
                    // App code reads the connection the store keeps under the handle's field,
                    // which pagination and updaters grow, not the server's latest page.
                    linked = linkedField(
                        name: connection.handleFieldName, alias: field.responseKey,
                        arguments: connection.filterArguments(field.arguments, of: field), type: field.type,
                        selections: reader(field.selections, schema), schema)
                } else if let handle = field.handles.last {
                    linked = linkedField(
                        name: handle.fieldName(for: field.name), alias: field.responseKey,
                        arguments: handle.filterArguments(field.arguments), type: field.type,
                        selections: reader(field.selections, schema), schema)
                } else {
                    linked = linkedField(
                        name: field.name, alias: field.alias, arguments: field.arguments, type: field.type,
                        selections: reader(field.selections, schema), schema)
                }
                linked.required = required(field.required)
                return caught(field.catchTo, .linkedField(linked))
            case .fragmentSpread(let spread):
                return .fragmentSpread(ReaderFragmentSpread(name: spread.name, args: arguments(spread.arguments)))
            case .inlineFragment(let fragment) where fragment.isClientExtension:
                return .clientExtension(reader(fragment.selections, schema))
            case .inlineFragment(let fragment) where fragment.alias != nil:
                return caught(
                    fragment.alias?.catchTo,
                    .aliasedInlineFragment(aliasedInlineFragment(fragment, reader(fragment.selections, schema), schema))
                )
            case .inlineFragment(let fragment) where fragment.inlineData != nil:
                let spread = fragment.inlineData
                return .inlineDataFragmentSpread(
                    ReaderInlineDataFragmentSpread(
                        name: spread?.fragmentName ?? "", args: arguments(spread?.arguments ?? []),
                        argumentDefaults: defaults(of: spread?.argumentDefinitions ?? []),
                        selections: reader(fragment.selections, schema)))
            case .inlineFragment(let fragment):
                var selections = reader(fragment.selections, schema)
                if let module = fragment.moduleImport, module.isClient {
                    // A client type's branch: the reader names the component itself.
                    selections = selections.map { selection in
                        guard case .scalarField(let field) = selection,
                            field.name == ModuleComponentTransform.componentProperty
                        else { return selection }
                        return .moduleComponent(module.componentName)
                    }
                }
                return .inlineFragment(
                    InlineFragmentSelection(
                        type: fragment.typeCondition, selections: selections,
                        possibleTypes: possibleTypes(of: fragment, schema)))
            case .condition(let condition):
                return .condition(
                    variable: variable(of: condition), passingValue: condition.passingValue,
                    selections: reader(condition.selections, schema))
            }
        }
    }

    /// `@required(action:)` as the runtime reads it.
    static func required(_ required: IRRequired?) -> RequiredField? {
        guard let required else { return nil }
        let action: RequiredField.Action =
            switch required.action {
            case .none: .none
            case .log: .log
            case .throw: .throw
            }
        return RequiredField(action: action, path: required.path)
    }

    /// A `@catch` field or alias: the errors found in it stay in it.
    static func caught(_ catchTo: CatchTo?, _ selection: ReaderSelection) -> ReaderSelection {
        guard let catchTo else { return selection }
        return .catchField(ReaderCatchField(to: catchTo, selection: selection))
    }

    /// The object types that meet an inline fragment's interface or union condition, so that
    /// the runtime knows which records must have its fields (Relay's runtime asks the server,
    /// with `__isX: __typename`). Nil for an object type condition, and for a fragment selecting
    /// only identity fields (the `... on Node { id }` that identity generation adds): its
    /// absence is never missing data the app reads.
    static func possibleTypes(of fragment: IRInlineFragment, _ schema: Schema) -> Set<String>? {
        let identityOnly = fragment.selections.allSatisfy { selection in
            if case .scalarField(let field) = selection {
                field.name == "id" || field.name == "__typename"
            } else {
                false
            }
        }
        guard let condition = schema[fragment.typeCondition], condition.kind.isAbstract, !identityOnly else {
            return nil
        }
        return Set(schema.possibleTypes(of: condition).map(\.name))
    }

    /// `@alias` (Relay's `AliasedInlineFragmentSpread`): the selections read into an object under
    /// the alias, null where the record is not of one of `possibleTypes` (nil when every record
    /// there matches), or, for a deferred spread, while the fragment's data is not there.
    static func aliasedInlineFragment(
        _ fragment: IRInlineFragment, _ selections: [ReaderSelection], _ schema: Schema
    ) -> ReaderAliasedInlineFragment {
        var possibleTypes: Set<String>?
        if let alias = fragment.alias, let condition = schema[fragment.typeCondition],
            !schema.isNamedSubtype(alias.selectionType, of: condition.name)
        {
            possibleTypes = Set(schema.possibleTypes(of: condition).map(\.name))
        }
        // A deferred spread: the fragment's own selections, which tell whether its data is there.
        let deferred = fragment.alias?.deferred.map { spread in
            ReaderDeferredSpread(
                argumentDefaults: defaults(of: spread.argumentDefinitions),
                selections: reader(spread.selections, schema))
        }
        return ReaderAliasedInlineFragment(
            name: fragment.alias?.name ?? fragment.typeCondition, type: fragment.typeCondition,
            possibleTypes: possibleTypes, deferred: deferred, selections: selections)
    }

    // MARK: Normalization

    /// The handle nodes that follow a stored field: its store edit's, then its field handles'.
    static func handles(
        _ kind: NormalizationHandle.Kind, name: String, alias: String?, _ fieldArguments: [IRArgument],
        _ edit: IRStoreEdit?, _ handles: [IRFieldHandle]
    ) -> [NormalizationSelection] {
        let args = arguments(fieldArguments)
        var nodes: [NormalizationSelection] = []
        if let edit {
            nodes.append(
                .handle(
                    NormalizationHandle(
                        kind: kind, name: name, alias: alias, args: args, handle: edit.handler.rawValue,
                        handleArgs: arguments(edit.arguments))))
        }
        nodes += handles.map {
            .handle(
                NormalizationHandle(
                    kind: kind, name: name, alias: alias, args: args, handle: $0.handle, key: $0.key,
                    filters: $0.filters))
        }
        return nodes
    }

    static func normalization(_ selections: [IRSelection], _ schema: Schema) -> [NormalizationSelection] {
        selections.flatMap { selection -> [NormalizationSelection] in
            switch selection {
            case .scalarField(let field):
                let stored = scalarField(name: field.name, alias: field.alias, arguments: field.arguments)
                return [.scalarField(stored)]
                    + handles(
                        .scalar, name: field.name, alias: field.alias, field.arguments, field.storeEdit, field.handles)
            case .linkedField(let field):
                var stored: [NormalizationSelection] = [
                    .linkedField(
                        linkedField(
                            name: field.name, alias: field.alias, arguments: field.arguments, type: field.type,
                            selections: normalization(field.selections, schema), schema))
                ]
                if let connection = field.connection {
                    stored.append(
                        .handle(
                            NormalizationHandle(
                                kind: .linked, name: field.name, alias: field.alias, args: arguments(field.arguments),
                                handle: connection.handler, key: connection.key, filters: connection.filters,
                                handleArgs: connection.dynamicKey.map {
                                    [argument(name: ConnectionHandler.dynamicKeyArgument, $0)]
                                } ?? [])))
                }
                stored += handles(
                    .linked, name: field.name, alias: field.alias, field.arguments, field.storeEdit, field.handles)
                return stored
            case .fragmentSpread:
                // The normalization program has its fragments inlined.
                return []
            case .inlineFragment(let fragment) where fragment.isClientExtension:
                return [.clientExtension(normalization(fragment.selections, schema))]
            case .inlineFragment(let fragment):
                return [
                    .inlineFragment(
                        InlineFragmentSelection(
                            type: fragment.typeCondition, selections: normalization(fragment.selections, schema),
                            moduleOperationField: fragment.moduleImport?.operationField,
                            possibleTypes: possibleTypes(of: fragment, schema)))
                ]
            case .condition(let condition):
                return [
                    .condition(
                        variable: variable(of: condition), passingValue: condition.passingValue,
                        selections: normalization(condition.selections, schema))
                ]
            }
        }
    }

    // MARK: Shared pieces

    static func scalarField(name: String, alias: String?, arguments fieldArguments: [IRArgument])
        -> ScalarFieldSelection
    {
        ScalarFieldSelection(
            name: name, alias: alias, storageKey: StorageKeys.key(name: name, arguments: fieldArguments),
            args: arguments(fieldArguments))
    }

    static func linkedField<Selection>(
        name: String, alias: String?, arguments fieldArguments: [IRArgument], type: TypeRef,
        selections: [Selection], _ schema: Schema
    ) -> LinkedFieldSelection<Selection> {
        let named = type.namedType
        let isPlural = if case .list = type.nullable { true } else { false }
        return LinkedFieldSelection(
            name: name, alias: alias, storageKey: StorageKeys.key(name: name, arguments: fieldArguments),
            args: arguments(fieldArguments), concreteType: schema[named]?.kind == .object ? named : nil,
            plural: isPlural, selections: selections)
    }

    /// The variable a condition reads; constant conditions are decided by `ConditionTransform`.
    static func variable(of condition: IRCondition) -> String {
        switch condition.value {
        case .variable(let name): name
        case .constant: ""
        }
    }

    static func arguments(_ arguments: [IRArgument]) -> [ArgumentNode] {
        arguments.map { argument(name: $0.name, $0.value) }
    }

    static func argument(name: String, _ value: IRValue) -> ArgumentNode {
        if !value.isConstant {
            switch value {
            case .variable(let variable):
                return .variable(name: name, variableName: variable)
            case .list(let items):
                return .list(
                    name: name, items: items.enumerated().map { argument(name: String($0.offset), $0.element) })
            case .object(let fields):
                return .object(name: name, fields: fields.map { argument(name: $0.name, $0.value) })
            default:
                break
            }
        }
        return .literal(name: name, value: StorageKeys.variableValue(value))
    }

    /// The defaults the variables (or fragment arguments) declare, by name.
    static func defaults(of variables: [IRVariableDefinition]) -> [String: VariableValue] {
        var defaults: [String: VariableValue] = [:]
        for variable in variables {
            if let value = variable.defaultValue { defaults[variable.name] = StorageKeys.variableValue(value) }
        }
        return defaults
    }
}
