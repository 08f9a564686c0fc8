import GraphQLParser
import RelayContract

/// The `node` of generated types: reader selections (from the reader program), normalization
/// selections (from the normalization program) and the request parameters (the operation-text
/// program's text), written as one JSON string (`NodeJSON`) that the runtime decodes once per
/// type on first use — a string literal costs the Swift compiler next to nothing, where nested
/// initialiser calls cost apps minutes of build time. Members left at their defaults are left
/// out, and a scalar field with neither alias nor arguments is just its name. It reads the
/// programs and runs no transform.
public enum RequestNode {
    /// `ConcreteRequest(json: …)` for `operation` of the reader program.
    public static func concreteRequest(_ operation: IROperation, programs: Programs, schema: Schema)
        -> SwiftExpression
    {
        literal("ConcreteRequest", lines: concreteRequestJSON(operation, programs: programs, schema: schema))
    }

    /// `ReaderFragment(json: …)` for a fragment.
    public static func readerFragment(_ fragment: IRFragment, schema: Schema) -> SwiftExpression {
        literal("ReaderFragment", readerFragmentJSON(fragment, schema: schema))
    }

    /// `Type(json: …)` with the members of one JSON object, one member a line (an object that
    /// fits on a line is one line).
    static func literal(_ type: String, lines members: [(key: String, value: NodeJSON)]) -> SwiftExpression {
        var text = "{"
        for (index, member) in members.enumerated() {
            if index > 0 { text += ",\n" }
            text += VariableValue.jsonString(member.key) + ":"
            member.value.write(to: &text)
        }
        text += "}"
        return .call(.identifier(type), [("json", .string(text))])
    }

    /// `Type(json: …)` with the JSON on one line.
    static func literal(_ type: String, _ json: NodeJSON) -> SwiftExpression {
        .call(.identifier(type), [("json", .string(json.text))])
    }

    /// The members of a `ConcreteRequest`: `fragment`, `operation`, `params` and, for an
    /// `@relay_test_operation`, `testSelectionTypes`.
    static func concreteRequestJSON(_ operation: IROperation, programs: Programs, schema: Schema)
        -> [(key: String, value: NodeJSON)]
    {
        // An operation of client schema extensions only is never sent: no text, no id.
        let text = programs.texts[operation.name]
        let stored = programs.normalizationOperation(named: operation.name)?.selections ?? []
        let clientVariables = programs.clientVariables(of: operation.name)
        var members: [(key: String, value: NodeJSON)] = [
            (
                "fragment",
                readerFragmentJSON(
                    name: operation.name, type: operation.rootType, operation.selections, schema,
                    errorHandling: (operation.throwOnFieldError, operation.catchTo))
            ),
            (
                "operation",
                .members([
                    ("name", .string(operation.name)), ("selections", normalization(stored, schema)),
                    ("variableDefaults", defaults(of: operation.variables)),
                ])
            ),
            (
                "params",
                .members([
                    ("name", .string(operation.name)), ("operationKind", .string(operation.kind.rawValue)),
                    ("id", text.map { .string(SHA256.hexDigest($0)) } ?? .null),
                    ("clientVariables", clientVariables.isEmpty ? nil : .strings(clientVariables)),
                    ("incremental", programs.incrementalOperations.contains(operation.name) ? .bool(true) : nil),
                    ("text", text.map(NodeJSON.string) ?? .null),
                ])
            ),
        ]
        if operation.isTestOperation {
            members.append(("testSelectionTypes", TestSelectionTypes.json(stored, schema: schema)))
        }
        return members
    }

    static func readerFragmentJSON(_ fragment: IRFragment, schema: Schema) -> NodeJSON {
        readerFragmentJSON(
            name: fragment.name, type: fragment.typeCondition, fragment.selections, schema, isPlural: fragment.isPlural,
            argumentDefaults: defaults(of: fragment.argumentDefinitions),
            localArguments: fragment.argumentDefinitions.isEmpty
                ? nil : .strings(fragment.argumentDefinitions.map(\.name).sorted()),
            metadata: FragmentMetadata.json(fragment, schema: schema),
            errorHandling: (fragment.throwOnFieldError, fragment.catchTo))
    }

