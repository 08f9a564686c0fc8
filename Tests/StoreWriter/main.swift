import Foundation
import Relay
import RelayPersistence

// A writer the kill test stops with SIGKILL at any moment: it opens the store at the path it is
// given and makes writes that each change several records together — `counter` set to the
// write's number, a new record `item-<number>`, and `latest` pointing at it — printing each
// number once the write returned. Whatever the moment of the kill, reopening must find the
// state after some whole number of writes. Given a NAME, it writes records of its own instead
// (`NAME-counter`, `NAME-item-<number>`, no `latest`), so two writers can share one file.
let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: relay-store-writer PATH WRITES [NAME]\n".utf8))
    exit(2)
}
let prefix = arguments.count == 4 ? arguments[3] + "-" : ""
let opened = SQLiteRecordStorage.open(path: arguments[1], schemaVersion: "kill-test")
guard let storage = opened.storage else {
    FileHandle.standardError.write(Data("cannot open: \(String(describing: opened.problem))\n".utf8))
    exit(1)
}

struct Offline: Network {
    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        throw RelayError.transport("offline")
    }
}

let environment = Environment(network: Offline()) {
    $0.storage = storage
}
let start =
    environment.records[DataID(prefix + "counter")].flatMap { record -> Int? in
        if case .scalar(.int(let number))? = record["value"] { return number }
        return nil
    } ?? 0
for number in (start + 1)...(start + count) {
    environment.commitLocalUpdate { store in
        let counterID = DataID(prefix + "counter")
        let counter = store.get(counterID) ?? store.create(dataID: counterID, typename: "Counter")
        counter.setValue(.int(number), "value")
        let item = store.create(dataID: DataID(prefix + "item-\(number)"), typename: "Item")
        item.setValue(.int(number), "number")
        item.setValue(.string(String(repeating: "x", count: 512)), "padding")
        if prefix.isEmpty { store.root.setLinkedRecord(item, "latest") }
    }
    FileHandle.standardOutput.write(Data("\(number)\n".utf8))
}
