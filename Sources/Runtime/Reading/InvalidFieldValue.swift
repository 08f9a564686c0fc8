@_spi(RelayGenerated) import RelayContract

extension RelayError {
    /// A value in the store that is there but does not convert to the Swift type its field is
    /// generated with: a custom scalar that does not parse (`"yesterday"` for a `Date`), or a
    /// server answering a field with the wrong JSON type. Unlike missing data, fetching again does
    /// not help; the error names what to fix.
    public struct InvalidFieldValue: Error, Hashable, Sendable, CustomStringConvertible {
        /// The record holding the field; nil when it could not be traced (a value inside a list of lists).
        public var record: DataID?
        /// The field's storage key (`startsAt`, `price(currency:"EUR")`).
        public var field: String?
        /// Response keys and list indices from the read's root to the value (`events.0.startsAt`).
        public var path: [String]
        /// The value the store holds.
        public var value: VariableValue
        /// The Swift type it should have become (`Date`).
        public var type: String
        /// Why it did not (`not an ISO 8601 date and time`).
        public var reason: String

        public init(
            record: DataID?, field: String?, path: [String], value: VariableValue, type: String, reason: String
        ) {
            self.record = record
            self.field = field
            self.path = path
            self.value = value
            self.type = type
            self.reason = reason
        }

        public var description: String {
            let place = [
                field, record.map { "of record \($0)" }, path.isEmpty ? nil : "at " + path.joined(separator: "."),
            ]
            .compactMap { $0 }.joined(separator: " ")
            return
                "\(place.isEmpty ? "a value" : place) holds \(value.stableJSON), which does not convert to \(type): \(reason)"
        }
    }
}

/// What reading a `SelectionValue` throws for a non-null value that does not convert: the response keys to
/// it, before the reader traces them back to a record.
struct ValueConversionFailure: Error {
    var path: [String]
    var value: VariableValue
    var type: String
    var reason: String
}

extension ReaderSelector {
    /// `failure` with the record and field its path leads to from this selector's record,
    /// following the same links the reader followed.
    func invalidValue(_ failure: ValueConversionFailure, in source: RecordSource) -> RelayError.InvalidFieldValue {
        var record: DataID? = dataID
        var field: String?
        var selections = self.selections
        var remaining = failure.path[...]
        while let key = remaining.popFirst(), let id = record, let current = source[id] {
            let found = selections.field(respondingTo: key, variables: variables)
            switch found {
            case .scalarField(let scalar)?:
                field =
                    scalar.storageKey
                    ?? storageKey(fieldName: scalar.name, arguments: scalar.args, variables: variables)
            case .linkedField(let linked)?:
                let storage =
                    linked.storageKey
                    ?? storageKey(fieldName: linked.name, arguments: linked.args, variables: variables)
                record = Self.follow(current[storage], index: &remaining)
                selections = linked.selections
                continue
            default:
                record = nil
            }
            break
        }
        return RelayError.InvalidFieldValue(
            record: field == nil ? nil : record, field: field, path: failure.path, value: failure.value,
            type: failure.type, reason: failure.reason)
    }

    /// The record a link leads to; for a list of links, the one the next path element indexes.
    private static func follow(_ value: Record.Value?, index remaining: inout ArraySlice<String>) -> DataID? {
        switch value {
        case .link(let linked)?: return linked
        case .links(let linked)?:
            guard let index = remaining.popFirst().flatMap({ Int($0) }), linked.indices.contains(index) else {
                return nil
            }
            return linked[index]
        default: return nil
        }
    }
}
