import Synchronization

/// Where the runtime's parts tell `Configuration.log` what they do: a no-op without one, so an
/// event is only built when somebody listens; it also numbers executions.
struct EventLog: Sendable {
    private let log: (@Sendable (Environment.LogEvent) -> Void)?
    private let executions = Counter()

    init(_ log: (@Sendable (Environment.LogEvent) -> Void)?) {
        self.log = log
    }

    var isOn: Bool { log != nil }

    /// Tells the log; call it with no lock held.
    func callAsFunction(_ event: @autoclosure () -> Environment.LogEvent) {
        log?(event())
    }

    /// A new execution's number (0 without a log: nobody reads it).
    func nextExecuteID() -> Int {
        isOn ? executions.next() : 0
    }

    private final class Counter: Sendable {
        private let value = Atomic(0)

        func next() -> Int {
            value.add(1, ordering: .relaxed).newValue
        }
    }
}
