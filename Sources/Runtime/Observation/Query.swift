import Observation
@_spi(RelayGenerated) import RelayContract

/// A query as the UI uses it (`@Query`): loads the operation with a fetch policy, keeps its
/// records retained, and follows the store, so a mutation or another query that changes a record
/// it reads updates `state` at once. `@Observable`, so SwiftUI views and any other observer
/// update with it.
@MainActor
@Observable
public final class Query<Operation: Relay.Operation> {
    /// What the view shows: still loading, failed, or the data (nil when the server had none).
    public enum State {
        case loading
        case failure(Error)
        case success(Operation.Data?)
    }

    public let environment: Environment
    public private(set) var state: State = .loading
    public private(set) var variables: Operation.Variables
    public private(set) var fetchPolicy: FetchPolicy
    @ObservationIgnored private var retained: Disposable?
    @ObservationIgnored private var following: Task<Void, Never>?
    @ObservationIgnored private var loading: Task<Void, Never>?
    /// Counts loads, so an older load's answer never overwrites a newer one's.
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private var reporter = SnapshotReporter()
    /// The load's policy does not show what the store has until the request's response is written.
    @ObservationIgnored private var waitsForResponse = false

    /// Starts loading at once.
    public init(
        environment: Environment, variables: Operation.Variables, fetchPolicy: FetchPolicy = .storeOrNetwork
    ) {
        self.environment = environment
        self.variables = variables
        self.fetchPolicy = fetchPolicy
        load()
    }

    isolated deinit {
        stop()
    }

    /// The data when loaded.
    public var data: Operation.Data? {
        if case .success(let data) = state { data } else { nil }
    }

    /// The error of the last load, while there is no data.
    public var error: Error? {
        if case .failure(let error) = state { error } else { nil }
    }

    /// Loads again, with new variables and/or policy (e.g. `.networkOnly` for pull-to-refresh).
    public func refetch(variables: Operation.Variables? = nil, fetchPolicy: FetchPolicy = .networkOnly) {
        if let variables { self.variables = variables }
        self.fetchPolicy = fetchPolicy
        load()
    }

    /// Stops following the store and releases the operation's records.
    public func stop() {
        following?.cancel()
        loading?.cancel()
        retained?.dispose()
        following = nil
        loading = nil
        retained = nil
    }

    /// Shows a snapshot of the store: its data once complete, or the error reading it found.
    private func show(_ snapshot: Snapshot<Operation.Data>) {
        reporter.report(snapshot, to: environment)
        if let error = snapshot.readError {
            state = .failure(error)
        } else if let invalid = snapshot.invalidValue {
            state = .failure(RelayError.invalidValue(invalid))
        } else if !snapshot.isMissingData {
            state = .success(snapshot.data)
        }
    }

    /// Shows what the store has when the policy allows, follows the store, and sends the
    /// request the policy asks for. The response reaches `state` through the store, like any
    /// other change: the request only reports failures.
    private func load() {
        stop()
        generation += 1
        let generation = generation
        // A new read: what it finds is logged afresh.
        reporter = SnapshotReporter()
        let operation = Operation(variables: variables)
        let environment = environment
        retained = environment.retain(operation)
        let (snapshot, decision) = environment.fetchDecision(for: operation, policy: fetchPolicy)
        if decision.usesStoreData {
            state = .success(snapshot.data)
        } else if decision.failsForMissingData {
            state = .failure(
                RelayError.storeLacksData(for: Operation.node.params.name, missing: snapshot.missingFields))
        } else if data == nil {
            state = .loading
        }
        // What the policy does not show (stale data, or any for `.networkOnly`) the store's
        // snapshots do not show either, until the request writes the response, as Relay's
        // `QueryResource` renders only once the network has answered.
        waitsForResponse = decision.sendsRequest && !decision.usesStoreData
        let writtenBefore = waitsForResponse ? environment.lastWrite(of: operation) : nil
        following = follow(environment.subscribe(operation), by: self) { query, snapshot in
            guard query.generation == generation else { return }
            if query.waitsForResponse {
                guard environment.lastWrite(of: operation) != writtenBefore else { return }
                query.waitsForResponse = false
            }
            query.show(snapshot)
        }
        guard decision.sendsRequest else { return }
        loading = Task { [weak self] in
            do {
                _ = try await environment.fetchFromNetwork(operation)
                // A response equal to what the store had changes no snapshot: show it now.
                guard let self, self.generation == generation, self.waitsForResponse else { return }
                self.waitsForResponse = false
                self.show(environment.lookupForFetch(operation))
            } catch {
                guard let self, self.generation == generation, !(error is CancellationError) else { return }
                if self.data == nil { self.state = .failure(error) }
            }
        }
    }
}
