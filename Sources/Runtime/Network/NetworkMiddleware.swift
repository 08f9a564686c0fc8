import Foundation

extension Environment {
    /// A step every request goes through on its way to the network and back, as
    /// react-relay-network-modern's middlewares and Apollo iOS's interceptors are: logging,
    /// authentication, retries, a test's canned answers. Each is given the request and `next`,
    /// the rest of the chain (the network last), and returns the payloads the environment gets —
    /// usually `next`'s, seen or changed on the way. `Configuration.networkMiddleware` lists them,
    /// the first outermost.
    public protocol NetworkMiddleware: Sendable {
        func payloads(
            request: RequestParameters, variables: VariableData,
            next: @escaping @Sendable (RequestParameters, VariableData) -> AsyncThrowingStream<Data, any Error>
        ) -> AsyncThrowingStream<Data, any Error>
    }
}

/// The environment's network with its middleware around it, the first outermost.
struct MiddlewareNetwork: Network {
    let network: any Network
    let middleware: [any Environment.NetworkMiddleware]

    /// `network` itself when there is no middleware.
    static func wrapping(_ network: any Network, in middleware: [any Environment.NetworkMiddleware]) -> any Network {
        middleware.isEmpty ? network : MiddlewareNetwork(network: network, middleware: middleware)
    }

    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        try await firstPayload(request: request, variables: variables)
    }

    func payloads(request: RequestParameters, variables: VariableData) -> AsyncThrowingStream<Data, any Error> {
        let network = network
        var chain: @Sendable (RequestParameters, VariableData) -> AsyncThrowingStream<Data, any Error> = {
            network.payloads(request: $0, variables: $1)
        }
        for step in middleware.reversed() {
            let next = chain
            chain = { step.payloads(request: $0, variables: $1, next: next) }
        }
        return chain(request, variables)
    }
}
