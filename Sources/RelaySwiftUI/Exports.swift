// Views import RelaySwiftUI alone: it re-exports Relay (and adds `@Mutation` and
// `.relayEnvironment(_:)`), and its `Query` and `Fragment` property wrappers then take
// precedence over Relay's `Query` class and `Fragment` protocol.
#if canImport(SwiftUI)
    @_exported import Relay
#endif
