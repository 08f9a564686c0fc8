@_spi(RelayGenerated) import RelayContract

/// A part of a response delivered after its first payload (`@defer`, `@stream`), placed by its
/// path: the fields of deferred fragments for the object at `path`, or more items of the list
/// at `path`. The normalizer writes it where the path leads in the store, with the selections
/// the operation has there (an object's fields the patch lacks are left as they are), so it
/// needs neither the label nor the server's bookkeeping.
struct IncrementalPatch: Sendable {
    enum Content: Sendable {
        /// The fields of the object at the path.
        case data(VariableValue)
        /// Items of the list at the path; `startIndex` is the first one's index when the server
        /// says (the earlier form of the proposal puts it in the path), else they follow the
        /// items the list has.
        case items([VariableValue], startIndex: Int?)
    }

    var path: [GraphQLError.PathElement]
    var content: Content
    /// Errors of the patch, their paths from the response's root.
    var errors: [GraphQLError] = []
}

extension Normalizer {
    /// The records `patches` write into the store `existing` for an operation whose
    /// normalization selections are `selections`, applied in order (a patch may land in what an
    /// earlier one wrote); patches whose path leads nowhere in the store are skipped.
    /// A patch whose value does not fit its selections throws `RelayError.invalidShape` (its
    /// path from the response's root), and nothing of the payload is written.
    static func normalize(
        _ patches: [IncrementalPatch], selections: [NormalizationSelection], variables: VariableData,
        existing: RecordSource, idFieldName: String = "id", connectionIndex: ConnectionNodeIndex? = nil,
        handlers: FieldHandlers = .builtIn
    ) throws(RelayError) -> NormalizedPayload {
        var normalizer = Normalizer(
            variables: variables, existing: existing, idFieldName: idFieldName, connectionIndex: connectionIndex,
            handlers: handlers)
        for patch in patches {
            normalizer.apply(patch, rootSelections: selections)
            if var mismatch = normalizer.mismatch {
                mismatch.path = patch.path + mismatch.path
                throw .invalidShape(mismatch)
            }
        }
        return NormalizedPayload(records: normalizer.changes, edits: normalizer.edits, handled: normalizer.handled)
    }

    private mutating func apply(_ patch: IncrementalPatch, rootSelections: [NormalizationSelection]) {
        errorTrie = ResponseErrorTrie(
            patch.errors.compactMap { error in
                guard error.path.starts(with: patch.path) else { return nil }
                var relative = error
                relative.path = Array(error.path.dropFirst(patch.path.count))
                return relative
            })
        defer { errorTrie = nil }
        // A connection the patch lands in (streamed edges, a deferred `pageInfo`) is merged again
        // from its server record once the patch is written, the innermost first.
        defer {
            for (parent, handle, server) in connectionHandles(along: patch.path, rootSelections).reversed()
            where changes[server] != nil {
                // The handler merges what this payload changed in the server's connection.
                if changes[parent] == nil { changes[parent] = current(parent) }
                handlers.handler(for: handle)?.normalize(handle, on: parent, into: &self)
            }
        }
        switch patch.content {
        case .data(let data):
            guard case .object(let fields) = data else { return refuse(data, expected: "an object") }
            guard case .object(let id, let selections)? = target(patch.path, rootSelections) else { return }
            write(selections, from: fields, into: id)
        case .items(let items, let startIndex):
            guard case .list(let parent, let field, let storageKey, let existing)? = target(patch.path, rootSelections)
            else { return }
            let start = min(startIndex ?? existing.count, existing.count)
            var links = Array(existing.prefix(start))
            for (offset, item) in items.enumerated() {
                guard case .object(let object) = item else {
                    guard item == .null else {
                        refuse(item, expected: "an object")
                        return addToMismatchPath(.index(start + offset))
                    }
                    links.append(nil)
                    continue
                }
                let id = childID(object, parent: parent, storageKey: storageKey, index: start + offset)
                let itemTrie = errorTrie
                errorTrie = itemTrie?.child(.index(offset))
                writeObject(object, id: id, concreteType: field.concreteType, selections: field.selections)
                errorTrie = itemTrie
                if mismatch != nil { return addToMismatchPath(.index(start + offset)) }
                links.append(id)
            }
            set(.links(links), key: storageKey, on: parent)
        }
    }

