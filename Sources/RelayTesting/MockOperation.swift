@_spi(RelayGenerated) import Relay

/// An operation a `MockServer` received (Relay's operation descriptor in relay-test-utils): its
/// name and variables, what would be sent, and the generated type when the mock knows it, so
/// `MockPayloadGenerator` can answer it.
public struct MockOperation: Sendable, Hashable, CustomStringConvertible {
    /// Its place among the requests the server received, from 0.
    public let index: Int
    public let name: String
    public let variables: VariableData
    public let request: RequestParameters
    /// The generated operation, when it was among the mock's `operations`.
    public let operationType: (any Relay.Operation.Type)?

    public var kind: RequestParameters.OperationKind { request.operationKind }

    public static func == (lhs: MockOperation, rhs: MockOperation) -> Bool {
        lhs.index == rhs.index && lhs.name == rhs.name && lhs.variables == rhs.variables
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(name)
    }

    public var description: String { "\(name) #\(index) \(variables.fields)" }
}

extension MockPayloadGenerator {
    /// A whole response (`{"data": …}`) to an operation a mock server received, for its
    /// variables (Relay's `MockPayloadGenerator.generate(operation)`). Throws when the mock was
    /// not given the operation's type.
    public func payload(for operation: MockOperation) throws(RelayError) -> VariableValue {
        guard let type = operation.operationType else {
            throw RelayError.invalidArtifact(
                "\(operation.name) is not among the mock's operations: pass it to MockEnvironment(operations:) "
                    + "(RelayDefinitions.operations with testSupport)")
        }
        return .object(["data": data(for: type, variables: operation.variables)])
    }
}

extension MockPayloadGenerator {
    /// The response to an operation a mock server received as a server delivers it: for one with
    /// `@defer` or `@stream`, the first payload and then each part (`payloads(for:)`), to send
    /// with `nextValue` and end with `complete`. Throws when the mock was not given its type.
    public func payloads(for operation: MockOperation) throws(RelayError) -> [VariableValue] {
        guard let type = operation.operationType else {
            throw RelayError.invalidArtifact(
                "\(operation.name) is not among the mock's operations: pass it to MockEnvironment(operations:) "
                    + "(RelayDefinitions.operations with testSupport)")
        }
        return parts(type, operation.variables)
    }

    private func parts<Op: Relay.Operation>(_: Op.Type, _ variables: VariableData) -> [VariableValue] {
        payloads(for: Op.self, variables: variables, data: data(for: Op.self, variables: variables))
    }
}
