@_spi(RelayGenerated) import RelayContract

/// Builds the value tree of a reader selection straight from records (no JSON text in
/// between); a spread fragment becomes a `FragmentPointer` value, so a parent's data carries
/// its children's pointers, not their fields.
struct Reader {
    let source: RecordSource
    /// The variables of what is read; an `@inline` fragment's while its selections are read.
    private(set) var variables: VariableData
    let ownerName: String?
    /// The fragment or operation being read, named by `@required` fields found null.
    let readName: String
    private(set) var seenRecords: Set<DataID> = []
    private(set) var isMissingData = false
    private(set) var missingFields: [RelayError.MissingField] = []
    private(set) var missingRequiredFields: MissingRequiredFields?
    /// Fields in error (the response's `errors` name them) read outside any `@catch`.
    private(set) var fieldErrors: [FieldError] = []
    /// Client edges whose record the store lacks: what their queries must fetch.
    private(set) var missingClientEdges: [MissingClientEdge] = []
    /// Response keys and indices from the read's root to where the reader is.
    private var path: [String] = []
    /// The Relay Resolvers of what is read, by `Type.field`.
    let resolvers: [String: RelayResolverFunction]
    /// The store's resolver values, which memoize resolvers and keep live ones subscribed.
    let resolverCache: any ResolverRuntime

    init(
        source: RecordSource, variables: VariableData, ownerName: String?, readName: String = "",
        resolvers: [String: RelayResolverFunction] = [:], resolverCache: any ResolverRuntime
    ) {
        self.source = source
        self.variables = variables
        self.ownerName = ownerName
        self.readName = readName
        self.resolvers = resolvers
        self.resolverCache = resolverCache
    }

    /// The fields `selections` pick from record `id`; nil when the record is unknown, null
    /// when it is gone or a `@required` field in it is null.
    mutating func read(_ selections: [ReaderSelection], from id: DataID) -> VariableValue? {
        let (value, requiredIsNull) = readRoot(selections, from: id)
        return requiredIsNull ? .null : value
    }

    /// The fields `selections` pick from record `id`, telling a null a `@required` field
    /// bubbled up (nil with `requiredIsNull`) from a record that is gone (null).
    mutating func readRoot(_ selections: [ReaderSelection], from id: DataID)
        -> (value: VariableValue?, requiredIsNull: Bool)
    {
        seenRecords.insert(id)
        guard source.has(id) else {
            // A resolver's client object (a model, an output type's object) is the cache's.
            if let object = resolverCache.clientObject(id) { return readRoot(selections, of: object) }
            markMissing(record: id, field: nil)
            return (nil, false)
        }
        guard let record = source[id] else { return (.null, false) }
        return readRoot(selections, of: record)
    }

    private mutating func readRoot(_ selections: [ReaderSelection], of record: Record)
        -> (value: VariableValue?, requiredIsNull: Bool)
    {
        var fields: [String: VariableValue] = [:]
        guard read(selections, record: record, into: &fields, strict: true) else { return (nil, true) }
        return (.object(fields), false)
    }

