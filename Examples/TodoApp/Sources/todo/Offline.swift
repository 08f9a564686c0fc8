import Foundation
import Relay
import RelayPersistence

/// The store in the SQLite file $TODO_STORE names, when it does: the to-dos are there at the next
/// start (offline too), and a toggle the server could not get waits there until it can be sent.
struct PersistedStore {
    var storage: SQLiteRecordStorage?
    var offlineMutations: Environment.OfflineMutations?

    static func open() -> PersistedStore {
        guard let path = ProcessInfo.processInfo.environment["TODO_STORE"], !path.isEmpty else {
            return PersistedStore()
        }
        let opened = SQLiteRecordStorage.open(path: path, schemaOf: TodoListQuery.self)
        if let problem = opened.problem { print("store: \(problem)") }
        let offline = opened.storage.map { storage in
            Environment.OfflineMutations(
                queueing: [ChangeTodoStatusMutation.self], storage: storage,
                onFailure: { mutation, error in print("refused: \(mutation.operationName) #\(mutation.id): \(error)") })
        }
        return PersistedStore(storage: opened.storage, offlineMutations: offline)
    }
}

extension FetchPolicy {
    init?(argument: String) {
        switch argument {
        case "network-only": self = .networkOnly
        case "store-or-network": self = .storeOrNetwork
        case "store-only": self = .storeOnly
        case "store-and-network": self = .storeAndNetwork
        default: return nil
        }
    }
}

extension Environment.Availability {
    /// What the store has of a query, in one word.
    var word: String {
        switch self {
        case .available: "available"
        case .stale: "stale"
        case .missing: "missing"
        }
    }
}

/// Marks the to-do stale, as an app does when it knows the server's copy changed.
func invalidateTodo(_ id: String) {
    environment.commitLocalUpdate { store in store.get(DataID(id))?.invalidateRecord() }
    print("invalidated: \(id)")
}

/// Prints the toggles waiting for the network.
func showQueue() {
    let mutations = environment.mutationQueue.mutations
    for mutation in mutations {
        let input = mutation.variables["input"]
        let id = input?["id"]?.stableJSON ?? "null"
        print("waiting: #\(mutation.id) \(mutation.operationName) \(id) \(input?["complete"]?.stableJSON ?? "null")")
    }
    print("\(mutations.count) waiting")
}

/// Sends the waiting toggles, in order; those the server could not get stay.
func sendQueue() async {
    await environment.mutationQueue.send()
    let left = environment.mutationQueue.mutations.count
    print(left == 0 ? "0 waiting" : "the server cannot be reached; \(left) waiting")
}
