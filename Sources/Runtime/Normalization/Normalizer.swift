@_spi(RelayGenerated) import RelayContract

/// Writes a response into records, driven by an operation's normalization selections: every
/// object with an `id` becomes (or updates) the record of that id; objects without one get a
/// client id derived from their parent and field (`client:<parent>:<storage key>[:<index>]`).
/// Fields are stored under their storage keys, so `todos(first:10)` and `todos(first:20)` do
/// not overwrite each other.
struct Normalizer {
    let variables: VariableData
    /// The store as it is, for handles that extend what is already there (connections).
    let existing: RecordSource
    let idFieldName: String
    /// The store's connection node sets, so a page merges at the cost of the page.
    let connectionIndex: ConnectionNodeIndex?
    /// The records this response writes.
    var changes = RecordSource()
    /// The store edits its fields' directives ask for, run after the records are written.
    var edits: [DeclarativeEdit] = []
    /// The fields an app's handler handles, to run once the records are written.
    var handled: [HandledField] = []
    /// The handlers of the environment the response is written into.
    let handlers: FieldHandlers
    /// The response's field errors under the object being written; nil where there are none.
    var errorTrie: ResponseErrorTrie?
    /// The first value that does not fit its selection; once set, nothing more is written and
    /// the payload is refused whole. Its path is completed on the way back up (from the value
    /// to `data`), so a response that fits pays nothing for it.
    var mismatch: RelayError.ResponseShapeMismatch?

    init(
        variables: VariableData, existing: RecordSource, idFieldName: String = "id",
        connectionIndex: ConnectionNodeIndex? = nil, handlers: FieldHandlers = .builtIn
    ) {
        self.variables = variables
        self.existing = existing
        self.idFieldName = idFieldName
        self.connectionIndex = connectionIndex
        self.handlers = handlers
    }

    /// The records of `data` (a response's `data` object) under the record `rootID`, and the
    /// declarative edits its directives ask for. A value that does not fit its selection
    /// throws `RelayError.invalidShape` naming its path, and nothing is written.
    static func normalize(
        _ data: VariableValue, rootID: DataID, rootType: String?, selections: [NormalizationSelection],
        variables: VariableData, existing: RecordSource, idFieldName: String = "id",
        connectionIndex: ConnectionNodeIndex? = nil, handlers: FieldHandlers = .builtIn, errors: [GraphQLError] = []
    ) throws(RelayError) -> NormalizedPayload {
        var normalizer = Normalizer(
            variables: variables, existing: existing, idFieldName: idFieldName, connectionIndex: connectionIndex,
            handlers: handlers)
        normalizer.errorTrie = ResponseErrorTrie(errors)
        guard case .object(let fields) = data else {
            throw .invalidShape(
                RelayError.ResponseShapeMismatch(
                    path: [], expected: "an object", received: RelayError.ResponseShapeMismatch.kind(of: data)))
        }
        normalizer.ensureRecord(rootID, typename: rootType)
        normalizer.write(selections, from: fields, into: rootID)
        if let mismatch = normalizer.mismatch { throw .invalidShape(mismatch) }
        return NormalizedPayload(records: normalizer.changes, edits: normalizer.edits, handled: normalizer.handled)
    }

    /// Notes that the value at the current place does not fit (its path is added on the way up).
    mutating func refuse(_ value: VariableValue, expected: String) {
        if mismatch == nil {
            mismatch = RelayError.ResponseShapeMismatch(
                path: [], expected: expected, received: RelayError.ResponseShapeMismatch.kind(of: value))
        }
    }

    /// Adds a step to the path of a mismatch found below it.
    mutating func addToMismatchPath(_ element: GraphQLError.PathElement) {
        mismatch?.path.insert(element, at: 0)
    }

    /// - Parameter fieldCount: how many fields the record will likely get, so its dictionary is
    ///   made that large once instead of growing field by field.
    private mutating func ensureRecord(_ id: DataID, typename: String?, fieldCount: Int = 0) {
        if var record = changes[id] {
            if record.typename == nil, let typename {
                record.typename = typename
                changes[id] = record
            }
        } else {
            changes[id] = Record(
                id: id, typename: typename ?? existing[id]?.typename, fields: .init(minimumCapacity: fieldCount))
        }
    }

    /// Record `id` as the store will have it once this response is written so far.
    func current(_ id: DataID) -> Record? {
        guard let change = changes[id] else { return existing[id] }
        return existing[id]?.merging(change) ?? change
    }

    mutating func set(_ value: Record.Value, key: String, on id: DataID) {
        changes.update(id) { $0[key] = value }
    }

