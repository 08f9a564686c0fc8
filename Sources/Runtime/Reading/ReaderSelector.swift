/// What to read from the store, after relay-runtime's reader selector: a reader node's
/// selections, the record to start from, the variables in scope and the operation that owns the
/// data. `lookup` and `subscribe` read through one, for operations and fragments alike.
struct ReaderSelector<Data: Decodable & Sendable>: Sendable {
    let selections: [ReaderSelection]
    let dataID: DataID
    let variables: VariableData
    /// The operation whose response the records came from; fragment pointers read carry it.
    let owner: String?

    /// An operation's data, from the root.
    init<Op: Operation>(_ operation: Op) where Op.Data == Data {
        selections = Op.node.fragment.selections
        dataID = .root
        variables = operation.variables.variableData
        owner = Op.node.params.name
    }

    /// A fragment's data, from the record its pointer names.
    init<F: Fragment>(_ fragment: F) where F.Data == Data {
        let pointer = fragment.fragmentPointer
        selections = F.node.selections
        dataID = pointer.id
        variables = pointer.variables
        owner = pointer.ownerName
    }

    /// The data in `source`, whether part of it is missing, and the records read.
    func read(from source: RecordSource) -> Snapshot<Data> {
        var reader = Reader(source: source, variables: variables, ownerName: owner)
        let value = reader.read(selections, from: dataID)
        // Partial data still decodes when the generated type tolerates the gaps (optionals).
        let data = value.flatMap { try? ValueDecoder.decode(Data.self, from: $0) }
        return Snapshot(
            data: data, isMissingData: reader.isMissingData || (value != nil && data == nil),
            seenRecords: reader.seenRecords)
    }
}
