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
    /// The records this response writes.
    private(set) var changes = RecordSource()
    /// The store edits its fields' directives ask for, run after the records are written.
    private(set) var edits: [DeclarativeEdit] = []

    init(variables: VariableData, existing: RecordSource, idFieldName: String = "id") {
        self.variables = variables
        self.existing = existing
        self.idFieldName = idFieldName
    }

    /// The records of `data` (a response's `data` object) under the record `rootID`, and the
    /// declarative edits its directives ask for.
    static func normalize(
        _ data: VariableValue, rootID: DataID, rootType: String?, selections: [NormalizationSelection],
        variables: VariableData, existing: RecordSource, idFieldName: String = "id"
    ) -> NormalizedPayload {
        var normalizer = Normalizer(variables: variables, existing: existing, idFieldName: idFieldName)
        guard case .object(let fields) = data else { return NormalizedPayload(records: normalizer.changes) }
        normalizer.ensureRecord(rootID, typename: rootType)
        normalizer.write(selections, from: fields, into: rootID)
        return NormalizedPayload(records: normalizer.changes, edits: normalizer.edits)
    }

    private mutating func ensureRecord(_ id: DataID, typename: String?) {
        if var record = changes[id] {
            if record.typename == nil, let typename {
                record.typename = typename
                changes[id] = record
            }
        } else {
            changes[id] = Record(id: id, typename: typename ?? existing[id]?.typename)
        }
    }

    private mutating func set(_ value: RecordValue, key: String, on id: DataID) {
        var record = changes[id] ?? Record(id: id)
        record[key] = value
        changes[id] = record
    }

    private mutating func write(
        _ selections: [NormalizationSelection], from data: [String: VariableValue], into id: DataID
    ) {
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                guard let value = data[field.alias ?? field.name] else { continue }
                set(.scalar(value), key: key(of: field.name, field.storageKey, field.args), on: id)
            case .linkedField(let field):
                guard let value = data[field.alias ?? field.name] else { continue }
                let storageKey = key(of: field.name, field.storageKey, field.args)
                set(link(value, field: field, parent: id, storageKey: storageKey), key: storageKey, on: id)
            case .inlineFragment(let fragment):
                // Fields of a type condition the object does not meet are simply absent from it.
                write(fragment.selections, from: data, into: id)
            case .condition(let variable, let passingValue, let nested):
                if variables[variable] == .bool(passingValue) { write(nested, from: data, into: id) }
            case .handle(let handle) where handle.handler == .connection:
                connection(handle, on: id)
            case .handle(let handle):
                edit(handle, on: id)
            }
        }
    }

    private mutating func link(
        _ value: VariableValue, field: NormalizationLinkedField, parent: DataID, storageKey: String
    ) -> RecordValue {
        switch value {
        case .object(let object):
            let id = childID(object, parent: parent, storageKey: storageKey, index: nil)
            writeObject(object, id: id, concreteType: field.concreteType, selections: field.selections)
            return .link(id)
        case .list(let items):
            return .links(
                items.enumerated().map { index, item -> DataID? in
                    guard case .object(let object) = item else { return nil }
                    let id = childID(object, parent: parent, storageKey: storageKey, index: index)
                    writeObject(object, id: id, concreteType: field.concreteType, selections: field.selections)
                    return id
                })
        default:
            return .link(nil)
        }
    }

    private mutating func writeObject(
        _ object: [String: VariableValue], id: DataID, concreteType: String?, selections: [NormalizationSelection]
    ) {
        var typename = concreteType
        if case .string(let name)? = object["__typename"] { typename = name }
        ensureRecord(id, typename: typename)
        write(selections, from: object, into: id)
    }

    private func childID(_ object: [String: VariableValue], parent: DataID, storageKey: String, index: Int?) -> DataID {
        if case .string(let id)? = object[idFieldName] { return DataID(id) }
        return .client(parent: parent, storageKey: storageKey, index: index)
    }

    private func key(of name: String, _ precomputed: String?, _ args: [ArgumentNode]) -> String {
        precomputed ?? Relay.storageKey(fieldName: name, arguments: args, variables: variables)
    }

    // MARK: @connection

    /// Keeps the client connection (`__<key>_connection`) that readers see: a first page
    /// replaces its edges; a page fetched `after` a cursor is appended, one `before` a cursor
    /// prepended. Pagination and updaters only ever touch this record.
    private mutating func connection(_ handle: NormalizationHandle, on parent: DataID) {
        let serverKey = Relay.storageKey(fieldName: handle.name, arguments: handle.args, variables: variables)
        let handleKey = ConnectionHandler.handleKey(handle, variables: variables)
        guard case .link(let serverID)? = changes[parent]?[serverKey] else { return }
        guard let serverID, let server = changes[serverID] else {
            return set(.link(nil), key: handleKey, on: parent)
        }
        let clientID = ConnectionHandler.clientConnectionID(parent: parent, handleKey: handleKey)
        let previous = existing[clientID]
        var client = Record(id: clientID, typename: server.typename)
        for (key, value) in server.fields where key != "edges" { client[key] = value }
        let newEdges: [DataID?] = if case .links(let edges)? = server["edges"] { edges } else { [] }
        let oldEdges: [DataID?] = if case .links(let edges)? = previous?["edges"] { edges } else { [] }
        let after = handle.args.first { $0.name == "after" }?.value(with: variables) ?? .null
        let before = handle.args.first { $0.name == "before" }?.value(with: variables) ?? .null
        if previous != nil, after != .null {
            client["edges"] = .links(oldEdges + newEdges)
        } else if previous != nil, before != .null {
            client["edges"] = .links(newEdges + oldEdges)
        } else {
            client["edges"] = .links(newEdges)
        }
        changes[clientID] = client
        set(.link(clientID), key: handleKey, on: parent)
    }

    // MARK: Declarative edits

    /// Records the edit a directive on a field asks for, with the ids the field's value holds.
    private mutating func edit(_ handle: NormalizationHandle, on parent: DataID) {
        let key = Relay.storageKey(fieldName: handle.name, arguments: handle.args, variables: variables)
        let ids: [DataID] =
            switch changes[parent]?[key] {
            case .link(let id?)?: [id]
            case .links(let ids)?: ids.compactMap { $0 }
            case .scalar(let value)?: value.dataIDs
            default: []
            }
        guard !ids.isEmpty, let edit = DeclarativeEdit(handle: handle, records: ids, variables: variables) else {
            return
        }
        edits.append(edit)
    }
}

/// What normalizing one response gives: its records and the edits its directives ask for.
struct NormalizedPayload {
    var records: RecordSource
    var edits: [DeclarativeEdit] = []
}
