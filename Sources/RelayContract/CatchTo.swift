/// Where `@catch(to:)` puts the errors found in what it holds (Relay's `CatchFieldTo`): in a
/// `Result` (`RESULT`, the default), or nowhere, the value becoming nil (`NULL`). The compiler
/// writes the raw value in reader nodes; the runtime parses it back.
@_spi(RelayGenerated) public enum CatchTo: String, CaseIterable, Hashable, Sendable {
    case result = "RESULT"
    case null = "NULL"
}
