import Foundation
@_spi(RelayGenerated) import Relay

/// One operation of a check in one shape: generate, send through the JSON parser, normalize,
/// read the operation, then every fragment its data points to.
struct OperationRun {
    let shape: MockPayloadGenerator.Shape
    let shapeIndex: Int
    let generator: MockPayloadGenerator
    let readers: [String: FragmentReader]
    /// The names of `readers`, made once a check: every read's comparison looks fragment keys
    /// up in it.
    private let fragmentNames: Set<String>
    let access: any StoreAccess
    /// Fragments read so far, by name and pointer: a record reached twice is read once.
    private var visited: Set<FragmentVisit> = []
    private var fragmentsRead = 0

    init(
        shape: MockPayloadGenerator.Shape, shapeIndex: Int, generator: MockPayloadGenerator,
        readers: [String: FragmentReader], fragmentNames: Set<String>, access: any StoreAccess
    ) {
        self.shape = shape
        self.shapeIndex = shapeIndex
        var generator = generator
        generator.shape = shape
        // Ids start again for each operation, so records several operations select merge.
        generator.ids = MockIDs()
        self.generator = generator
        self.readers = readers
        self.fragmentNames = fragmentNames
        self.access = access
    }

    mutating func run<Op: Relay.Operation>(
        _: Op.Type, in environment: Environment, into report: inout GeneratedDataReport
    ) {
        let name = Op.node.params.name
        func finding(
            _ kind: GeneratedDataReport.Finding.Kind, _ definition: String, _ path: [String], _ message: String
        ) {
            report.findings.append(
                .init(
                    kind: kind, operation: name, definition: definition, shape: shapeIndex,
                    path: path.joined(separator: "."), message: message))
        }
        let variables = generator.variables(for: Op.self)
        let sent = generator.data(for: Op.self, variables: variables)
        let clock = ContinuousClock()
        // Each payload a server would send (several for `@defer` and `@stream`), as bytes the
        // runtime's JSON parser reads.
        let payloadBytes = generator.payloads(for: Op.self, variables: variables, data: sent).map {
            Data($0.stableJSON.utf8)
        }
        let writeStart = clock.now
        do {
            let payloads = try payloadBytes.map { try VariableValue.parse($0) }
            if payloads.count == 1 {
                guard case .object(let response) = payloads[0], let data = response["data"] else {
                    finding(.error, name, [], "the generated response has no data")
                    return
                }
                try access.write(Op.self, variables: variables, data: data, into: environment)
            } else {
                try access.write(Op.self, variables: variables, payloads: payloads, into: environment) { index in
                    guard index == 0 else { return }
                    // What a screen shows before the later parts: readable, and decodable.
                    let first = access.read(Op.self, variables: variables, from: environment)
                    if let problem = TypedRead.problem(first, decode: { _ = try Op.Data(selectionValue: $0) }) {
                        finding(.error, name, [], "after the first of \(payloads.count) payloads: \(problem)")
                    }
                }
            }
        } catch {
            finding(.error, name, [], "normalizing failed: \(error)")
            return
        }
        let normalizeTime = clock.now - writeStart
        let readStart = clock.now
        let raw = access.read(Op.self, variables: variables, from: environment)
        var findings: [GeneratedDataReport.Finding] = []
        let problem = TypedRead.problem(raw) { _ = try Op.Data(selectionValue: $0) }
        check(raw: raw, typedProblem: problem, definition: name, sent: sent, path: []) {
            findings.append($0)
        }
        var pending = pointers(in: raw.data, sent: sent, path: [])
        var index = 0
        while index < pending.count {
            let next = pending[index]
            index += 1
            guard let reader = readers[next.fragment], visited.insert(next.visit).inserted else { continue }
            // A fragment on another object type than the record's has no data there to read
            // (a `node(id:)` of another type); Relay's reader expects none.
            if reader.node.abstractKey == nil, let type = environment.records[next.pointer.id]?.typename,
                type != reader.node.type
            {
                continue
            }
            fragmentsRead += 1
            report.reachedFragments.insert(next.fragment)
            let fragmentRaw = access.read(reader.node, resolvers: reader.resolvers, at: next.pointer, from: environment)
            let problem = TypedRead.problem(fragmentRaw, decode: reader.decode)
            check(raw: fragmentRaw, typedProblem: problem, definition: next.fragment, sent: next.sent, path: next.path)
            {
                findings.append($0)
            }
            pending += pointers(in: fragmentRaw.data, sent: next.sent, path: next.path)
        }
        let readTime = clock.now - readStart
        for item in findings {
            finding(item.kind, item.definition, item.path.isEmpty ? [] : [item.path], item.message)
        }
        report.runs.append(
            .init(
                operation: name, shape: shapeIndex, records: SentRecords.count(sent),
                bytes: payloadBytes.map(\.count).reduce(0, +), payloads: payloadBytes.count,
                fragmentsRead: fragmentsRead, normalizeTime: normalizeTime, readTime: readTime))
    }

