@_spi(RelayGenerated) import Relay

/// Compares data read from the store with the response it was written from. The read data is
/// the reader's tree: response keys as in the response, each spread fragment a pointer under
/// `fragment_<Name>`. Keys the response lacks (client fields, Relay Resolvers, `__id`) are
/// not compared; fragments are compared when they are read.
enum SentReadComparison {
    struct Difference {
        let path: [String]
        let message: String
    }

    /// Where `read` is not `sent`. `nullsAllowed`: a null read where an object was sent is a
    /// `@required` null bubbling up, as the app asked.
    static func differences(read: VariableValue, sent: VariableValue, fragments: Set<String>, nullsAllowed: Bool)
        -> [Difference]
    {
        var found: [Difference] = []
        compare(read, sent, path: [], fragments: fragments, nullsAllowed: nullsAllowed, into: &found)
        return found
    }

    private static func compare(
        _ read: VariableValue, _ sent: VariableValue, path: [String], fragments: Set<String>, nullsAllowed: Bool,
        into found: inout [Difference]
    ) {
        switch (read, sent) {
        case (.object(let readFields), .object(let sentFields)):
            for key in readFields.keys.sorted() {
                guard let value = readFields[key] else { continue }
                if key.hasPrefix("fragment_") {
                    // A pointer to a fragment read later; an `@inline` fragment's data is the
                    // record's own fields.
                    if fragments.contains(String(key.dropFirst(9))) { continue }
                    if case .object = value {
                        compare(value, sent, path: path, fragments: fragments, nullsAllowed: nullsAllowed, into: &found)
                    }
                    continue
                }
                guard let sentValue = sentFields[key] else { continue }
                compare(
                    value, sentValue, path: path + [key], fragments: fragments, nullsAllowed: nullsAllowed,
                    into: &found)
            }
        case (.list(let readItems), .list(let sentItems)):
            guard readItems.count == sentItems.count else {
                found.append(Difference(path: path, message: "\(readItems.count) items read, \(sentItems.count) sent"))
                return
            }
            for (index, (item, sentItem)) in zip(readItems, sentItems).enumerated() {
                compare(
                    item, sentItem, path: path + [String(index)], fragments: fragments, nullsAllowed: nullsAllowed,
                    into: &found)
            }
        case (.null, _) where nullsAllowed:
            return
        default:
            if read != sent {
                found.append(Difference(path: path, message: "read \(brief(read)), sent \(brief(sent))"))
            }
        }
    }

    /// Calls `visit` with each pointer to one of `fragments` in `read`, with the data sent for
    /// the record it points to and its path.
    static func walkPointers(
        _ read: VariableValue, sent: VariableValue, path: [String], fragments: Set<String>,
        visit: (String, VariableValue, VariableValue, [String]) -> Void
    ) {
        switch (read, sent) {
        case (.object(let readFields), .object(let sentFields)):
            for key in readFields.keys.sorted() {
                guard let value = readFields[key] else { continue }
                if key.hasPrefix("fragment_") {
                    let name = String(key.dropFirst(9))
                    if fragments.contains(name) {
                        visit(name, value, sent, path)
                    } else if case .object = value {
                        walkPointers(value, sent: sent, path: path, fragments: fragments, visit: visit)
                    }
                    continue
                }
                guard let sentValue = sentFields[key] else {
                    // A key no response has: an `@alias`ed spread or inline fragment wraps the
                    // same record's data, its pointers the same record's.
                    if case .object = value {
                        walkPointers(value, sent: sent, path: path, fragments: fragments, visit: visit)
                    }
                    continue
                }
                walkPointers(value, sent: sentValue, path: path + [key], fragments: fragments, visit: visit)
            }
        case (.list(let readItems), .list(let sentItems)):
            for (index, (item, sentItem)) in zip(readItems, sentItems).enumerated() {
                walkPointers(item, sent: sentItem, path: path + [String(index)], fragments: fragments, visit: visit)
            }
        default:
            return
        }
    }

    private static func brief(_ value: VariableValue) -> String {
        let text = value.stableJSON
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}
