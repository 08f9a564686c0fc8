@_spi(RelayGenerated) import RelayContract

// Typed updaters (Relay's `readUpdatableQuery` / `readUpdatableFragment`): the compiler turns an
// `@updatable` query or fragment into Swift types whose properties read the store and whose
// setters write it, so an updater assigns `user.name = "Ada"` instead of calling
// `setValue(.string("Ada"), "name")`, and a misspelled field or a value of the wrong type does
// not compile. The types are views over the updater's store: a write is seen by every later
// read in the same updater and applied with the updater's other changes.

extension RecordSourceSelectorProxy {
    /// A generated `@updatable` query: its variables say which records its fields lead to.
    public protocol UpdatableQuery: Sendable {
        associatedtype Variables: VariableDataConvertible
        associatedtype UpdatableData
        var variables: Variables { get }
        @_spi(RelayGenerated) static func updatableData(_ record: UpdatableRecord) -> UpdatableData
        /// The declared defaults of the query's variables, for those left out (the query has no
        /// request node to carry them, as a sent operation's does).
        @_spi(RelayGenerated) static var variableDefaults: VariableData { get }
    }

    /// A generated `@updatable` fragment: made from the key of a query or fragment that spreads
    /// it, it says which record to update.
    public protocol UpdatableFragment: Sendable {
        associatedtype UpdatableData
        var fragmentPointer: FragmentPointer { get }
        @_spi(RelayGenerated) static func updatableData(_ record: UpdatableRecord) -> UpdatableData
    }

    /// The data of an `@updatable` query, read from the root record, to read and assign (Relay's
    /// `readUpdatableQuery`).
    public func readUpdatableQuery<Query: UpdatableQuery>(_ query: Query) -> Query.UpdatableData {
        var variables = query.variables.variableData
        for (name, value) in Query.variableDefaults.fields where variables[name] == nil {
            variables.fields[name] = value
        }
        return Query.updatableData(UpdatableRecord(root, variables: variables))
    }

    /// The data of an `@updatable` fragment, read from the record its key points to (Relay's
    /// `readUpdatableFragment`); nil when the store has no such record.
    public func readUpdatableFragment<Fragment: UpdatableFragment>(_ fragment: Fragment) -> Fragment.UpdatableData? {
        let pointer = fragment.fragmentPointer
        return get(pointer.id).map { Fragment.updatableData(UpdatableRecord($0, variables: pointer.variables)) }
    }
}

extension RecordSourceSelectorProxy.UpdatableQuery {
    @_spi(RelayGenerated) public static var variableDefaults: VariableData { [:] }
}

/// One record as a generated updatable type sees it; its accessors are what the generated
/// properties call.
@_spi(RelayGenerated) public struct UpdatableRecord {
    public let proxy: RecordProxy
    public let variables: VariableData

    init(_ proxy: RecordProxy, variables: VariableData) {
        self.proxy = proxy
        self.variables = variables
    }

    /// The record's id, for assigning it to a linked field.
    public var dataID: DataID { proxy.dataID }

    /// The record's type, which picks the case of a discriminated union.
    public var typename: String? { proxy.typename }

    /// The value of variable `name`, for a field's arguments (null when not given).
    public func variable(_ name: String) -> VariableValue { variables[name] ?? .null }

    /// A field as `Value` (a scalar, an enum, or a list of them); nil when the store has none
    /// (or not one of that type).
    public func value<Value: SelectionValue>(_ name: String, _ arguments: [String: VariableValue] = [:]) -> Value? {
        guard let value = proxy.getValue(name, arguments: arguments), value != .null else { return nil }
        return try? Value(selectionValue: value)
    }

    /// Writes a scalar or list field; nil writes null.
    public func set(
        _ value: (some VariableValueConvertible)?, _ name: String, _ arguments: [String: VariableValue] = [:]
    ) {
        proxy.setValue(value?.variableValue ?? .null, name, arguments: arguments)
    }

    /// The record a linked field points to.
    public func linked(_ name: String, _ arguments: [String: VariableValue] = [:]) -> UpdatableRecord? {
        proxy.getLinkedRecord(name, arguments: arguments).map { UpdatableRecord($0, variables: variables) }
    }

    /// The records a plural linked field points to.
    public func linkedList(_ name: String, _ arguments: [String: VariableValue] = [:]) -> [UpdatableRecord?]? {
        proxy.getLinkedRecords(name, arguments: arguments)?.map { $0.map { UpdatableRecord($0, variables: variables) } }
    }

    /// Points a linked field at the record `pointer` names (an assignable fragment's key), or at
    /// none.
    public func assign(_ pointer: FragmentPointer?, _ name: String, _ arguments: [String: VariableValue] = [:]) {
        proxy.source.write(proxy.dataID) { record in
            record[storageKey(fieldName: name, values: arguments)] = .link(pointer?.id)
        }
    }

    /// Points a plural linked field at the records `pointers` name.
    public func assign(_ pointers: [FragmentPointer], _ name: String, _ arguments: [String: VariableValue] = [:]) {
        proxy.source.write(proxy.dataID) { record in
            record[storageKey(fieldName: name, values: arguments)] = .links(pointers.map(\.id))
        }
    }
}
