// Generated files and apps import `Relay` alone: the values shared with the compiler
// (`VariableValue`, `VariableData`, `ArgumentNode`, `storageKey`, `ConnectionHandler`'s keys,
// `HandleKind`) come with it.
@_exported import RelayContract
