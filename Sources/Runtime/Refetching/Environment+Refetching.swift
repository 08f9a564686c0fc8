@_spi(RelayGenerated) import RelayContract

extension Environment {
    /// A `@refetchable` fragment after a refetch: reading the record and variables the refetch
    /// query fetched, whose records stay in the store until `retention` is disposed.
    public struct Refetched<F: RefetchableFragment>: Sendable {
        public let fragment: F
        /// Keeps the refetch query's records; dispose it when the fragment is no longer shown.
        public let retention: Disposable
    }
}

extension Environment {
    /// Fetches the fragment again with its refetch query, as Relay's `refetch`: with the
    /// variables in the fragment's scope, then `variables` over them, and its record's `id` unless
    /// `variables` names another record. The fragment returned reads what the query fetched.
    public func refetch<F: RefetchableFragment>(
        _ fragment: F, variables: VariableData = [:], fetchPolicy: FetchPolicy = .storeOrNetwork
    ) async throws -> Environment.Refetched<F> {
        let node = F.node
        let query = UntypedOperation<F.RefetchQuery>(
            variables: refetchVariables(F.RefetchQuery.self, for: fragment.fragmentPointer, of: node, adding: variables)
        )
        let retention = retain(query)
        do {
            _ = try await fetchQuery(query, fetchPolicy: fetchPolicy)
            var refetched = fragment
            refetched.fragmentPointer = try pointer(to: node, in: query)
            return Environment.Refetched(fragment: refetched, retention: retention)
        } catch {
            retention.dispose()
            throw error
        }
    }

    /// Where the pagination fragment's connection stands now: whether there is more to load at
    /// each end.
    public func connectionState<F: PaginationFragment>(of fragment: F) -> ConnectionState {
        connectionState(of: fragment.fragmentPointer, in: F.node)
    }

    /// The state of the connection `node` reads from `pointer`'s record.
    func connectionState(of pointer: FragmentPointer, in node: ReaderFragment) -> ConnectionState {
        guard let metadata = node.metadata?.connection.first else { return .empty }
        return ConnectionState(metadata, fragment: node, pointer: pointer, in: store.visible)
    }

    /// Fetches `count` more edges of the fragment's connection in `direction` with its refetch
    /// query (the fragment's variables, `variables` over them, the page's count and cursor), and
    /// merges them into the connection, as Relay's `loadNext` / `loadPrevious`. Returns false,
    /// sending nothing, when the connection has no more edges that way.
    @discardableResult
    public func loadMore<F: PaginationFragment>(
        _ fragment: F, _ direction: ConnectionState.Direction, count: Int, variables: VariableData = [:]
    ) async throws -> Bool {
        let node = F.node
        let pointer = fragment.fragmentPointer
        guard let metadata = node.metadata?.connection.first, let paging = metadata.variables(paging: direction)
        else {
            throw RelayError.invalidPagination(
                "\(node.name)'s connection cannot be paged \(direction == .forward ? "forward" : "backward")")
        }
        let (hasMore, cursor) = connectionState(of: pointer, in: node).more(direction)
        guard hasMore, let cursor else { return false }
        var pageVariables = variables.fields
        if let other = metadata.variables(paging: direction == .forward ? .backward : .forward) {
            pageVariables[other.count] = .null
            pageVariables[other.cursor] = .null
        }
        pageVariables[paging.count] = .int(count)
        pageVariables[paging.cursor] = .string(cursor)
        let query = UntypedOperation<F.RefetchQuery>(
            variables: refetchVariables(
                F.RefetchQuery.self, for: pointer, of: node, adding: VariableData(pageVariables)))
        _ = try await fetchFromNetwork(query)
        return true
    }

    /// The refetch query's variables: those in the fragment's scope, `extra` over them, the
    /// record's identifier as `id` (unless `extra` gives one), kept to those the query uses.
    private func refetchVariables<Query: Operation>(
        _: Query.Type, for pointer: FragmentPointer, of node: ReaderFragment, adding extra: VariableData
    ) -> VariableData {
        var fields = node.variables(for: pointer).fields
        fields.merge(extra.fields) { _, new in new }
        if let identifierField = node.metadata?.refetch?.identifierField, extra["id"] == nil {
            if case .scalar(let value)? = store.visible[pointer.id]?[identifierField], value != .null {
                fields["id"] = value
            } else {
                fields["id"] = .string(pointer.id.rawValue)
            }
        }
        let used = Query.node.operation.usedVariables
        return VariableData(fields.filter { used.contains($0.key) })
    }

    /// The fragment's pointer in the refetch query's result, at the path the compiler recorded.
    private func pointer<Query: Operation>(to node: ReaderFragment, in query: UntypedOperation<Query>) throws
        -> FragmentPointer
    {
        let request = Query.node
        var reader = Reader(
            source: store.visible, variables: query.operationVariables, ownerName: request.params.name,
            resolverCache: store.resolverCache)
        var value = reader.read(request.fragment.selections, from: .root)
        for key in node.metadata?.refetch?.fragmentPathInResult ?? [] { value = value?[key] }
        guard let pointer = value?["fragment_" + node.name],
            let decoded = try? FragmentPointer(selectionValue: pointer)
        else {
            throw RelayError.missingData("\(request.params.name) found no record for \(node.name)")
        }
        return decoded
    }
}
