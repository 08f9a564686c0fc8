import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RelayError {
    /// What a transport's failure to send a request means: `connectionFailed` when the request
    /// cannot have reached the server, `transport` otherwise.
    init(sending error: any Error) {
        self =
            Self.isConnectionFailure(error)
            ? .connectionFailed(error.localizedDescription) : .transport(error.localizedDescription)
    }

    /// Whether `error` says a request could not reach the server, so it was not sent: no
    /// network, the host unknown, or the connection refused. A lost connection or a timeout is
    /// not one — the server may have received the request, and a mutation sent again could be
    /// applied twice. What `Environment.OfflineMutations` queues after, unless told otherwise.
    public static func isConnectionFailure(_ error: any Error) -> Bool {
        switch error {
        case RelayError.connectionFailed: return true
        case let error as URLError:
            return [
                .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
                .internationalRoamingOff, .dataNotAllowed, .callIsActive,
            ].contains(error.code)
        case let error as POSIXError:
            return [.ECONNREFUSED, .ENETUNREACH, .EHOSTUNREACH, .ENETDOWN, .EHOSTDOWN].contains(error.code)
        default: return false
        }
    }

    /// Whether `error` leaves the server's answer unknown: a connection failure, and also a
    /// timeout, a lost connection or any other transport failure, after which the server may
    /// or may not have applied the request. For `OfflineMutations(isConnectionFailure:)` with
    /// a server that deduplicates by `QueuedMutation.idempotencyKey`: such a mutation then
    /// waits and is sent again with its key, rather than failing with its outcome unknown.
    public static func isUnanswered(_ error: any Error) -> Bool {
        switch error {
        case RelayError.transport, RelayError.timedOut, is URLError, is POSIXError: return true
        default: return isConnectionFailure(error)
        }
    }
}
