import GraphQLParser
import RelayContract

/// The `static var node` of generated types as Swift model expressions: reader selections (from
/// the reader program), normalization selections (from the normalization program) and the
/// request parameters (the operation-text program's text). Arguments left at their defaults are
/// omitted, so generated code stays short. It reads the programs and runs no transform.
public enum RequestNode {
    /// `ConcreteRequest(fragment:operation:params:)` for `operation` of the reader program.
    public static func concreteRequest(_ operation: IROperation, programs: Programs, schema: Schema)
        -> SwiftExpression
    {
        let text = programs.texts[operation.name] ?? ""
        let stored = programs.normalizationOperation(named: operation.name)?.selections ?? []
        let clientVariables = programs.clientVariables(of: operation.name)
        return call(
            "ConcreteRequest",
            [
                (
                    "fragment",
                    readerFragment(name: operation.name, type: operation.rootType, operation.selections, schema)
                ),
                (
                    "operation",
                    call(
                        "NormalizationOperation",
                        [
                            ("name", .string(operation.name)),
                            (
                                "selections",
                                normalization(stored, schema)
                            ),
                            ("variableDefaults", variableDefaults(operation)),
                        ])
                ),
                (
                    "params",
                    call(
                        "RequestParameters",
                        [
                            ("name", .string(operation.name)),
                            ("operationKind", .member(nil, operation.kind.rawValue)),
                            ("text", .string(text)), ("id", .string(SHA256.hexDigest(text))),
                            (
                                "clientVariables",
                                clientVariables.isEmpty ? nil : .array(clientVariables.map(SwiftExpression.string))
                            ),
                        ])
                ),
                (
                    "testSelectionTypes",
                    operation.isTestOperation ? TestSelectionTypes.expression(stored, schema: schema) : nil
                ),
            ])
    }

    /// `ReaderFragment(…)` for a fragment.
    public static func readerFragment(_ fragment: IRFragment, schema: Schema) -> SwiftExpression {
        readerFragment(
            name: fragment.name, type: fragment.typeCondition, fragment.selections, schema, isPlural: fragment.isPlural,
            argumentDefaults: defaults(of: fragment.argumentDefinitions),
            metadata: FragmentMetadata.expression(fragment, schema: schema))
    }

    static func readerFragment(
        name: String, type: String, _ selections: [IRSelection], _ schema: Schema, isPlural: Bool = false,
        argumentDefaults: SwiftExpression? = nil, metadata: SwiftExpression? = nil
    ) -> SwiftExpression {
        call(
            "ReaderFragment",
            [
                ("name", .string(name)), ("type", .string(type)), ("selections", reader(selections, schema)),
                ("isPlural", isPlural ? .boolean(true) : nil), ("argumentDefaults", argumentDefaults),
                ("metadata", metadata),
            ])
    }

    // MARK: Reader

    static func reader(_ selections: [IRSelection], _ schema: Schema) -> SwiftExpression {
        .array(
            selections.map { selection in
                switch selection {
                case .scalarField(let field):
                    return fieldCall(
                        "ReaderScalarField", name: field.name, alias: field.alias, arguments: field.arguments)
                case .linkedField(let field) where field.connection != nil:
                    // App code reads the connection the store keeps under the handle's field,
                    // which pagination and updaters grow, not the server's latest page.
                    let connection = field.connection ?? IRConnection(key: "", filters: nil)
                    return fieldCall(
                        "ReaderLinkedField", name: connection.handleFieldName, alias: field.responseKey,
                        arguments: connection.filterArguments(field.arguments),
                        linked: (field.type, reader(field.selections, schema)), schema: schema)
                case .linkedField(let field):
                    return fieldCall(
                        "ReaderLinkedField", name: field.name, alias: field.alias, arguments: field.arguments,
                        linked: (field.type, reader(field.selections, schema)), schema: schema)
                case .fragmentSpread(let spread):
                    return .call(
                        .member(nil, "fragmentSpread"),
                        [
                            (
                                nil,
                                call(
                                    "ReaderFragmentSpread",
                                    [("name", .string(spread.name)), ("args", arguments(spread.arguments))])
                            )
                        ])
                case .inlineFragment(let fragment):
                    return inlineFragment(
                        "ReaderInlineFragment", type: fragment.typeCondition, reader(fragment.selections, schema))
                case .condition(let condition):
                    return conditionCall(condition, reader(condition.selections, schema))
                }
            })
    }