    /// The findings of one read: errors, missing data, and differences from what was sent.
    private func check(
        raw: Snapshot<VariableValue>, typedProblem: String?, definition: String, sent: VariableValue, path: [String],
        report: (GeneratedDataReport.Finding) -> Void
    ) {
        func add(_ kind: GeneratedDataReport.Finding.Kind, _ at: [String], _ message: String) {
            report(
                .init(
                    kind: kind, operation: "", definition: definition, shape: shapeIndex,
                    path: at.joined(separator: "."), message: message))
        }
        // A `@required` null that bubbles up is what the app asked for, not a failure.
        let requiredBubbled = raw.missingRequiredFields != nil
        if let problem = typedProblem, !(requiredBubbled && shape.nullsNullable) { add(.error, path, problem) }
        if raw.isMissingData {
            let fields = raw.missingFields.prefix(3).map(\.description).joined(separator: "; ")
            add(.missingData, path, fields.isEmpty ? "the read is missing data" : fields)
        }
        guard let data = raw.data else { return }
        for difference in SentReadComparison.differences(
            read: data, sent: sent, fragments: fragmentNames, nullsAllowed: requiredBubbled)
        {
            add(.difference, path + difference.path, difference.message)
        }
    }

    /// The fragment pointers in `value` (read where `sent` was sent), with the data sent for
    /// each pointer's record.
    private func pointers(in value: VariableValue?, sent: VariableValue, path: [String]) -> [PendingFragment] {
        guard let value else { return [] }
        var found: [PendingFragment] = []
        SentReadComparison.walkPointers(value, sent: sent, path: path, fragments: fragmentNames) {
            fragment, pointerValue, sent, path in
            guard let pointer = try? FragmentPointer(selectionValue: pointerValue) else { return }
            found.append(PendingFragment(fragment: fragment, pointer: pointer, sent: sent, path: path))
        }
        return found
    }
}

/// A fragment key found in read data, to read next.
private struct PendingFragment {
    let fragment: String
    let pointer: FragmentPointer
    let sent: VariableValue
    let path: [String]

    var visit: FragmentVisit { FragmentVisit(fragment: fragment, pointer: pointer) }
}

private struct FragmentVisit: Hashable {
    let fragment: String
    let pointer: FragmentPointer
}

/// The generated type must decode what was read, and the read must not fail.
enum TypedRead {
    static func problem(_ raw: Snapshot<VariableValue>, decode: (VariableValue) throws -> Void) -> String? {
        if let error = raw.readError { return "the read fails: \(error)" }
        guard let data = raw.data, !raw.isMissingData else { return nil }
        do {
            try decode(data)
        } catch {
            return "the generated type does not decode the data read: \(error)"
        }
        return nil
    }
}

/// How many records a response holds: each object in it is one.
enum SentRecords {
    static func count(_ value: VariableValue) -> Int {
        switch value {
        case .object(let fields): 1 + fields.values.reduce(0) { $0 + count($1) }
        case .list(let items): items.reduce(0) { $0 + count($1) }
        default: 0
        }
    }
}
