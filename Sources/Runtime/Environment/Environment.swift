import Foundation
@_spi(RelayGenerated) import RelayContract

/// Runs generated operations: sends them through a `Network`, writes responses into the
/// normalized store, reads operations and fragments back as their generated `Data`, applies
/// optimistic updates as layers, and tells subscribers when what they read changed.
///
/// A facade, after relay-runtime's environment: requests go through the `OperationExecutor`
/// (network → parse → normalize → publish), writes and subscriptions through the `RecordStore`
/// (its `PublishQueue` keeps the optimistic layers), reads through a `ReaderSelector`.
///
/// Thread-safe: every method may be called from any task.
public final class Environment: Sendable {
    /// Where requests go (`Configuration.network`), without the middleware around it.
    public let network: any Network
    /// The field that identifies records (`id`).
    public let idFieldName: String
    let store: RecordStore
    let executor: OperationExecutor
    let inFlight = InFlightRequests()
    let clientEdgeFetches = ClientEdgeFetches()

    /// What the environment was built from.
    public let configuration: Configuration
    /// The mutations waiting for the network (empty unless `offlineMutations` was configured).
    public let mutationQueue: MutationQueue

    /// Told of field-level events where code reads data (`Configuration.fieldLogger`).
    public var fieldLogger: (@Sendable (Environment.FieldLogEvent) -> Void)? { configuration.fieldLogger }
    /// How long a query's response counts as fresh, in seconds; nil for until invalidated.
    public var queryCacheExpirationTime: TimeInterval? { configuration.queryCacheExpirationTime }

    /// An environment built from `configuration`: its store (read from `storage` when there is
    /// one), its executor, and its offline queue (restored, and sent when it holds mutations).
    public init(_ configuration: Configuration) {
        self.configuration = configuration
        network = configuration.network
        idFieldName = configuration.idFieldName
        let log = EventLog(configuration.log)
        let resolvers = ResolverCache()
        let store = RecordStore(configuration, resolvers: resolvers, log: log)
        // A live Relay Resolver's change re-reads the subscriptions that read it.
        resolvers.setLiveChangeHandler { [weak store] id in store?.notifyReaders(of: [id]) }
        self.store = store
        executor = OperationExecutor(
            network: MiddlewareNetwork.wrapping(network, in: configuration.networkMiddleware), store: store,
            idFieldName: idFieldName, log: log)
        mutationQueue = MutationQueue(
            configuration: configuration.offlineMutations, now: configuration.now,
            onStorageFailure: configuration.onStorageFailure, log: log)
        mutationQueue.start(sendingWith: executor)
    }

    /// An environment sending operations through `network`, with the settings `configure`
    /// changes from their defaults (`Environment.Configuration`):
    /// `Environment(network: network) { $0.releaseBufferSize = 0 }`.
    public convenience init(network: any Network, configure: (inout Configuration) -> Void = { _ in }) {
        var configuration = Configuration(network: network)
        configure(&configuration)
        self.init(configuration)
    }

    // MARK: Retaining and garbage collection

    /// Keeps the operation's records in the store until the returned value is disposed. Every
    /// record no retained operation (or buffered released one, or live subscription) reaches
    /// is removed by the next garbage collection.
    public func retain<Op: Operation>(_ operation: Op) -> Disposable {
        let root = Retention.Root(
            selections: Op.node.operation.selections, variables: operation.operationVariables,
            key: OperationIdentity.of(operation))
        let id = store.retain(root)
        return Disposable { [weak store] in store?.release(id) }
    }

    /// Removes the records nothing reaches now. Runs by itself when a retained operation is
    /// disposed; while optimistic mutations are in flight it waits until they finish.
    /// Returns how many records were removed.
    @discardableResult
    public func collectGarbage() -> Int {
        store.collectGarbage()
    }
}
