/// Reads the later payloads of a response delivered incrementally (`@defer`, `@stream`) into
/// `IncrementalPatch`es, in both forms servers send:
///
/// - the incremental-delivery proposal as graphql-js 17 and graphql-core 3.3 implement it: a
///   payload lists `pending` results (`id`, `path`, `label`); later ones carry `incremental`
///   entries (`id`, `data` or `items`, `subPath`, `errors`) and `completed` ones (`id`,
///   `errors`), and `hasNext` until the last;
/// - the earlier form, which Relay's runtime reads: `incremental` entries with their own `path`
///   and `label` (a streamed item's path ends with its index), or one such entry as the whole
///   payload.
struct IncrementalDelivery {
    /// The later payload's parts, and every error it reports.
    struct Subsequent {
        var patches: [IncrementalPatch]
        var errors: [GraphQLError]
    }

    /// Paths of the results announced as pending, by id.
    private var pending: [String: [GraphQLError.PathElement]] = [:]

    /// The patches of `response` when it is a later payload; nil for a first (or only) one,
    /// whose pending results are noted.
    mutating func subsequent(_ response: VariableValue) -> Subsequent? {
        notePending(response["pending"])
        if response["path"] != nil {
            // The earlier form's payload of one part.
            let patch = Self.patch(response, path: GraphQLError.path(in: response["path"]), earlierForm: true)
            return Subsequent(patches: patch.map { [$0] } ?? [], errors: GraphQLError.list(in: response["errors"]))
        }
        guard response["data"] == nil,
            response["incremental"] != nil || response["completed"] != nil || response["hasNext"] != nil
        else { return nil }
        var result = Subsequent(patches: [], errors: [])
        if case .list(let entries)? = response["incremental"] {
            for entry in entries {
                result.errors += GraphQLError.list(in: entry["errors"])
                let patch: IncrementalPatch?
                if case .string(let id)? = entry["id"] {
                    guard let base = pending[id] else { continue }
                    patch = Self.patch(entry, path: base + GraphQLError.path(in: entry["subPath"]), earlierForm: false)
                } else {
                    patch = Self.patch(entry, path: GraphQLError.path(in: entry["path"]), earlierForm: true)
                }
                if let patch { result.patches.append(patch) }
            }
        }
        if case .list(let entries)? = response["completed"] {
            for entry in entries {
                result.errors += GraphQLError.list(in: entry["errors"])
                if case .string(let id)? = entry["id"] { pending[id] = nil }
            }
        }
        result.errors += GraphQLError.list(in: response["errors"])
        return result
    }

    private mutating func notePending(_ value: VariableValue?) {
        guard case .list(let entries)? = value else { return }
        for entry in entries {
            guard case .string(let id)? = entry["id"] else { continue }
            pending[id] = GraphQLError.path(in: entry["path"])
        }
    }

    /// One part: deferred `data` for the object at `path`, or streamed `items` of the list
    /// there (in the earlier form, the path ends with the first item's index, and an item may
    /// come alone as `data`; `data` with a deferred fragment's label is that fragment's, on the
    /// item the path ends with).
    private static func patch(_ entry: VariableValue, path: [GraphQLError.PathElement], earlierForm: Bool)
        -> IncrementalPatch?
    {
        let errors = GraphQLError.list(in: entry["errors"])
        if case .list(let items)? = entry["items"] {
            if earlierForm, case .index(let start)? = path.last {
                return IncrementalPatch(
                    path: Array(path.dropLast()), content: .items(items, startIndex: start), errors: errors)
            }
            return IncrementalPatch(path: path, content: .items(items, startIndex: nil), errors: errors)
        }
        guard let data = entry["data"], data != .null else { return nil }
        // A deferred fragment on a list's item also has an index last: Relay tells the two by
        // the label, whose `$defer$` the compiler writes.
        if earlierForm, case .index(let start)? = path.last, !Self.isDeferLabel(entry["label"]) {
            // The earlier form's streamed item: one item, its index last in the path.
            return IncrementalPatch(
                path: Array(path.dropLast()), content: .items([data], startIndex: start), errors: errors)
        }
        return IncrementalPatch(path: path, content: .data(data), errors: errors)
    }

    private static func isDeferLabel(_ label: VariableValue?) -> Bool {
        guard case .string(let text)? = label else { return false }
        return text.contains("$defer$")
    }
}
