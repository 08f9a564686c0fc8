/// `NodeWriter`'s members for tests (`testSelectionTypes`, `testIncremental`), each on a line of
/// its own after the request's `params`; nothing when the request has none.
extension NodeWriter {
    mutating func testSupport(_ request: ConcreteRequest) {
        if !request.testSelectionTypes.isEmpty {
            text += ",\n"
            hasMember = false
            key(.testSelectionTypes)
            testSelectionTypes(request.testSelectionTypes)
        }
        if let delivery = request.testIncremental {
            text += ",\n"
            hasMember = false
            key(.testIncremental)
            incremental(delivery)
        }
    }

    private mutating func testSelectionTypes(_ types: [String: MockSelectionType]) {
        object { writer in
            for path in types.keys.sorted() {
                guard let type = types[path] else { continue }
                writer.key(path)
                writer.object { entry in
                    entry.member(.type, type.type)
                    entry.flag(.plural, type.plural)
                    if !type.nullable {
                        entry.key(.nullable)
                        entry.text += "false"
                    }
                    if !type.enumValues.isEmpty { entry.strings(.enumValues, type.enumValues) }
                    if !type.possibleTypes.isEmpty { entry.strings(.possibleTypes, type.possibleTypes) }
                }
            }
        }
    }

    private mutating func incremental(_ delivery: MockIncrementalDelivery) {
        object { writer in
            writer.strings(.fields, delivery.fields)
            writer.list(.parts, delivery.parts) { writer, part in
                writer.object { entry in
                    switch part.kind {
                    case .deferred(let fields):
                        entry.member(.kind, "Defer")
                        entry.strings(.fields, fields)
                    case .streamed(.literal(let count)):
                        entry.member(.kind, "Stream")
                        entry.key(.count)
                        entry.text += String(count)
                    case .streamed(.variable(let name)):
                        entry.member(.kind, "Stream")
                        entry.member(.variableName, name)
                    }
                    entry.member(.label, part.label)
                    entry.member(.path, part.path)
                    entry.member(.condition, part.condition)
                    if let parent = part.parent {
                        entry.key(.parent)
                        entry.text += String(parent)
                    }
                }
            }
        }
    }
}