    mutating func write(
        _ selections: [NormalizationSelection], from data: [String: VariableValue], into id: DataID
    ) {
        for selection in selections {
            guard mismatch == nil else { return }
            switch selection {
            case .scalarField(let field):
                let responseKey = field.alias ?? field.name
                guard let value = data[responseKey] else { continue }
                if field.name == idFieldName, !Self.isIdentifier(value) {
                    refuse(value, expected: "an ID (a string)")
                    addToMismatchPath(.key(responseKey))
                    return
                }
                let storageKey = key(of: field.name, field.storageKey, field.args)
                set(.scalar(value), key: storageKey, on: id)
                if value == .null { setErrors(under: responseKey, key: storageKey, on: id) }
            case .linkedField(let field):
                let responseKey = field.alias ?? field.name
                guard let value = data[responseKey] else { continue }
                let storageKey = key(of: field.name, field.storageKey, field.args)
                let parentTrie = errorTrie
                errorTrie = parentTrie?.child(.key(responseKey))
                let linked = link(value, field: field, parent: id, storageKey: storageKey)
                errorTrie = parentTrie
                if mismatch != nil {
                    addToMismatchPath(.key(responseKey))
                    return
                }
                set(linked, key: storageKey, on: id)
                if value == .null { setErrors(under: responseKey, key: storageKey, on: id) }
            case .inlineFragment(let fragment):
                // Fields of a type condition the object does not meet are simply absent from it.
                write(fragment.selections, from: data, into: id)
            case .condition(let variable, let passingValue, let nested):
                if variables[variable] == .bool(passingValue) { write(nested, from: data, into: id) }
            case .clientExtension(let nested):
                // A server's payload lacks them, which leaves what the store has (local state).
                write(nested, from: data, into: id)
            case .handle(let handle):
                handlers.handler(for: handle)?.normalize(handle, on: id, into: &self)
            }
        }
    }

    private mutating func link(
        _ value: VariableValue, field: NormalizationLinkedField, parent: DataID, storageKey: String
    ) -> Record.Value {
        switch value {
        case .object(let object) where !field.plural:
            let id = childID(object, parent: parent, storageKey: storageKey, index: nil)
            writeObject(object, id: id, concreteType: field.concreteType, selections: field.selections)
            return .link(id)
        case .list(let items) where field.plural:
            var links: [DataID?] = []
            links.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                switch item {
                case .null:
                    links.append(nil)
                case .object(let object):
                    let id = childID(object, parent: parent, storageKey: storageKey, index: index)
                    let listTrie = errorTrie
                    errorTrie = listTrie?.child(.index(index))
                    writeObject(object, id: id, concreteType: field.concreteType, selections: field.selections)
                    errorTrie = listTrie
                    links.append(id)
                default:
                    refuse(item, expected: "an object")
                }
                if mismatch != nil {
                    addToMismatchPath(.index(index))
                    return .links([])
                }
            }
            return .links(links)
        case .null:
            return .link(nil)
        default:
            refuse(value, expected: field.plural ? "a list" : "an object")
            return .link(nil)
        }
    }

    /// Whether a value can identify a record: an ID is serialized as a string (or is null).
    static func isIdentifier(_ value: VariableValue) -> Bool {
        switch value {
        case .string, .null: true
        default: false
        }
    }

    mutating func writeObject(
        _ object: [String: VariableValue], id: DataID, concreteType: String?, selections: [NormalizationSelection]
    ) {
        var typename = concreteType
        if case .string(let name)? = object["__typename"] { typename = name }
        ensureRecord(id, typename: typename, fieldCount: selections.count)
        write(selections, from: object, into: id)
    }

    /// Keeps with the field the errors the response gives at or below it (Relay keeps them
    /// only for a field left null: below a value, they belong to the records further down).
    private mutating func setErrors(under responseKey: String, key: String, on id: DataID) {
        guard let errors = errorTrie?.errors(under: .key(responseKey)), !errors.isEmpty else { return }
        changes[id]?.errors[key] = errors
    }

    func childID(_ object: [String: VariableValue], parent: DataID, storageKey: String, index: Int?) -> DataID {
        if case .string(let id)? = object[idFieldName] { return DataID(id) }
        return .client(parent: parent, storageKey: storageKey, index: index)
    }

    func key(of name: String, _ precomputed: String?, _ args: [ArgumentNode]) -> String {
        precomputed ?? Relay.storageKey(fieldName: name, arguments: args, variables: variables)
    }
}

/// What normalizing one response gives: its records, the edits its directives ask for, and the
/// fields an app's handlers handle.
struct NormalizedPayload {
    var records: RecordSource
    var edits: [DeclarativeEdit] = []
    var handled: [HandledField] = []
}