    /// A reader node; `errorHandling` is the definition's `@throwOnFieldError` and `@catch(to:)`.
    static func readerFragmentJSON(
        name: String, type: String, _ selections: [IRSelection], _ schema: Schema, isPlural: Bool = false,
        argumentDefaults: NodeJSON? = nil, localArguments: NodeJSON? = nil, metadata: NodeJSON? = nil,
        errorHandling: (throwOnFieldError: Bool, catchTo: CatchTo?) = (false, nil)
    ) -> NodeJSON {
        .members([
            ("name", .string(name)), ("type", .string(type)), ("plural", isPlural ? .bool(true) : nil),
            ("throwOnFieldError", errorHandling.throwOnFieldError ? .bool(true) : nil),
            ("catchTo", errorHandling.catchTo.map { .string($0.rawValue) }),
            ("argumentDefaults", argumentDefaults), ("localArguments", localArguments), ("metadata", metadata),
            ("selections", reader(selections, schema)),
        ])
    }

    // MARK: Reader

    static func reader(_ selections: [IRSelection], _ schema: Schema) -> NodeJSON {
        .array(
            selections.map { selection in
                switch selection {
                case .scalarField(let field):
                    return caught(
                        field.catchTo,
                        required(
                            field.required,
                            self.field(name: field.name, alias: field.alias, arguments: field.arguments)))
                case .linkedField(let field) where field.connection != nil:
                    // App code reads the connection the store keeps under the handle's field,
                    // which pagination and updaters grow, not the server's latest page.
                    let connection = field.connection ?? IRConnection(key: "", filters: nil)
                    return caught(
                        field.catchTo,
                        required(
                            field.required,
                            self.field(
                                name: connection.handleFieldName, alias: field.responseKey,
                                arguments: connection.filterArguments(field.arguments),
                                linked: (field.type, reader(field.selections, schema)), schema: schema)))
                case .linkedField(let field):
                    return caught(
                        field.catchTo,
                        required(
                            field.required,
                            self.field(
                                name: field.name, alias: field.alias, arguments: field.arguments,
                                linked: (field.type, reader(field.selections, schema)), schema: schema)))
                case .fragmentSpread(let spread):
                    return .members([
                        ("kind", .string("FragmentSpread")), ("name", .string(spread.name)),
                        ("args", arguments(spread.arguments)),
                    ])
                case .inlineFragment(let fragment) where fragment.isClientExtension:
                    return clientExtension(reader(fragment.selections, schema))
                case .inlineFragment(let fragment) where fragment.alias != nil:
                    return caught(
                        fragment.alias?.catchTo,
                        aliasedInlineFragment(fragment, reader(fragment.selections, schema), schema))
                case .inlineFragment(let fragment) where fragment.inlineData != nil:
                    return inlineDataFragmentSpread(fragment, reader(fragment.selections, schema))
                case .inlineFragment(let fragment):
                    return inlineFragment(type: fragment.typeCondition, reader(fragment.selections, schema))
                case .condition(let condition):
                    return self.condition(condition, reader(condition.selections, schema))
                }
            })
    }

    /// A `@required` field as Relay writes it: `{"kind":"RequiredField","field":…,"action":…,"path":…}`.
    static func required(_ required: IRRequired?, _ field: NodeJSON) -> NodeJSON {
        guard let required else { return field }
        return .members([
            ("kind", .string("RequiredField")), ("field", field), ("action", .string(required.action.name)),
            ("path", .string(required.path)),
        ])
    }

    /// A `@catch` field or alias as Relay writes it: `{"kind":"CatchField","field":…,"to":…}`.
    static func caught(_ catchTo: CatchTo?, _ field: NodeJSON) -> NodeJSON {
        guard let catchTo else { return field }
        return .members([("kind", .string("CatchField")), ("field", field), ("to", .string(catchTo.rawValue))])
    }

    // MARK: Normalization