    /// Reads `selections` into `fields`; false when a `@required` field is null, which makes
    /// the whole object null (the rest is not read, as in Relay).
    private mutating func read(
        _ selections: [ReaderSelection], record: Record, into fields: inout [String: VariableValue], strict: Bool
    ) -> Bool {
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                let key =
                    field.storageKey ?? storageKey(fieldName: field.name, arguments: field.args, variables: variables)
                let responseKey = field.alias ?? field.name
                if field.name == "__typename", record[key] == nil, let typename = record.typename {
                    fields[responseKey] = .string(typename)
                } else if field.name == "__id" {
                    // Relay's client-only field: the record's id in this store.
                    fields[responseKey] = .string(record.id.rawValue)
                } else if case .scalar(let value)? = record[key] {
                    fields[responseKey] = value
                    if value == .null {
                        noteErrors(of: record, key: key, at: responseKey)
                        if let required = field.required { return requiredIsNull(required) }
                    }
                } else if strict {
                    markMissing(record: record.id, field: key, at: responseKey)
                }
            case .linkedField(let field):
                let key =
                    field.storageKey ?? storageKey(fieldName: field.name, arguments: field.args, variables: variables)
                let responseKey = field.alias ?? field.name
                path.append(responseKey)
                defer { path.removeLast() }
                switch record[key] {
                case .link(let linked)?:
                    fields[responseKey] = linked.map { read(field.selections, from: $0) ?? .null } ?? .null
                case .links(let linked)?:
                    var items: [VariableValue] = []
                    items.reserveCapacity(linked.count)
                    for (index, item) in linked.enumerated() {
                        path.append(String(index))
                        items.append(item.map { read(field.selections, from: $0) ?? .null } ?? .null)
                        path.removeLast()
                    }
                    fields[responseKey] = .list(items)
                case .scalar(.null)?:
                    fields[responseKey] = .null
                case .scalar?, nil:
                    if strict { markMissing(record: record.id, field: key) }
                }
                if fields[responseKey] == .null { noteErrors(of: record, key: key, at: nil) }
                if fields[responseKey] == .null, let required = field.required { return requiredIsNull(required) }
            case .fragmentSpread(let spread):
                let fragmentVariables = variables.passing(spread.args)
                var pointer: [String: VariableValue] = [
                    "id": .string(record.id.rawValue), "variables": .object(fragmentVariables.fields),
                    "arguments": .list(spread.args.map { .string($0.name) }),
                ]
                if let ownerName { pointer["ownerName"] = .string(ownerName) }
                fields["fragment_" + spread.name] = .object(pointer)
            case .inlineFragment(let fragment):
                // On a record that meets the condition (its type, or one of an interface's or
                // union's members) every field must be there. A record of another known type
                // is not read at all (Relay's reader): a field it has from another query must not
                // lead into records this fragment's selections were never written for. Of a
                // record whose type is unknown, what is there is read, and absence is not missing.
                let applies = fragment.applies(to: record.typename)
                if !applies, record.typename != nil { continue }
                guard read(fragment.selections, record: record, into: &fields, strict: strict && applies) else {
                    return false
                }
            case .condition(let variable, let passingValue, let nested):
                if variables[variable] == .bool(passingValue) {
                    guard read(nested, record: record, into: &fields, strict: strict) else { return false }
                }
            case .clientExtension(let nested):
                // No server sends these: a field never written is nil, not missing data.
                guard read(nested, record: record, into: &fields, strict: false) else { return false }
            case .inlineDataFragmentSpread(let spread):
                // The fragment's data goes into the key, read with the fragment's variables
                // (Relay's `getFragmentVariables`); a missing field is missing for the parent.
                let parentVariables = variables
                variables = parentVariables.passing(spread.args, defaults: spread.argumentDefaults)
                var object: [String: VariableValue] = [:]
                let complete = read(spread.selections, record: record, into: &object, strict: strict)
                variables = parentVariables
                fields["fragment_" + spread.name] = complete ? .object(object) : .null
            case .aliasedInlineFragment(let alias):
                // Null for a record of another type, and where a `@required` null bubbles to.
                guard alias.possibleTypes.map({ record.typename.map($0.contains) ?? false }) ?? true,
                    alias.deferred.map({ hasArrived($0, spreadIn: alias, on: record) }) ?? true
                else {
                    fields[alias.name] = .null
                    continue
                }
                path.append(alias.name)
                var object: [String: VariableValue] = [:]
                let complete = read(alias.selections, record: record, into: &object, strict: strict)
                path.removeLast()
                fields[alias.name] = complete ? .object(object) : .null
            case .catchField(let caught):
                // A null inside stops at the `@catch`: the field holds it, the object goes on.
                read(caught, record: record, into: &fields, strict: strict)
            case .moduleComponent(let component):
                fields["__module_component"] = .string(component)
            case .resolverField(let field):
                let key = field.responseKey
                fields[key] = resolve(field, on: record)
                if let edge = field.edge {
                    fields[key] = follow(edge, to: fields[key] ?? .null, at: key, from: record.id)
                }
                if fields[key] == .null, let required = field.required { return requiredIsNull(required) }
            }
        }
        return true
    }

    /// A Relay Resolver's field: its root fragment read on `record` (with the field's arguments
    /// as the fragment's), then the resolver's memoized value for that data. The fragment's
    /// records count as read, so a change to them re-reads this. Missing fragment data is missing
    /// data of this read, and the field is null; a resolver that throws, a field error.
    private mutating func resolve(_ field: ReaderResolverField, on record: Record) -> VariableValue {
        guard let resolver = resolvers[field.resolver] else {
            fieldErrors.append(
                FieldError(
                    owner: readName, path: path + [field.responseKey],
                    message: "no Relay Resolver \(field.resolver) was generated for \(readName)"))
            return .null
        }
        var input = VariableValue.null
        if let fragment = resolver.fragment {
            var root = Reader(
                source: source, variables: variables.passing(field.args, defaults: fragment.argumentDefaults),
                ownerName: ownerName, readName: fragment.name, resolvers: resolver.nestedResolvers(),
                resolverCache: resolverCache)
            root.path = path + [field.responseKey]
            input = root.read(fragment.selections, from: record.id) ?? .null
            seenRecords.formUnion(root.seenRecords)
            guard !root.isMissingData else {
                isMissingData = true
                missingFields += root.missingFields
                return .null
            }
        }
        var arguments: [String: VariableValue] = [:]
        for argument in field.args { arguments[argument.name] = argument.value(with: variables) }
        switch resolvedValue(of: resolver, record: record.id, arguments: arguments, input: input) {
        case .success(let value):
            return value
        case .failure(let failure):
            fieldErrors.append(FieldError(owner: readName, path: path + [field.responseKey], message: failure.message))
            return .null
        }
    }

    /// A client edge's data: its selections read from the object the resolver gave (null for
    /// none; a list of them for a plural edge). A server record the store does not have yet is
    /// missing data, which the edge's `ClientEdgeQuery_…` fetches; a client object is a record
    /// of the store or one the resolver cache keeps (`ClientObjects`).
    private mutating func follow(
        _ edge: ReaderResolverField.ClientEdge, to value: VariableValue, at key: String, from parent: DataID
    ) -> VariableValue {
        path.append(key)
        defer { path.removeLast() }
        guard edge.isPlural else {
            return follow(edge, toOne: value, objectID: "\(parent.rawValue):\(key)", on: parent)
        }
        guard case .list(let items) = value else { return .null }
        var values: [VariableValue] = []
        for (index, item) in items.enumerated() {
            path.append(String(index))
            values.append(follow(edge, toOne: item, objectID: "\(parent.rawValue):\(key):\(index)", on: parent))
            path.removeLast()
        }
        return .list(values)
    }

    private mutating func follow(
        _ edge: ReaderResolverField.ClientEdge, toOne value: VariableValue, objectID: String, on parent: DataID
    ) -> VariableValue {
        guard value != .null,
            let id = resolverCache.clientEdgeTarget(
                value, as: edge.target, type: edge.concreteType, objectID: DataID(objectID), on: parent, in: source)
        else { return .null }
        if edge.target == .server, !source.has(id) {
            missingClientEdges.append(MissingClientEdge(query: edge.query, id: id.rawValue))
        }
        return read(edge.selections, from: id) ?? .null
    }

    /// The resolver's value, from the store's cache. A live field's id counts as seen, so its
    /// live state's changes reach this read's subscribers.
    private mutating func resolvedValue(
        of resolver: RelayResolverFunction, record: DataID, arguments: [String: VariableValue], input: VariableValue
    ) -> Result<VariableValue, ResolverFailure> {
        let (value, liveID) = resolverCache.value(of: resolver, record: record, arguments: arguments, input: input)
        if let liveID { seenRecords.insert(liveID) }
        return value
    }

    /// Whether the deferred fragment's own fields are in the store for `record`. The records the
    /// check visits count as seen, so the parent's data changes when the payload lands.
    private mutating func hasArrived(
        _ deferred: ReaderDeferredSpread, spreadIn alias: ReaderAliasedInlineFragment, on record: Record
    )
        -> Bool
    {
        var arguments: [ArgumentNode] = []
        for case .fragmentSpread(let spread) in alias.selections { arguments = spread.args }
        var check = Reader(
            source: source, variables: variables.passing(arguments, defaults: deferred.argumentDefaults),
            ownerName: ownerName, resolverCache: resolverCache)
        _ = check.read(deferred.selections, from: record.id)
        seenRecords.formUnion(check.seenRecords)
        return !check.isMissingData
    }

    /// Reads a `@catch` field: the errors found in it (field errors, a `@required(action: THROW)`
    /// null) stay in it — the value becomes `{"ok": false, "errors": […]}` or null — and the rest
    /// of the read does not see them.
    private mutating func read(
        _ caught: ReaderCatchField, record: Record, into fields: inout [String: VariableValue], strict: Bool
    ) {
        let outerErrors = fieldErrors
        let outerRequired = missingRequiredFields
        fieldErrors = []
        var value: [String: VariableValue] = [:]
        let complete = read([caught.selection], record: record, into: &value, strict: strict)
        let errors = takeErrors(restoring: outerErrors, outerRequired)
        let key = caught.responseKey
        fields[key] = Self.caught(complete ? value[key] : .null, errors: errors, to: caught.to)
    }

    /// A whole read under `@catch(to:)` (on the fragment or operation): `value` with every
    /// error found caught.
    mutating func catchAll(_ value: VariableValue?, to: CatchTo) -> VariableValue? {
        let errors = takeErrors(restoring: [], nil)
        guard let value else { return nil }
        return Self.caught(value, errors: errors, to: to)
    }

    /// The errors found since `outerErrors` and `outerRequired` were the read's, which become
    /// its state again: field errors, and a `@required(action: THROW)` field found null.
    private mutating func takeErrors(restoring outerErrors: [FieldError], _ outerRequired: MissingRequiredFields?)
        -> [FieldError]
    {
        var errors = fieldErrors
        if case .throw(let field)? = missingRequiredFields, missingRequiredFields != outerRequired {
            errors.append(
                FieldError(
                    owner: field.owner, path: field.path.split(separator: ".").map(String.init),
                    message: field.description))
            missingRequiredFields = outerRequired
        }
        fieldErrors = outerErrors
        return errors
    }

    /// What `@catch(to:)` makes of `value` given the errors found in it (Relay's shape).
    private static func caught(_ value: VariableValue?, errors: [FieldError], to: CatchTo) -> VariableValue? {
        switch (to, errors.isEmpty) {
        case (.result, true):
            var result: [String: VariableValue] = ["ok": .bool(true)]
            result["value"] = value
            return .object(result)
        case (.result, false): return .object(["ok": .bool(false), "errors": .list(errors.map(\.value))])
        case (.null, true): return value
        case (.null, false): return .null
        }
    }

    /// Notes the errors the response gave for a field read as null; `leaf` is its response key
    /// when the path does not already end with it.
    private mutating func noteErrors(of record: Record, key: String, at leaf: String?) {
        guard let errors = record.errors[key] else { return }
        let fieldPath = leaf.map { path + [$0] } ?? path
        for error in errors {
            fieldErrors.append(FieldError(owner: readName, path: fieldPath, message: error.message, serverError: error))
        }
    }

    /// Notes a `@required` field found null (unless its action is `NONE`); always false, for
    /// the caller to return: the object holding the field is null.
    private mutating func requiredIsNull(_ required: RequiredField) -> Bool {
        guard required.action != .none else { return false }
        let field = MissingRequiredFields.Field(owner: readName, path: required.path)
        missingRequiredFields = (missingRequiredFields ?? .log([])).adding(field, action: required.action)
        return false
    }

    /// Notes a missing field (or unknown record) at the current path, plus `key` when the
    /// field is a leaf.
    private mutating func markMissing(record: DataID, field: String?, at key: String? = nil) {
        isMissingData = true
        missingFields.append(
            RelayError.MissingField(record: record, field: field, path: key.map { path + [$0] } ?? path))
    }
}

