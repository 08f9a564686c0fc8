import Foundation
import GoldenLive
import Relay
import RelayPersistence

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The process the offline-mutation kill test stops with SIGKILL at any moment: it opens the
// store at PATH, whose queue may hold mutations an earlier process committed, and commits
// COUNT `addTodo` mutations (texts `<ROUND>-1`, `<ROUND>-2`, …) against the TodoServer at URL,
// each with an optimistic response, printing `committed <text>` once its commit returned. The
// queue sends them in commit order; the process prints `drained` and ends once none is left.
let arguments = CommandLine.arguments
guard arguments.count == 5, let url = URL(string: arguments[2]), let count = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: relay-mutation-committer PATH URL ROUND COUNT\n".utf8))
    exit(2)
}
let round = arguments[3]
let opened = SQLiteRecordStorage.open(path: arguments[1], schemaVersion: "kill-test")
guard let storage = opened.storage else {
    FileHandle.standardError.write(Data("cannot open: \(String(describing: opened.problem))\n".utf8))
    exit(1)
}

let environment = Environment(network: HTTPNetwork(url: url, timeout: 10)) {
    $0.storage = storage
    $0.offlineMutations = Environment.OfflineMutations(
        queueing: [LiveAddTodoMutation.self], storage: storage,
        // The server deduplicates by idempotency key, so a send whose answer was lost is sent again.
        isConnectionFailure: RelayError.isUnanswered,
        onFailure: { mutation, error in
            FileHandle.standardError.write(Data("refused \(mutation.variables): \(error)\n".utf8))
        })
}

var random = SystemRandomNumberGenerator()
for number in 1...max(count, 1) where count > 0 {
    let text = "\(round)-\(number)"
    environment.commitMutation(
        LiveAddTodoMutation(input: AddTodoInput(text: text)),
        optimisticResponse: [
            "addTodo": ["todoEdge": ["node": ["id": "client:\(text)", "text": text, "complete": false]]]
        ]
    ) { _ in }
    FileHandle.standardOutput.write(Data("committed \(text)\n".utf8))
    try await Task.sleep(for: .milliseconds(Int.random(in: 0...10, using: &random)))
}

// Sends until nothing waits: a send whose answer was lost stops the queue, and this sends again.
while !environment.mutationQueue.mutations.isEmpty {
    await environment.mutationQueue.send()
    if !environment.mutationQueue.mutations.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
}
FileHandle.standardOutput.write(Data("drained\n".utf8))
