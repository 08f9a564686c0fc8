@_spi(RelayGenerated) import RelayContract

/// Runs one request, after relay-runtime's `OperationExecutor`: network → parse → normalize →
/// publish, for every payload the network delivers, and the optimistic side of a mutation (a
/// layer applied before the request and removed with the first payload, or when the request
/// fails or is cancelled).
struct OperationExecutor: Sendable {
    let network: any Network
    let store: RecordStore
    /// The field that identifies records (`id`).
    let idFieldName: String
    let log: EventLog

    /// A payload once it is in the store: the operation's data as that write left it, and the
    /// errors that came with it (partial data).
    struct Response<Data: Sendable>: Sendable {
        let snapshot: Snapshot<Data>
        let errors: [GraphQLError]
    }

    /// Sends the operation; each payload is normalized and published (with `updater`) as it
    /// arrives, then handed to `onResponse`. Returns the last response.
    ///
    /// The optimistic layer `optimisticLayer` is removed in the same write as the first payload,
    /// or, before this returns, when the request fails, is cancelled or ends without a payload.
    /// Cancelling the calling task cancels the request and throws `CancellationError`. A
    /// failure before any payload that `keepsLayerOn` accepts leaves the layer in place (a
    /// mutation that waits for the network keeps showing its optimistic response).
    @discardableResult
    func execute<Op: Operation>(
        _ operation: Op, updater: Updater? = nil, optimisticLayer: Int? = nil,
        onResponse: (Response<Op.Data>) throws -> Void = { _ in }, keepsLayerOn: (any Error) -> Bool = { _ in false }
    ) async throws -> Response<Op.Data> {
        var layer = optimisticLayer
        defer { if let layer { store.removeLayer(layer) } }
        let executeID = log.nextExecuteID()
        log(
            .executeStart(executeID: executeID, operation: Op.node.params.name, variables: operation.operationVariables)
        )
        do {
            let response = try await execute(
                operation, updater: updater, layer: &layer, executeID: executeID,
                onResponse: {
                    log(.executeNext(executeID: executeID))
                    try onResponse($0)
                })
            log(.executeComplete(executeID: executeID))
            return response
        } catch {
            log(.executeError(executeID: executeID, error: error))
            if layer != nil && keepsLayerOn(error) { layer = nil }
            throw error
        }
    }

    /// `execute`, with the layer still to remove in `layer` (nil once a payload removed it).
    private func execute<Op: Operation>(
        _ operation: Op, updater: Updater?, layer: inout Int?, executeID: Int,
        onResponse: (Response<Op.Data>) throws -> Void
    ) async throws -> Response<Op.Data> {
        if let problem = Op.node.artifactProblem { throw RelayError.invalidArtifact(problem) }
        if Op.node.params.isClientOnly {
            // Client schema extensions only: nothing to send; the store (with `updater`'s
            // change) is the answer.
            let source =
                layer == nil && updater == nil
                ? store.visible
                : store.publish(finishing: layer, operation: OperationIdentity.of(operation)) { _ in
                    (RecordSource(), updater.map { run in { run($0, nil) } })
                }
            layer = nil
            let response = Response(
                snapshot: ReaderSelector(operation).read(from: source, resolverCache: store.resolverCache), errors: [])
            try onResponse(response)
            return response
        }
        var last: Response<Op.Data>?
        var delivery = IncrementalDelivery()
        let variables = Self.serverVariables(of: operation)
        log(.networkStart(executeID: executeID, operation: Op.node.params.name, variables: variables))
        let payloads = network.payloads(request: Op.node.params, variables: variables)
        do {
            for try await bytes in payloads.logged(to: log, executeID: executeID) {
                let (source, errors) = try publish(
                    payload: try VariableValue.parse(bytes), of: operation, delivery: &delivery,
                    afterFirst: last != nil, updater: updater, finishing: &layer)
                let published = Response(
                    snapshot: ReaderSelector(operation).read(from: source, resolverCache: store.resolverCache),
                    errors: errors)
                last = published
                try onResponse(published)
            }
        } catch let error as RelayError where Op.node.params.isIncremental {
            // A server without incremental delivery rejects the directives: say so.
            throw RelayError.explainingIncrementalDeliveryRefusal(error)
        }
        guard let last else {
            // A cancelled consumer's stream ends early, without the network's error.
            try Task.checkCancellation()
            if Op.node.params.operationKind == .subscription {
                // The server completed the subscription before any event: nothing to write.
                return Response(
                    snapshot: ReaderSelector(operation).read(from: store.visible, resolverCache: store.resolverCache),
                    errors: [])
            }
            throw RelayError.invalidResponse("the network delivered no response")
        }
        return last
    }

