@_spi(RelayGenerated) import Relay

extension MockPayloadGenerator {
    /// The response to `operation` as a server delivers it: for an operation with `@defer` or
    /// `@stream` (its artifact made with `testSupport`), the first payload, then each deferred
    /// fragment and each streamed item after `initialCount` as a part of its own, outer before
    /// inner, in document order (the form Relay's runtime reads: `path`, `label`, `data` or
    /// `items`, `hasNext`); otherwise the one payload `{"data": …}`.
    public func payloads<Op: Relay.Operation>(for operation: Op) -> [VariableValue] {
        payloads(for: Op.self, variables: operation.operationVariables, data: data(for: operation))
    }

    /// `data`, a whole response of `Op` run with `variables`, in the parts a server sends.
    func payloads<Op: Relay.Operation>(for _: Op.Type, variables: VariableData, data: VariableValue)
        -> [VariableValue]
    {
        guard let delivery = Op.node.testIncremental else { return [.object(["data": data])] }
        var values = variables
        for (name, value) in Op.node.operation.variableDefaults where values.fields[name] == nil {
            values.fields[name] = value
        }
        return MockIncrementalParts(delivery, variables: values).payloads(data)
    }
}

/// Splits a whole response into a server's parts by an artifact's `MockIncrementalDelivery`: each
/// part sends the fields its selections have (a field of no part's — a client schema
/// extension's — goes with the object it is on), a streamed list's payload its first
/// `initialCount` items. A part whose `if:` variable is false is no part: its fields go with the
/// part around it.
struct MockIncrementalParts {
    private let delivery: MockIncrementalDelivery
    /// Each part delivered apart (by index), and the part each one's fields go with (nil: the first payload).
    private let owner: [Int?]
    private let delivered: [Bool]
    /// The fields each delivered part sends (nil: the first payload), and those of any part.
    private var fields: [Int?: Set<String>] = [:]
    private let known: Set<String>
    /// The first items of streamed lists each part sends: count by list path.
    private var initialCounts: [Int?: [String: Int]] = [:]

    init(_ delivery: MockIncrementalDelivery, variables: VariableData) {
        self.delivery = delivery
        let delivered = delivery.parts.map { part in
            part.condition.map { variables[$0] == .bool(true) } ?? true
        }
        var owner: [Int?] = []
        for part in delivery.parts {
            var parent = part.parent
            while let index = parent, !delivered[index] { parent = owner[index] }
            owner.append(parent)
        }
        self.delivered = delivered
        self.owner = owner
        fields[nil] = Set(delivery.fields)
        var known = Set(delivery.fields)
        for (index, part) in delivery.parts.enumerated() {
            switch part.kind {
            case .deferred(let partFields):
                known.formUnion(partFields)
                fields[delivered[index] ? index : owner[index], default: []].formUnion(partFields)
            case .streamed(let initialCount) where delivered[index]:
                let count: Int
                switch initialCount {
                case .literal(let literal): count = literal
                case .variable(let name):
                    if case .int(let value)? = variables[name] { count = value } else { count = 0 }
                }
                initialCounts[owner[index], default: [:]][part.path] = max(0, count)
            case .streamed:
                continue
            }
        }
        self.known = known
    }

    func payloads(_ data: VariableValue) -> [VariableValue] {
        var payloads: [VariableValue] = [.object(["data": project(data, path: "", part: nil)])]
        for (index, part) in delivery.parts.enumerated() where delivered[index] {
            switch part.kind {
            case .deferred:
                for (location, object) in Self.locations(of: part.path, in: data, expandingLast: true) {
                    let sent = project(object, path: part.path, part: index)
                    guard case .object(let fields) = sent, !fields.isEmpty else { continue }
                    payloads.append(
                        .object(["path": .list(location), "label": .string(part.label), "data": sent]))
                }
            case .streamed:
                let count = initialCounts[owner[index]]?[part.path] ?? 0
                for (location, list) in Self.locations(of: part.path, in: data, expandingLast: false) {
                    guard case .list(let items) = list, items.count > count else { continue }
                    for (offset, item) in items.enumerated().dropFirst(count) {
                        payloads.append(
                            .object([
                                "path": .list(location + [.int(offset)]), "label": .string(part.label),
                                "items": [project(item, path: part.path, part: owner[index])],
                            ]))
                    }
                }
            }
        }
        for index in payloads.indices {
            guard case .object(var payload) = payloads[index] else { continue }
            payload["hasNext"] = .bool(index < payloads.count - 1)
            payloads[index] = .object(payload)
        }
        return payloads
    }

    /// What part `part` sends of `value`, found at `path`.
    private func project(_ value: VariableValue, path: String, part: Int?) -> VariableValue {
        switch value {
        case .object(let object):
            var sent: [String: VariableValue] = [:]
            let partFields = fields[part] ?? []
            for (key, field) in object {
                let fieldPath = path.isEmpty ? key : path + "." + key
                guard partFields.contains(fieldPath) || !known.contains(fieldPath) else { continue }
                if let count = initialCounts[part]?[fieldPath], case .list(let items) = field {
                    sent[key] = .list(items.prefix(count).map { project($0, path: fieldPath, part: part) })
                } else {
                    sent[key] = project(field, path: fieldPath, part: part)
                }
            }
            return .object(sent)
        case .list(let items):
            return .list(items.map { project($0, path: path, part: part) })
        default:
            return value
        }
    }

    /// Where `path` leads in `data`, through every item of the lists on the way (and of the last
    /// one when `expandingLast`): each response path with the value there.
    private static func locations(of path: String, in data: VariableValue, expandingLast: Bool)
        -> [([VariableValue], VariableValue)]
    {
        var found: [([VariableValue], VariableValue)] = [([], data)]
        let keys = path.isEmpty ? [] : path.split(separator: ".").map(String.init)
        for (depth, key) in keys.enumerated() {
            var next: [([VariableValue], VariableValue)] = []
            for (location, value) in found {
                guard case .object(let object) = value, let field = object[key], field != .null else { continue }
                let fieldLocation = location + [.string(key)]
                if case .list(let items) = field, expandingLast || depth < keys.count - 1 {
                    for (index, item) in items.enumerated() where item != .null {
                        next.append((fieldLocation + [.int(index)], item))
                    }
                } else {
                    next.append((fieldLocation, field))
                }
            }
            found = next
        }
        return found
    }
}
