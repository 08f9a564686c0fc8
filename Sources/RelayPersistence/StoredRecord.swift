import Foundation
import Relay

/// A record as one row holds it: JSON of its type name, its fields (each tagged: a scalar `s`, a
/// link `l`, links `L`) and the errors the response left on its fields. A whole float reads
/// back as an integer, as it does from a response's JSON.
enum StoredRecord {
    static func encode(_ record: Record) -> String {
        var fields: [String: VariableValue] = [:]
        for (key, value) in record.fields {
            switch value {
            case .scalar(let scalar): fields[key] = .list([.string("s"), scalar])
            case .link(let id): fields[key] = .list([.string("l"), id.map { .string($0.rawValue) } ?? .null])
            case .links(let ids):
                fields[key] = .list([.string("L"), .list(ids.map { $0.map { .string($0.rawValue) } ?? .null })])
            }
        }
        var object: [String: VariableValue] = ["f": .object(fields)]
        if let typename = record.typename { object["t"] = .string(typename) }
        if !record.errors.isEmpty { object["e"] = .object(record.errors.mapValues { .list($0.map(encode)) }) }
        return VariableValue.object(object).stableJSON
    }

    /// The record of id `id` in `text`; throws when the text is not one.
    static func decode(_ text: String, id: DataID) throws -> Record {
        let value = try VariableValue.parse(Data(text.utf8))
        guard case .object(let object) = value, case .object(let fields)? = object["f"] else {
            throw SQLiteRecordStorage.Problem.unreadable(path: "", reason: "the record \(id) is not stored JSON")
        }
        var record = Record(id: id)
        if case .string(let typename)? = object["t"] { record.typename = typename }
        for (key, field) in fields {
            guard case .list(let tagged) = field, tagged.count == 2, case .string(let tag) = tagged[0] else {
                throw SQLiteRecordStorage.Problem.unreadable(
                    path: "", reason: "the field \(key) of \(id) is not stored JSON")
            }
            switch (tag, tagged[1]) {
            case ("s", let scalar): record.fields[key] = .scalar(scalar)
            case ("l", .string(let linked)): record.fields[key] = .link(DataID(linked))
            case ("l", _): record.fields[key] = .link(nil)
            case ("L", .list(let items)):
                record.fields[key] = .links(items.map { if case .string(let id) = $0 { DataID(id) } else { nil } })
            default:
                throw SQLiteRecordStorage.Problem.unreadable(
                    path: "", reason: "the field \(key) of \(id) is not stored JSON")
            }
        }
        if case .object(let errors)? = object["e"] {
            for (key, list) in errors {
                guard case .list(let items) = list else { continue }
                record.errors[key] = items.compactMap(decodeError)
            }
        }
        return record
    }

    private static func encode(_ error: GraphQLError) -> VariableValue {
        let path: [VariableValue] = error.path.map {
            switch $0 {
            case .key(let key): .string(key)
            case .index(let index): .int(index)
            }
        }
        let locations: [VariableValue] = error.locations.map { .list([.int($0.line), .int($0.column)]) }
        return .object(["m": .string(error.message), "p": .list(path), "l": .list(locations)])
    }

    private static func decodeError(_ value: VariableValue) -> GraphQLError? {
        guard case .object(let object) = value, case .string(let message)? = object["m"] else { return nil }
        var error = GraphQLError(message: message)
        if case .list(let path)? = object["p"] {
            error.path = path.compactMap {
                switch $0 {
                case .string(let key): .key(key)
                case .int(let index): .index(index)
                default: nil
                }
            }
        }
        if case .list(let locations)? = object["l"] {
            error.locations = locations.compactMap {
                guard case .list(let pair) = $0, pair.count == 2, case .int(let line) = pair[0],
                    case .int(let column) = pair[1]
                else { return nil }
                return GraphQLError.Location(line: line, column: column)
            }
        }
        return error
    }
}