    // MARK: Normalization

    static func normalization(_ selections: [IRSelection], _ schema: Schema)
        -> SwiftExpression
    {
        .array(
            selections.flatMap { selection -> [SwiftExpression] in
                switch selection {
                case .scalarField(let field):
                    let stored = fieldCall(
                        "NormalizationScalarField", name: field.name, alias: field.alias, arguments: field.arguments)
                    guard let edit = field.storeEdit else { return [stored] }
                    return [
                        stored,
                        handle(
                            kind: "scalar", name: field.name, alias: field.alias, arguments: field.arguments,
                            handler: edit.handler, handleArguments: edit.arguments),
                    ]
                case .linkedField(let field):
                    let stored = fieldCall(
                        "NormalizationLinkedField", name: field.name, alias: field.alias, arguments: field.arguments,
                        linked: (field.type, normalization(field.selections, schema)), schema: schema)
                    var handles: [SwiftExpression] = []
                    if let connection = field.connection {
                        handles.append(
                            handle(
                                kind: "linked", name: field.name, alias: field.alias, arguments: field.arguments,
                                handler: .connection, key: connection.key, filters: connection.filters))
                    }
                    if let edit = field.storeEdit {
                        handles.append(
                            handle(
                                kind: "linked", name: field.name, alias: field.alias, arguments: field.arguments,
                                handler: edit.handler, handleArguments: edit.arguments))
                    }
                    return [stored] + handles
                case .fragmentSpread:
                    // The normalization program has its fragments inlined.
                    return []
                case .inlineFragment(let fragment):
                    return [
                        inlineFragment(
                            "NormalizationInlineFragment", type: fragment.typeCondition,
                            normalization(fragment.selections, schema))
                    ]
                case .condition(let condition):
                    return [conditionCall(condition, normalization(condition.selections, schema))]
                }
            })
    }

    /// `.handle(NormalizationHandle(…))`: a runtime handler run on the field after it is stored.
    static func handle(
        kind: String, name: String, alias: String?, arguments fieldArguments: [IRArgument], handler: HandleKind,
        key: String? = nil, filters: [String]? = nil, handleArguments: [IRArgument] = []
    ) -> SwiftExpression {
        .call(
            .member(nil, "handle"),
            [
                (
                    nil,
                    call(
                        "NormalizationHandle",
                        [
                            ("kind", .member(nil, kind)), ("name", .string(name)),
                            ("alias", alias.map(SwiftExpression.string)), ("args", arguments(fieldArguments)),
                            ("handle", .string(handler.rawValue)), ("key", key.map(SwiftExpression.string)),
                            ("filters", filters.map { .array($0.map(SwiftExpression.string)) }),
                            ("handleArgs", arguments(handleArguments)),
                        ])
                )
            ])
    }

    // MARK: Shared pieces

    /// `.field(<type>(name:alias:storageKey:args:[concreteType:plural:selections:]))`.
    static func fieldCall(
        _ type: String, name: String, alias: String?, arguments fieldArguments: [IRArgument],
        linked: (type: TypeRef, selections: SwiftExpression)? = nil, schema: Schema? = nil
    ) -> SwiftExpression {
        var parts: [(String, SwiftExpression?)] = [
            ("name", .string(name)), ("alias", alias.map(SwiftExpression.string)),
            ("storageKey", StorageKeys.key(name: name, arguments: fieldArguments).map(SwiftExpression.string)),
            ("args", arguments(fieldArguments)),
        ]
        if let linked {
            let named = linked.type.namedType
            let isObject = schema?[named]?.kind == .object
            let isPlural = if case .list = linked.type.nullable { true } else { false }
            parts += [
                ("concreteType", isObject ? .string(named) : nil), ("plural", isPlural ? .boolean(true) : nil),
                ("selections", linked.selections),
            ]
        }
        return .call(.member(nil, "field"), [(nil, call(type, parts))])
    }