    /// Where a path leads: an object's record and the selections the operation has on it, or a
    /// list field (its record, field and items so far).
    private enum Target {
        case object(DataID, [NormalizationSelection])
        case list(parent: DataID, field: NormalizationLinkedField, storageKey: String, items: [DataID?])
    }

    private func target(_ path: [GraphQLError.PathElement], _ rootSelections: [NormalizationSelection]) -> Target? {
        var id = DataID.root
        var selections = rootSelections
        var index = 0
        while index < path.count {
            guard case .key(let responseKey) = path[index],
                let field = linkedField(respondingTo: responseKey, in: selections),
                let record = current(id)
            else { return nil }
            let storageKey = key(of: field.name, field.storageKey, field.args)
            index += 1
            switch record[storageKey] {
            case .link(let linked?)?:
                id = linked
            case .links(let items)?:
                guard index < path.count else {
                    return .list(parent: id, field: field, storageKey: storageKey, items: items)
                }
                guard case .index(let position) = path[index], items.indices.contains(position),
                    let item = items[position]
                else { return nil }
                id = item
                index += 1
            default:
                return nil
            }
            selections = field.selections
        }
        return .object(id, selections)
    }

    /// The built-in connection handles of the linked fields a path goes through, with the
    /// records holding those fields and the server's connection records they link to.
    private func connectionHandles(along path: [GraphQLError.PathElement], _ rootSelections: [NormalizationSelection])
        -> [(parent: DataID, handle: NormalizationHandle, server: DataID)]
    {
        var found: [(parent: DataID, handle: NormalizationHandle, server: DataID)] = []
        var id = DataID.root
        var selections = rootSelections
        var index = 0
        while index < path.count {
            guard case .key(let responseKey) = path[index],
                let field = linkedField(respondingTo: responseKey, in: selections), let record = current(id)
            else { break }
            index += 1
            switch record[key(of: field.name, field.storageKey, field.args)] {
            case .link(let linked?)?:
                for handle in handles(of: responseKey, in: selections) where handle.handler == .connection {
                    found.append((id, handle, linked))
                }
                id = linked
            case .links(let items)?:
                guard index < path.count, case .index(let position) = path[index], items.indices.contains(position),
                    let item = items[position]
                else { return found }
                id = item
                index += 1
            default:
                return found
            }
            selections = field.selections
        }
        return found
    }

    /// The handles of the field under `responseKey` in the selections, looking where
    /// `linkedField(respondingTo:in:)` looks.
    private func handles(of responseKey: String, in selections: [NormalizationSelection]) -> [NormalizationHandle] {
        var found: [NormalizationHandle] = []
        forEachSelection(in: selections) { selection in
            if case .handle(let handle) = selection, (handle.alias ?? handle.name) == responseKey {
                found.append(handle)
            }
        }
        return found
    }

    /// The linked field the selections read under `responseKey`, looking into inline fragments
    /// and conditions that hold; the selections of every such field, merged.
    private func linkedField(respondingTo responseKey: String, in selections: [NormalizationSelection])
        -> NormalizationLinkedField?
    {
        var found: NormalizationLinkedField?
        forEachSelection(in: selections) { selection in
            guard case .linkedField(let field) = selection, (field.alias ?? field.name) == responseKey else { return }
            if found == nil { found = field } else { found?.selections += field.selections }
        }
        return found
    }

    /// Calls `body` with each field and handle of the selections, looking into inline fragments,
    /// client extensions and the conditions that hold.
    private func forEachSelection(
        in selections: [NormalizationSelection], _ body: (NormalizationSelection) -> Void
    ) {
        for selection in selections {
            switch selection {
            case .inlineFragment(let fragment): forEachSelection(in: fragment.selections, body)
            case .condition(let variable, let passingValue, let nested):
                if variables[variable] == .bool(passingValue) { forEachSelection(in: nested, body) }
            case .clientExtension(let nested): forEachSelection(in: nested, body)
            case .scalarField, .linkedField, .handle: body(selection)
            }
        }
    }
}
