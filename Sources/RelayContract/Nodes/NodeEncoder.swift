/// Writes node values as the compact JSON a generated type's `node` holds
/// (`ConcreteRequest(json:)`, `ReaderFragment(json:)`): a string literal costs the Swift compiler
/// next to nothing, where the same selections written as nested initialiser calls cost apps
/// minutes of build time. Members at their default are left out, a scalar field with neither
/// alias nor arguments is just its name, and members come in a fixed order, so the same nodes
/// always give the same bytes. `NodeDecoder` reads exactly what this writes.
@_spi(RelayGenerated) public enum NodeEncoder {
    /// A request's JSON, its top-level members (`fragment`, `operation`, `params`,
    /// `testSelectionTypes`) one a line, so a generated file's diff shows which one changed.
    public static func json(_ request: ConcreteRequest) -> String {
        var writer = NodeWriter()
        writer.request(request)
        return writer.text
    }

    /// A fragment's JSON, on one line.
    public static func json(_ fragment: ReaderFragment) -> String {
        var writer = NodeWriter()
        writer.readerFragment(fragment)
        return writer.text
    }
}

/// The encoder's state: the text so far, and whether the object being written has a member yet.
struct NodeWriter {
    var text = ""
    var hasMember = false

    // MARK: Objects

    /// Writes an object whose members `body` adds with `member`.
    mutating func object(_ body: (inout NodeWriter) -> Void) {
        text += "{"
        let outer = hasMember
        hasMember = false
        body(&self)
        hasMember = outer
        text += "}"
    }

    /// Starts a member: the comma before it and its key.
    mutating func key(_ key: NodeKey) {
        if hasMember { text += "," }
        hasMember = true
        text += "\""
        text += key.rawValue
        text += "\":"
    }

    /// Starts a member named by data (a response-key path), not by the format.
    mutating func key(_ name: String) {
        if hasMember { text += "," }
        hasMember = true
        text += VariableValue.jsonString(name)
        text += ":"
    }

    mutating func member(_ key: NodeKey, _ value: String) {
        self.key(key)
        text += VariableValue.jsonString(value)
    }

    mutating func member(_ key: NodeKey, _ value: String?) {
        if let value { member(key, value) }
    }

    private mutating func member(_ key: NodeKey, kind: NodeKind) {
        self.key(key)
        text += "\""
        text += kind.rawValue
        text += "\""
    }

    /// `true`; nothing for false, the default.
    mutating func flag(_ key: NodeKey, _ isSet: Bool) {
        guard isSet else { return }
        self.key(key)
        text += "true"
    }