    static func normalization(_ selections: [IRSelection], _ schema: Schema) -> NodeJSON {
        .array(
            selections.flatMap { selection -> [NodeJSON] in
                switch selection {
                case .scalarField(let field):
                    let stored = self.field(name: field.name, alias: field.alias, arguments: field.arguments)
                    guard let edit = field.storeEdit else { return [stored] }
                    return [
                        stored,
                        handle(
                            kind: "ScalarHandle", name: field.name, alias: field.alias, arguments: field.arguments,
                            handler: edit.handler, handleArguments: edit.arguments),
                    ]
                case .linkedField(let field):
                    let stored = self.field(
                        name: field.name, alias: field.alias, arguments: field.arguments,
                        linked: (field.type, normalization(field.selections, schema)), schema: schema)
                    var handles: [NodeJSON] = []
                    if let connection = field.connection {
                        handles.append(
                            handle(
                                kind: "LinkedHandle", name: field.name, alias: field.alias, arguments: field.arguments,
                                handler: .connection, key: connection.key, filters: connection.filters))
                    }
                    if let edit = field.storeEdit {
                        handles.append(
                            handle(
                                kind: "LinkedHandle", name: field.name, alias: field.alias, arguments: field.arguments,
                                handler: edit.handler, handleArguments: edit.arguments))
                    }
                    return [stored] + handles
                case .fragmentSpread:
                    // The normalization program has its fragments inlined.
                    return []
                case .inlineFragment(let fragment) where fragment.isClientExtension:
                    return [clientExtension(normalization(fragment.selections, schema))]
                case .inlineFragment(let fragment):
                    return [inlineFragment(type: fragment.typeCondition, normalization(fragment.selections, schema))]
                case .condition(let condition):
                    return [self.condition(condition, normalization(condition.selections, schema))]
                }
            })
    }

    /// A runtime handler run on the field after it is stored (`@connection`'s, a declarative edit).
    static func handle(
        kind: String, name: String, alias: String?, arguments fieldArguments: [IRArgument], handler: HandleKind,
        key: String? = nil, filters: [String]? = nil, handleArguments: [IRArgument] = []
    ) -> NodeJSON {
        .members([
            ("kind", .string(kind)), ("name", .string(name)), ("alias", alias.map(NodeJSON.string)),
            ("args", arguments(fieldArguments)), ("handle", .string(handler.rawValue)),
            ("key", key.map(NodeJSON.string)), ("filters", filters.map(NodeJSON.strings)),
            ("handleArgs", arguments(handleArguments)),
        ])
    }

    // MARK: Shared pieces

    /// A scalar field (just its name when it has neither alias nor arguments) or, with `linked`,
    /// a linked field.
    static func field(
        name: String, alias: String?, arguments fieldArguments: [IRArgument],
        linked: (type: TypeRef, selections: NodeJSON)? = nil, schema: Schema? = nil
    ) -> NodeJSON {
        if linked == nil, alias == nil, fieldArguments.isEmpty { return .string(name) }
        var members: [(String, NodeJSON?)] = [
            ("kind", .string(linked == nil ? "ScalarField" : "LinkedField")), ("name", .string(name)),
            ("alias", alias.map(NodeJSON.string)),
            ("storageKey", StorageKeys.key(name: name, arguments: fieldArguments).map(NodeJSON.string)),
            ("args", arguments(fieldArguments)),
        ]
        if let linked {
            let named = linked.type.namedType
            let isObject = schema?[named]?.kind == .object
            let isPlural = if case .list = linked.type.nullable { true } else { false }
            members += [
                ("concreteType", isObject ? .string(named) : nil), ("plural", isPlural ? .bool(true) : nil),
                ("selections", linked.selections),
            ]
        }
        return .members(members)
    }

    static func inlineFragment(type condition: String, _ selections: NodeJSON) -> NodeJSON {
        .members([("kind", .string("InlineFragment")), ("type", .string(condition)), ("selections", selections)])
    }

