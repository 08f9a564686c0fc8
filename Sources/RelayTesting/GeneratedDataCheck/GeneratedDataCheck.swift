import Foundation
@_spi(RelayGenerated) import Relay

/// Runs a whole project on generated data: for every operation, a response from
/// `MockPayloadGenerator` in several shapes (lists of one, several and none, nullable fields
/// present and null, each object type of an abstract field in turn) is sent through the
/// runtime's JSON parser, normalized, and read back; every fragment key read is followed to its
/// fragment and read too, recursively. What was read must be what was sent.
///
/// With `testSupport` on in relay.json, the compiler lists the definitions it generated:
///
/// ```swift
/// let report = GeneratedDataCheck(
///     operations: RelayDefinitions.operations, fragments: RelayDefinitions.fragments,
///     pluralFragments: RelayDefinitions.pluralFragments
/// ).run()
/// #expect(report.findings.isEmpty, "\(report.findings)")
/// ```
///
/// The operations of one shape share a store, and each operation's ids start again from 1,
/// so records common to several operations (`<User-mock-id-1>`) merge as in an app.
public struct GeneratedDataCheck: Sendable {
    public var operations: [any Relay.Operation.Type]
    public var fragments: [any Relay.Fragment.Type]
    public var pluralFragments: [any Relay.PluralFragment.Type]
    /// The resolvers generated data starts from (an app's custom scalars, say).
    public var generator: MockPayloadGenerator
    /// The shapes each operation is run in; nil: `defaultShapes`.
    public var shapes: [MockPayloadGenerator.Shape]?
    /// How the store is written and read: the environment's own, unless a test breaks it on
    /// purpose to show the check catches it.
    var access: any StoreAccess = EnvironmentAccess()

    public init(
        operations: [any Relay.Operation.Type], fragments: [any Relay.Fragment.Type] = [],
        pluralFragments: [any Relay.PluralFragment.Type] = [], generator: MockPayloadGenerator = MockPayloadGenerator()
    ) {
        self.operations = operations
        self.fragments = fragments
        self.pluralFragments = pluralFragments
        self.generator = generator
    }

    /// One item in lists; several, with `Boolean` variables false; none, with nullable fields
    /// null; then one run per further object type of the widest abstract field (up to 16 in all).
    /// An abstract field's first type is one its selections ask for (`... on Repository`), as a
    /// server answers `node(id:)` with the record of the id's type.
    public var defaultShapes: [MockPayloadGenerator.Shape] {
        var shapes: [MockPayloadGenerator.Shape] = [
            .init(listLength: 1),
            .init(listLength: 3, booleanVariables: false),
            .init(listLength: 0, nullsNullable: true),
        ]
        let widest = operations.map { $0.node.testSelectionTypes.values.map(\.possibleTypes.count).max() ?? 0 }.max()
        for index in 1..<max(1, min(widest ?? 0, 14)) { shapes.append(.init(listLength: 1, concreteTypeIndex: index)) }
        return shapes
    }

    /// Runs every operation in every shape.
    public func run() -> GeneratedDataReport {
        var report = GeneratedDataReport()
        var readers: [String: FragmentReader] = [:]
        for fragment in fragments { readers[fragment.node.name] = FragmentReader(fragment) }
        for fragment in pluralFragments { readers[fragment.node.name] = FragmentReader(fragment) }
        let fragmentNames = Set(readers.keys)
        for (index, shape) in (shapes ?? defaultShapes).enumerated() {
            let environment = Environment(network: NoNetwork())
            for operation in operations {
                var run = OperationRun(
                    shape: shape, shapeIndex: index, generator: generator, readers: readers,
                    fragmentNames: fragmentNames, access: access)
                run.run(operation, in: environment, into: &report)
            }
        }
        report.unreachedFragments = readers.keys.filter { !report.reachedFragments.contains($0) }.sorted()
        return report
    }
}

/// The network of a check's environment: nothing is fetched, everything is written directly.
private struct NoNetwork: Network {
    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        throw RelayError.transport("a generated-data check sends no request")
    }
}