    mutating func strings(_ key: NodeKey, _ values: [String]) {
        self.key(key)
        text += "["
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            text += VariableValue.jsonString(value)
        }
        text += "]"
    }

    /// `{"name":value,…}` by name; nothing when empty.
    mutating func values(_ key: NodeKey, _ values: [String: VariableValue]) {
        guard !values.isEmpty else { return }
        self.key(key)
        text += VariableValue.object(values).stableJSON
    }

    mutating func list<Element>(
        _ key: NodeKey, _ elements: [Element], _ write: (inout NodeWriter, Element) -> Void
    ) {
        self.key(key)
        text += "["
        let outer = hasMember
        for (index, element) in elements.enumerated() {
            if index > 0 { text += "," }
            write(&self, element)
        }
        hasMember = outer
        text += "]"
    }

    // MARK: Requests

    mutating func request(_ request: ConcreteRequest) {
        text += "{"
        key(.fragment)
        readerFragment(request.fragment)
        text += ",\n"
        hasMember = false
        key(.operation)
        object { writer in
            writer.member(.name, request.operation.name)
            writer.list(.selections, request.operation.selections) { $0.normalization($1) }
            writer.values(.variableDefaults, request.operation.variableDefaults)
        }
        text += ",\n"
        hasMember = false
        key(.params)
        parameters(request.params)
        testSupport(request)
        text += "}"
    }

    private mutating func parameters(_ params: RequestParameters) {
        object { writer in
            writer.member(.name, params.name)
            writer.member(.operationKind, params.operationKind.rawValue)
            if let schemaHash = params.schemaHash { writer.member(.schema, schemaHash) }
            // `id` and `text` are written even when null: a client-only operation says so.
            writer.key(.id)
            writer.text += params.id.map(VariableValue.jsonString) ?? "null"
            if !params.clientVariables.isEmpty { writer.strings(.clientVariables, params.clientVariables) }
            writer.flag(.incremental, params.isIncremental)
            writer.key(.text)
            writer.text += params.text.map(VariableValue.jsonString) ?? "null"
        }
    }

    // MARK: Reader

    mutating func readerFragment(_ fragment: ReaderFragment) {
        object { writer in
            writer.member(.name, fragment.name)
            writer.member(.type, fragment.type)
            writer.member(.abstractKey, fragment.abstractKey)
            writer.flag(.plural, fragment.isPlural)
            writer.flag(.throwOnFieldError, fragment.throwOnFieldError)
            writer.member(.catchTo, fragment.catchTo?.rawValue)
            writer.values(.argumentDefaults, fragment.argumentDefaults)
            if !fragment.localArguments.isEmpty { writer.strings(.localArguments, fragment.localArguments) }
            if let metadata = fragment.metadata {
                writer.key(.metadata)
                writer.metadata(metadata)
            }
            writer.list(.selections, fragment.selections) { $0.reader($1) }
        }
    }

    private mutating func reader(_ selection: ReaderSelection) {
        switch selection {
        case .scalarField(let field):
            required(field.required) { $0.scalarField(field) }
        case .linkedField(let field):
            required(field.required) { writer in
                writer.linkedField(field) { writer in writer.list(.selections, field.selections) { $0.reader($1) } }
            }
        case .fragmentSpread(let spread):
            object { writer in
                writer.member(.kind, kind: .fragmentSpread)
                writer.member(.name, spread.name)
                writer.arguments(.args, spread.args)
            }
        case .inlineFragment(let fragment):
            object { writer in
                writer.member(.kind, kind: .inlineFragment)
                writer.member(.type, fragment.type)
                if let possibleTypes = fragment.possibleTypes { writer.strings(.possibleTypes, possibleTypes.sorted()) }
                writer.list(.selections, fragment.selections) { $0.reader($1) }
            }
        case .condition(let variable, let passingValue, let selections):
            condition(variable, passingValue) { $0.list(.selections, selections) { $0.reader($1) } }
        case .clientExtension(let selections):
            object { writer in
                writer.member(.kind, kind: .clientExtension)
                writer.list(.selections, selections) { $0.reader($1) }
            }
        case .aliasedInlineFragment(let fragment):
            aliasedInlineFragment(fragment)
        case .inlineDataFragmentSpread(let spread):
            object { writer in
                writer.member(.kind, kind: .inlineDataFragmentSpread)
                writer.member(.name, spread.name)
                writer.arguments(.args, spread.args)
                writer.values(.argumentDefaults, spread.argumentDefaults)
                writer.list(.selections, spread.selections) { $0.reader($1) }
            }
        case .catchField(let caught):
            object { writer in
                writer.member(.kind, kind: .catchField)
                writer.key(.field)
                writer.reader(caught.selection)
                writer.member(.to, caught.to.rawValue)
            }
        case .moduleComponent(let component):
            object { writer in
                writer.member(.kind, kind: .moduleComponent)
                writer.member(.component, component)
            }
        case .resolverField(let field):
            required(field.required) { writer in
                writer.object { writer in
                    writer.member(.kind, kind: .relayResolver)
                    writer.member(.name, field.name)
                    writer.member(.alias, field.alias)
                    writer.arguments(.args, field.args)
                    writer.member(.resolver, field.resolver)
                    if let edge = field.edge {
                        writer.member(.concreteType, edge.concreteType)
                        writer.list(.selections, edge.selections) { $0.reader($1) }
                        if edge.target == .server {
                            writer.member(.clientEdgeQuery, edge.query)
                        } else {
                            writer.member(.clientEdgeTarget, edge.target.rawValue)
                        }
                        writer.flag(.plural, edge.isPlural)
                    }
                }
            }
        }
    }

    /// A `@required` field as Relay writes it: `{"kind":"RequiredField","field":…,"action":…,"path":…}`.
    private mutating func required(_ required: RequiredField?, _ field: (inout NodeWriter) -> Void) {
        guard let required else { return field(&self) }
        object { writer in
            writer.member(.kind, kind: .requiredField)
            writer.key(.field)
            field(&writer)
            writer.member(.action, required.action.rawValue)
            writer.member(.path, required.path)
        }
    }

    private mutating func aliasedInlineFragment(_ fragment: ReaderAliasedInlineFragment) {
        object { writer in
            writer.member(.kind, kind: .aliasedInlineFragmentSpread)
            writer.member(.name, fragment.name)
            writer.member(.type, fragment.type)
            if let possibleTypes = fragment.possibleTypes { writer.strings(.possibleTypes, possibleTypes.sorted()) }
            if let deferred = fragment.deferred {
                writer.key(.deferred)
                writer.object { writer in
                    writer.values(.argumentDefaults, deferred.argumentDefaults)
                    writer.list(.selections, deferred.selections) { $0.reader($1) }
                }
            }
            writer.list(.selections, fragment.selections) { $0.reader($1) }
        }
    }

    private mutating func metadata(_ metadata: ReaderFragmentMetadata) {
        object { writer in
            if !metadata.connection.isEmpty {
                writer.list(.connection, metadata.connection) { writer, connection in
                    writer.object { writer in
                        writer.strings(.path, connection.path)
                        writer.member(.direction, connection.direction.rawValue)
                        writer.member(.count, connection.count)
                        writer.member(.cursor, connection.cursor)
                        writer.member(.backwardCount, connection.backwardCount)
                        writer.member(.backwardCursor, connection.backwardCursor)
                    }
                }
            }
            if let refetch = metadata.refetch {
                writer.key(.refetch)
                writer.object { writer in
                    writer.member(.operation, refetch.operation)
                    writer.strings(.fragmentPathInResult, refetch.fragmentPathInResult)
                    writer.member(.identifierField, refetch.identifierField)
                }
            }
        }
    }

    // MARK: Normalization

    private mutating func normalization(_ selection: NormalizationSelection) {
        switch selection {
        case .scalarField(let field):
            scalarField(field)
        case .linkedField(let field):
            linkedField(field) { writer in writer.list(.selections, field.selections) { $0.normalization($1) } }
        case .inlineFragment(let fragment):
            object { writer in
                writer.member(.kind, kind: .inlineFragment)
                writer.member(.type, fragment.type)
                writer.member(.moduleOperation, fragment.moduleOperationField)
                if let possibleTypes = fragment.possibleTypes { writer.strings(.possibleTypes, possibleTypes.sorted()) }
                writer.list(.selections, fragment.selections) { $0.normalization($1) }
            }
        case .handle(let handle):
            object { writer in
                writer.member(.kind, kind: handle.kind == .scalar ? .scalarHandle : .linkedHandle)
                writer.member(.name, handle.name)
                writer.member(.alias, handle.alias)
                writer.arguments(.args, handle.args)
                writer.member(.handle, handle.handle)
                if !handle.key.isEmpty { writer.member(.key, handle.key) }
                if let filters = handle.filters { writer.strings(.filters, filters) }
                writer.arguments(.handleArgs, handle.handleArgs)
            }
        case .condition(let variable, let passingValue, let selections):
            condition(variable, passingValue) { $0.list(.selections, selections) { $0.normalization($1) } }
        case .clientExtension(let selections):
            object { writer in
                writer.member(.kind, kind: .clientExtension)
                writer.list(.selections, selections) { $0.normalization($1) }
            }
        }
    }

    // MARK: Shared pieces

    /// A scalar field: just its name when it has neither alias nor arguments.
    private mutating func scalarField(_ field: ScalarFieldSelection) {
        if field.alias == nil, field.args.isEmpty, field.storageKey == nil {
            text += VariableValue.jsonString(field.name)
            return
        }
        object { writer in
            writer.member(.kind, kind: .scalarField)
            writer.fieldMembers(name: field.name, alias: field.alias, storageKey: field.storageKey, args: field.args)
        }
    }

    private mutating func linkedField<Selection>(
        _ field: LinkedFieldSelection<Selection>, selections: (inout NodeWriter) -> Void
    ) {
        object { writer in
            writer.member(.kind, kind: .linkedField)
            writer.fieldMembers(name: field.name, alias: field.alias, storageKey: field.storageKey, args: field.args)
            writer.member(.concreteType, field.concreteType)
            writer.flag(.plural, field.plural)
            selections(&writer)
        }
    }

    private mutating func fieldMembers(name: String, alias: String?, storageKey: String?, args: [ArgumentNode]) {
        member(.name, name)
        member(.alias, alias)
        member(.storageKey, storageKey)
        arguments(.args, args)
    }

    private mutating func condition(_ variable: String, _ passingValue: Bool, _ selections: (inout NodeWriter) -> Void)
    {
        object { writer in
            writer.member(.kind, kind: .condition)
            writer.member(.condition, variable)
            writer.key(.passingValue)
            writer.text += passingValue ? "true" : "false"
            selections(&writer)
        }
    }

    /// The arguments; nothing for none.
    private mutating func arguments(_ key: NodeKey, _ arguments: [ArgumentNode]) {
        guard !arguments.isEmpty else { return }
        list(key, arguments) { $0.argument($1) }
    }

    private mutating func argument(_ argument: ArgumentNode) {
        object { writer in
            switch argument {
            case .variable(let name, let variableName):
                writer.member(.kind, kind: .variable)
                writer.member(.name, name)
                writer.member(.variableName, variableName)
            case .list(let name, let items):
                writer.member(.kind, kind: .listValue)
                writer.member(.name, name)
                writer.list(.items, items) { $0.argument($1) }
            case .object(let name, let fields):
                writer.member(.kind, kind: .objectValue)
                writer.member(.name, name)
                writer.list(.fields, fields) { $0.argument($1) }
            case .literal(let name, let value):
                writer.member(.kind, kind: .literal)
                writer.member(.name, name)
                writer.key(.value)
                writer.text += value.stableJSON
            }
        }
    }
}
