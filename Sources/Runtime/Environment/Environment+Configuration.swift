import Foundation

extension Environment {
    /// Everything an environment is built from, after relay-runtime's `EnvironmentConfig`: the
    /// network, and each feature's settings, all but the network with a default. Build one,
    /// set what the app needs, and hand it to `Environment(_:)`:
    ///
    /// ```swift
    /// var configuration = Environment.Configuration(network: network)
    /// configuration.queryCacheExpirationTime = 5 * 60
    /// let environment = Environment(configuration)
    /// ```
    ///
    /// or `Environment(network: network) { $0.queryCacheExpirationTime = 5 * 60 }`.
    public struct Configuration: Sendable {
        /// Where operations are sent.
        public var network: any Network
        /// Steps every request goes through on its way to `network` and back (logging,
        /// authentication, retries), the first outermost.
        public var networkMiddleware: [any NetworkMiddleware] = []
        /// The field that identifies records (`id`).
        public var idFieldName = "id"
        /// How many released operations keep their data reachable after `dispose()`, so
        /// returning to a screen just left needs no network (Relay's `gcReleaseBufferSize`).
        public var releaseBufferSize = 10
        /// How long, in seconds, a query's response counts as fresh (Relay's
        /// `queryCacheExpirationTime`): data that old is stale, and `storeOrNetwork` fetches it
        /// again. Nil: data is fresh until invalidated.
        public var queryCacheExpirationTime: TimeInterval?
        /// The clock fetch times and queued mutations are dated by (a test sets its own).
        public var now: @Sendable () -> Date = Date.init
        /// The app's handler for a handle name (Relay's `handlerProvider`), for handles other
        /// than `@connection`'s and the declarative edits', whose handlers are built in.
        public var handlerProvider: (@Sendable (String) -> (any CustomFieldHandler)?)?
        /// Where to find fields the store lacks from records it has (relay-runtime's
        /// `missingFieldHandlers`): `[.node, .rootField("user")]` serves `node(id:)` and
        /// `user(id:)` from records other queries wrote. None by default, as in Relay.
        public var missingFieldHandlers: [MissingFieldHandler] = []
        /// Told of field-level events where code reads data (Relay's `relayFieldLogger`): a
        /// `@required(action: LOG)` field found null, a field error.
        public var fieldLogger: (@Sendable (FieldLogEvent) -> Void)?
        /// Told what the runtime does, event by event (relay-runtime's `log`): executions, network
        /// requests and responses, store writes, notifications, garbage collection and the offline
        /// queue. Nil: nothing is built to tell.
        public var log: (@Sendable (LogEvent) -> Void)?
        /// Where the server's data outlives the process (`RelayPersistence`'s
        /// `SQLiteRecordStorage`): read when the environment is built, then written write by write.
        public var storage: (any RecordStorage)?
        /// Told when storage (the records', or the offline queue's) cannot be read or written;
        /// the environment then goes on in memory, and stops writing to it.
        public var onStorageFailure: @Sendable (any Error) -> Void = { _ in }
        /// Which mutations wait for the network when the server cannot be reached, rather than
        /// fail, and where they are saved (`Environment.mutationQueue` holds them).
        public var offlineMutations: OfflineMutations?

        public init(network: any Network) {
            self.network = network
        }
    }
}