extension VariableData {
    /// The variables a spread fragment reads: these, with the spread's `@arguments` (valued
    /// here) and the fragment's `defaults` for arguments the spread leaves out.
    func passing(_ arguments: [ArgumentNode], defaults: [String: VariableValue] = [:]) -> VariableData {
        var variables = self
        for (name, value) in defaults { variables.fields[name] = value }
        for argument in arguments { variables.fields[argument.name] = argument.value(with: self) }
        return variables
    }
}

extension Array where Element == ReaderSelection {
    /// The scalar or linked field read under `responseKey`, found as the reader merges
    /// selections: looking into inline fragments and into conditions that hold with `variables`.
    func field(respondingTo responseKey: String, variables: VariableData) -> ReaderSelection? {
        for selection in self {
            switch selection {
            case .scalarField(let field) where (field.alias ?? field.name) == responseKey:
                return selection
            case .linkedField(let field) where (field.alias ?? field.name) == responseKey:
                return selection
            case .resolverField(let field) where field.responseKey == responseKey:
                return selection
            case .inlineFragment(let fragment):
                if let found = fragment.selections.field(respondingTo: responseKey, variables: variables) {
                    return found
                }
            case .condition(let variable, let passingValue, let nested) where variables[variable] == .bool(passingValue):
                if let found = nested.field(respondingTo: responseKey, variables: variables) { return found }
            case .clientExtension(let nested):
                if let found = nested.field(respondingTo: responseKey, variables: variables) { return found }
            case .catchField(let caught):
                if let found = [caught.selection].field(respondingTo: responseKey, variables: variables) {
                    return found
                }
            default:
                continue
            }
        }
        return nil
    }
}
