@_spi(RelayGenerated) import RelayContract

/// What a store subscription reads again when records it read change: one record's selections
/// (`ReaderSelector`) or a plural fragment's records (`PluralReaderSelector`).
protocol SnapshotReading: Sendable {
    associatedtype Data: Sendable & Equatable
    func read(from source: RecordSource, resolverCache: any ResolverRuntime) -> Snapshot<Data>
}

/// What to read from the store, after relay-runtime's reader selector: a reader node's
/// selections, the record to start from, the variables in scope and the operation that owns the
/// data. `lookup` and `subscribe` read through one, for operations and fragments alike.
struct ReaderSelector<Data: SelectionValue & Sendable>: Sendable {
    let selections: [ReaderSelection]
    let dataID: DataID
    let variables: VariableData
    /// The operation whose response the records came from; fragment pointers read carry it.
    let owner: String?
    /// The fragment or operation read, for `@required` fields found null.
    let name: String
    /// `@throwOnFieldError` on the fragment or operation.
    var throwOnFieldError = false
    /// `@catch(to:)` on the fragment or operation.
    var catchTo: CatchTo?
    /// The Relay Resolvers of the fragment or operation.
    var resolvers: [String: RelayResolverFunction] = [:]
    /// A fragment on an object type: a record of another type is not expected to have its
    /// data, so what it lacks is not missing data (Relay's reader, `isDataExpectedToBePresent`).
    var objectType: String?

    init(
        selections: [ReaderSelection], dataID: DataID, variables: VariableData, owner: String?, name: String,
        node: ReaderFragment? = nil, resolvers: [String: RelayResolverFunction] = [:]
    ) {
        self.selections = selections
        self.dataID = dataID
        self.variables = variables
        self.owner = owner
        self.name = name
        throwOnFieldError = node?.throwOnFieldError ?? false
        catchTo = node?.catchTo
        self.resolvers = resolvers
        objectType = node.flatMap { $0.abstractKey == nil ? $0.type : nil }
    }

    /// An operation's data, from the root.
    init<Op: Operation>(_ operation: Op) where Op.Data == Data {
        selections = Op.node.fragment.selections
        dataID = .root
        variables = operation.operationVariables
        owner = Op.node.params.name
        name = Op.node.params.name
        throwOnFieldError = Op.node.fragment.throwOnFieldError
        catchTo = Op.node.fragment.catchTo
        resolvers = Op.resolvers
    }

    /// A fragment's data, from the record its pointer names.
    init<F: Fragment>(_ fragment: F) where F.Data == Data {
        let pointer = fragment.fragmentPointer
        let node = F.node
        selections = node.selections
        dataID = pointer.id
        variables = node.variables(for: pointer)
        owner = pointer.ownerName
        name = node.name
        throwOnFieldError = node.throwOnFieldError
        catchTo = node.catchTo
        resolvers = F.resolvers
        objectType = node.abstractKey == nil ? node.type : nil
    }

    /// The data in `source`, whether part of it is missing, and the records read. A
    /// `@required` field whose null bubbles up to the root leaves no data, and that is not
    /// missing data.
    func read(from source: RecordSource, resolverCache: any ResolverRuntime) -> Snapshot<Data> {
        var reader = Reader(
            source: source, variables: variables, ownerName: owner, readName: name, resolvers: resolvers,
            resolverCache: resolverCache)
        var (value, requiredIsNull) = reader.readRoot(selections, from: dataID)
        if let catchTo {
            value = reader.catchAll(requiredIsNull ? .null : value, to: catchTo)
            requiredIsNull = false
        }
        // Partial data is still read when the generated type tolerates the gaps (optionals).
        var data: Data?
        var invalid: RelayError.InvalidFieldValue?
        // A `@throwOnFieldError` read with a field in error fails: no data, and none missing.
        let failsOnFieldError = throwOnFieldError && !reader.fieldErrors.isEmpty
        do {
            if !failsOnFieldError { data = try value.map { try Data(selectionValue: $0) } }
        } catch let failure as ValueConversionFailure {
            invalid = invalidValue(failure, in: source)
        } catch {}
        let undecodable = !requiredIsNull && !failsOnFieldError && data == nil && value != nil
        let otherType = objectType.map { type in
            dataID != .root && source[dataID]?.typename.map { $0 != type } == true
        }
        var snapshot = Snapshot(
            data: data, isMissingData: (reader.isMissingData || undecodable) && otherType != true,
            seenRecords: reader.seenRecords, missingFields: reader.missingFields, invalidValue: invalid,
            missingRequiredFields: reader.missingRequiredFields, fieldErrors: reader.fieldErrors,
            throwsOnFieldError: throwOnFieldError)
        snapshot.missingClientEdges = reader.missingClientEdges
        return snapshot
    }
}

extension ReaderSelector: SnapshotReading where Data: Equatable {}

/// A `@relay(plural: true)` fragment's records, read one selector each, after relay-runtime's
/// plural reader selector. The data is the items in order, or nil when one of the records is
/// unknown or gone; missing data in any item is missing data of the whole.
struct PluralReaderSelector<Item: SelectionValue & Sendable & Equatable>: SnapshotReading {
    let items: [ReaderSelector<Item>]

    init<F: PluralFragment>(_ fragment: F) where F.Data == Item {
        let node = F.node
        items = fragment.fragmentPointers.map { pointer in
            ReaderSelector(
                selections: node.selections, dataID: pointer.id, variables: node.variables(for: pointer),
                owner: pointer.ownerName, name: node.name, node: node, resolvers: F.resolvers)
        }
    }

    func read(from source: RecordSource, resolverCache: any ResolverRuntime) -> Snapshot<[Item]> {
        var data: [Item]? = []
        var isMissingData = false
        var seenRecords: Set<DataID> = []
        var missingFields: [RelayError.MissingField] = []
        var invalidValue: RelayError.InvalidFieldValue?
        var missingRequiredFields: MissingRequiredFields?
        var fieldErrors: [FieldError] = []
        var missingClientEdges: [MissingClientEdge] = []
        for (index, item) in items.enumerated() {
            let snapshot = item.read(from: source, resolverCache: resolverCache)
            fieldErrors += snapshot.fieldErrors.map {
                FieldError(
                    owner: $0.owner, path: [String(index)] + $0.path, message: $0.message, serverError: $0.serverError)
            }
            if let fields = snapshot.missingRequiredFields {
                missingRequiredFields = (missingRequiredFields ?? .log([])).merging(fields)
            }
            if invalidValue == nil, var invalid = snapshot.invalidValue {
                invalid.path.insert(String(index), at: 0)
                invalidValue = invalid
            }
            isMissingData = isMissingData || snapshot.isMissingData
            seenRecords.formUnion(snapshot.seenRecords)
            missingClientEdges += snapshot.missingClientEdges
            missingFields += snapshot.missingFields.map {
                RelayError.MissingField(record: $0.record, field: $0.field, path: [String(index)] + $0.path)
            }
            if let value = snapshot.data {
                data?.append(value)
            } else if snapshot.isMissingData || snapshot.invalidValue != nil {
                data = nil
            }
            // Otherwise a `@required` field bubbled its null up to the item: it is left out.
        }
        var snapshot = Snapshot(
            data: data, isMissingData: isMissingData, seenRecords: seenRecords, missingFields: missingFields,
            invalidValue: invalidValue, missingRequiredFields: missingRequiredFields, fieldErrors: fieldErrors,
            throwsOnFieldError: items.first?.throwOnFieldError ?? false)
        snapshot.missingClientEdges = missingClientEdges
        return snapshot
    }
}