    static func inlineFragment(_ type: String, type condition: String, _ selections: SwiftExpression)
        -> SwiftExpression
    {
        .call(
            .member(nil, "inlineFragment"),
            [(nil, call(type, [("type", .string(condition)), ("selections", selections)]))])
    }

    static func conditionCall(_ condition: IRCondition, _ selections: SwiftExpression) -> SwiftExpression {
        let variable =
            switch condition.value {
            case .variable(let name): name
            case .constant: ""  // constant conditions are decided by ConditionTransform
            }
        return .call(
            .member(nil, "condition"),
            [
                ("variable", .string(variable)), ("passingValue", .boolean(condition.passingValue)),
                ("selections", selections),
            ])
    }

    /// `[.literal(name:value:), .variable(name:variableName:), …]`, or nil for none.
    static func arguments(_ arguments: [IRArgument]) -> SwiftExpression? {
        arguments.isEmpty ? nil : .array(arguments.map { argument(name: $0.name, $0.value) })
    }

    static func argument(name: String, _ value: IRValue) -> SwiftExpression {
        if value.isConstant {
            return .call(
                .member(nil, "literal"),
                [("name", .string(name)), ("value", literal(StorageKeys.variableValue(value)))])
        }
        switch value {
        case .variable(let variable):
            return .call(.member(nil, "variable"), [("name", .string(name)), ("variableName", .string(variable))])
        case .list(let items):
            return .call(
                .member(nil, "list"),
                [
                    ("name", .string(name)),
                    ("items", .array(items.enumerated().map { argument(name: String($0.offset), $0.element) })),
                ])
        case .object(let fields):
            return .call(
                .member(nil, "object"),
                [("name", .string(name)), ("fields", .array(fields.map { argument(name: $0.name, $0.value) }))])
        default:
            return .call(
                .member(nil, "literal"),
                [("name", .string(name)), ("value", literal(StorageKeys.variableValue(value)))])
        }
    }

    /// `["count": 10, …]`: the defaults the operation declares for its variables, by name; nil
    /// (left out) when it declares none.
    static func variableDefaults(_ operation: IROperation) -> SwiftExpression? {
        defaults(of: operation.variables)
    }

    /// `["count": 10, …]` for the variables (or fragment arguments) that have a default; nil when
    /// none has.
    static func defaults(of variables: [IRVariableDefinition]) -> SwiftExpression? {
        let defaults = variables.compactMap { variable in
            variable.defaultValue.map { (variable.name, StorageKeys.variableValue($0)) }
        }
        guard !defaults.isEmpty else { return nil }
        return .dictionary(defaults.sorted { $0.0 < $1.0 }.map { (.string($0.0), literal($0.1)) })
    }

    /// A `VariableValue` written with its literal conformances: `10`, `"OPEN"`, `["a": nil]`.
    static func literal(_ value: VariableValue) -> SwiftExpression {
        switch value {
        case .null: .nil
        case .bool(let bool): .boolean(bool)
        case .int(let int): .integer(int)
        case .float(let double): .float(double)
        case .string(let string): .string(string)
        case .list(let items): .array(items.map(literal))
        case .object(let fields):
            .dictionary(fields.keys.sorted().map { (.string($0), literal(fields[$0] ?? .null)) })
        }
    }

    /// `Type(label: value, …)` without the arguments that are nil (left at their defaults).
    static func call(_ type: String, _ arguments: [(String, SwiftExpression?)]) -> SwiftExpression {
        .call(.identifier(type), arguments.compactMap { label, value in value.map { (label, $0) } })
    }
}
