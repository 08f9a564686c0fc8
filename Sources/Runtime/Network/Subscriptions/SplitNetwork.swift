import Foundation

/// Sends subscriptions over one network and everything else over another: queries and
/// mutations over HTTP, subscriptions over a WebSocket (Apollo iOS's `SplitNetworkTransport`,
/// Relay's `Network.create(fetchFn, subscribeFn)`).
public struct SplitNetwork: Network {
    public var operations: any Network
    public var subscriptions: any Network

    public init(operations: any Network, subscriptions: any Network) {
        self.operations = operations
        self.subscriptions = subscriptions
    }

    private func network(for request: RequestParameters) -> any Network {
        request.operationKind == .subscription ? subscriptions : operations
    }

    public func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        try await network(for: request).execute(request: request, variables: variables)
    }

    public func payloads(request: RequestParameters, variables: VariableData) -> AsyncThrowingStream<Data, Error> {
        network(for: request).payloads(request: request, variables: variables)
    }
}