    /// Writes one payload of `operation`'s response: its first (or only) one with `updater`,
    /// removing the layer `finishing`; after it, a later part of an incremental response
    /// (`@defer`, `@stream`). Returns the source as the write left it, and the payload's errors.
    func publish<Op: Operation>(
        payload value: VariableValue, of operation: Op, delivery: inout IncrementalDelivery, afterFirst: Bool,
        updater: Updater?, finishing layer: inout Int?
    ) throws -> (RecordSource, [GraphQLError]) {
        if let subsequent = delivery.subsequent(value) {
            guard afterFirst else {
                throw RelayError.invalidResponse("a later part of the response came before its first payload")
            }
            return (try publish(operation, patches: subsequent.patches), subsequent.errors)
        }
        let response = try GraphQLResponse(value, catchesFieldErrors: Op.node.fragment.catchTo != nil)
        let source = try publish(
            operation, data: response.data, errors: response.errors, updater: updater, finishing: layer)
        layer = nil
        return (source, response.errors)
    }

    /// The variables the server gets: the operation's, without those only the store uses.
    private static func serverVariables<Op: Operation>(of operation: Op) -> VariableData {
        var variables = operation.operationVariables
        for name in Op.node.params.clientVariables { variables.fields[name] = nil }
        return variables
    }

    /// Writes a response's `data` for the operation into the store's base, with the edits its
    /// directives ask for and then `updater`; removes the layer `finishing` in the same write.
    /// The response's field `errors` stay with the fields they name. Returns the source as the
    /// write left it. Data that does not fit the operation throws `RelayError.invalidShape` and
    /// writes nothing (the layer stays for the caller to remove).
    @discardableResult
    func publish<Op: Operation>(
        _ operation: Op, data: VariableValue, errors: [GraphQLError] = [], updater: Updater? = nil,
        finishing: Int? = nil
    ) throws(RelayError) -> RecordSource {
        try store.publish(finishing: finishing, operation: OperationIdentity.of(operation)) {
            base throws(RelayError) in
            let payload = try normalize(data, for: operation, existing: base, errors: errors)
            return (payload.records, Self.storeUpdater(payload, updater, data: data))
        }
    }

    /// Writes the later parts of an incremental response where their paths lead, with the edits
    /// their directives ask for. Returns the source as the write left it. As in Relay, only the
    /// first payload counts as writing the operation: an invalidation between the parts leaves
    /// it stale.
    private func publish<Op: Operation>(_ operation: Op, patches: [IncrementalPatch]) throws(RelayError)
        -> RecordSource
    {
        try store.publish(finishing: nil, operation: nil) {
            base throws(RelayError) in
            let payload = try Normalizer.normalize(
                patches, selections: Op.node.operation.selections, variables: operation.operationVariables,
                existing: base, idFieldName: idFieldName, connectionIndex: store.connectionIndex,
                handlers: store.handlers)
            return (payload.records, Self.storeUpdater(payload, nil, data: nil))
        }
    }

    /// Applies an optimistic response and/or updater as a layer over what readers see; returns
    /// the layer's id, or nil when there is nothing to apply.
    func applyOptimistic<Op: Operation>(_ operation: Op, data: VariableValue?, updater: Updater?) throws(RelayError)
        -> Int?
    {
        guard data != nil || updater != nil else { return nil }
        return try store.addLayer { visible throws(RelayError) in
            let payload = try data.map { data throws(RelayError) in
                try normalize(data, for: operation, existing: visible)
            }
            return (payload?.records, Self.storeUpdater(payload, updater, data: data))
        }
    }

    /// The records a response's `data` for the operation writes, given the store `existing`,
    /// and the edits its directives ask for.
    private func normalize<Op: Operation>(
        _ data: VariableValue, for operation: Op, existing: RecordSource, errors: [GraphQLError] = []
    ) throws(RelayError) -> NormalizedPayload {
        try Normalizer.normalize(
            data, rootID: .root, rootType: nil, selections: Op.node.operation.selections,
            variables: operation.operationVariables, existing: existing, idFieldName: idFieldName,
            connectionIndex: store.connectionIndex, handlers: store.handlers, errors: errors)
    }

    /// One updater running the app's handlers of the response's fields, its declarative edits,
    /// then the caller's `updater` (which
    /// sees the response's root fields); nil when there is nothing to run.
    private static func storeUpdater(_ payload: NormalizedPayload?, _ updater: Updater?, data: VariableValue?)
        -> RecordStore.StoreUpdater?
    {
        let edits = payload?.edits ?? []
        let handled = payload?.handled ?? []
        guard !edits.isEmpty || !handled.isEmpty || updater != nil else { return nil }
        let rootFields = rootFields(payload?.records)
        return { proxy in
            proxy.setRootFields(rootFields)
            for field in handled { field.handler.update(proxy, field.payload) }
            for edit in edits { edit.apply(to: proxy) }
            updater?(proxy, data)
        }
    }

    /// The records the root fields of a response point to, for `getRootField`.
    private static func rootFields(_ payload: RecordSource?) -> [String: DataID?] {
        guard let root = payload?[.root] else { return [:] }
        var fields: [String: DataID?] = [:]
        for (key, value) in root.fields {
            guard case .link(let id) = value else { continue }
            let name = key.split(separator: "(", maxSplits: 1).first.map(String.init) ?? key
            fields[name] = id
            fields[key] = id
        }
        return fields
    }
}
