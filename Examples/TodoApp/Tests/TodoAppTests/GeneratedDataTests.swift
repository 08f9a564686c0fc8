import Relay
import RelayTesting
import Testing

@testable import todo

/// Every operation of the app, and every fragment its data reaches, run through the runtime on
/// generated data: what is read back must be what was sent.
@Test func everyOperationRunsOnGeneratedData() {
    let report = GeneratedDataCheck(
        operations: RelayDefinitions.operations, fragments: RelayDefinitions.fragments,
        pluralFragments: RelayDefinitions.pluralFragments,
        generator: MockPayloadGenerator(resolvers: ["DateTime": { _ in "2026-11-24T09:30:00Z" }])
    ).run()
    #expect(report.findings.isEmpty, "\(report.findings.map(\.description).joined(separator: "\n"))")
    #expect(Set(report.runs.map(\.operation)).count == RelayDefinitions.operations.count)
    #expect(report.runs.map(\.fragmentsRead).reduce(0, +) > 0)
    print(
        "generated-data check: \(RelayDefinitions.operations.count) operations, \(report.runs.count) runs, "
            + "\(report.runs.map(\.fragmentsRead).reduce(0, +)) fragment reads, \(report.findings.count) findings")
}