    /// `@alias` (Relay's `AliasedInlineFragmentSpread`): the selections read into an object under
    /// the alias, null where the record is not of one of `possibleTypes` (left out when every
    /// record there matches), or, for a deferred spread, while the fragment's data is not there.
    static func aliasedInlineFragment(_ fragment: IRInlineFragment, _ selections: NodeJSON, _ schema: Schema)
        -> NodeJSON
    {
        let name = fragment.alias?.name ?? fragment.typeCondition
        var possibleTypes: [String]?
        if let alias = fragment.alias, let condition = schema[fragment.typeCondition],
            !schema.isNamedSubtype(alias.selectionType, of: condition.name)
        {
            possibleTypes = schema.possibleTypes(of: condition).map(\.name).sorted()
        }
        // A deferred spread: the fragment's own selections, which tell whether its data is there.
        let deferred = fragment.alias?.deferred.map { spread -> NodeJSON in
            .members([
                ("argumentDefaults", defaults(of: spread.argumentDefinitions)),
                ("selections", reader(spread.selections, schema)),
            ])
        }
        return .members([
            ("kind", .string("AliasedInlineFragmentSpread")), ("name", .string(name)),
            ("type", .string(fragment.typeCondition)), ("possibleTypes", possibleTypes.map(NodeJSON.strings)),
            ("deferred", deferred), ("selections", selections),
        ])
    }

    /// A spread of an `@inline` fragment (Relay's `InlineDataFragmentSpread`): the selections are
    /// read with the fragment's variables (the spread's `args`, else the defaults) into the key.
    static func inlineDataFragmentSpread(_ fragment: IRInlineFragment, _ selections: NodeJSON) -> NodeJSON {
        let spread = fragment.inlineData
        return .members([
            ("kind", .string("InlineDataFragmentSpread")), ("name", .string(spread?.fragmentName ?? "")),
            ("args", arguments(spread?.arguments ?? [])),
            ("argumentDefaults", defaults(of: spread?.argumentDefinitions ?? [])),
            ("selections", selections),
        ])
    }

    /// Selections of client schema extensions (Relay's `ClientExtension`): the server never
    /// sends them, so the store does not count them as missing.
    static func clientExtension(_ selections: NodeJSON) -> NodeJSON {
        .members([("kind", .string("ClientExtension")), ("selections", selections)])
    }

    static func condition(_ condition: IRCondition, _ selections: NodeJSON) -> NodeJSON {
        let variable =
            switch condition.value {
            case .variable(let name): name
            case .constant: ""  // constant conditions are decided by ConditionTransform
            }
        return .members([
            ("kind", .string("Condition")), ("condition", .string(variable)),
            ("passingValue", .bool(condition.passingValue)), ("selections", selections),
        ])
    }

    /// The arguments, or nil for none.
    static func arguments(_ arguments: [IRArgument]) -> NodeJSON? {
        arguments.isEmpty ? nil : .array(arguments.map { argument(name: $0.name, $0.value) })
    }

    static func argument(name: String, _ value: IRValue) -> NodeJSON {
        if !value.isConstant {
            switch value {
            case .variable(let variable):
                return .members([
                    ("kind", .string("Variable")), ("name", .string(name)), ("variableName", .string(variable)),
                ])
            case .list(let items):
                return .members([
                    ("kind", .string("ListValue")), ("name", .string(name)),
                    ("items", .array(items.enumerated().map { argument(name: String($0.offset), $0.element) })),
                ])
            case .object(let fields):
                return .members([
                    ("kind", .string("ObjectValue")), ("name", .string(name)),
                    ("fields", .array(fields.map { argument(name: $0.name, $0.value) })),
                ])
            default:
                break
            }
        }
        return .members([
            ("kind", .string("Literal")), ("name", .string(name)),
            ("value", NodeJSON(StorageKeys.variableValue(value))),
        ])
    }

    /// `{"count":10,…}`: the defaults the variables (or fragment arguments) declare, by name;
    /// nil (left out) when none has one.
    static func defaults(of variables: [IRVariableDefinition]) -> NodeJSON? {
        let defaults = variables.compactMap { variable in
            variable.defaultValue.map { (variable.name, StorageKeys.variableValue($0)) }
        }
        guard !defaults.isEmpty else { return nil }
        return .object(defaults.sorted { $0.0 < $1.0 }.map { ($0.0, NodeJSON($0.1)) })
    }
}
