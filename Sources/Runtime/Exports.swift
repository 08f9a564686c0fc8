// Generated files and apps import `Relay` alone: the values shared with the compiler
// (`VariableValue`, `VariableData`, `ArgumentNode`, `storageKey`, `ConnectionHandler`'s keys,
// `HandleKind`) and the app-state `Store` with its dispatchers and computed properties come
// with it.
@_exported @_spi(RelayGenerated) import RelayContract
@_exported import RelayState
