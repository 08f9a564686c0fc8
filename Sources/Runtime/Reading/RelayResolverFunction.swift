import Foundation
@_spi(RelayGenerated) import RelayContract

/// A Relay Resolver as generated code hands it to the reader: the root fragment it reads, the
/// resolvers that fragment reads in turn, and the function computing the field from the
/// fragment's data and the field's arguments.
///
/// Reading memoizes (relay-runtime's resolver cache, keyed by what the function reads rather than
/// by invalidation): for each record and arguments it keeps the fragment data it last ran on and
/// the value it gave, and runs again only when the data read now differs. A change elsewhere in
/// the store, or another read of the same data, costs a read of the root fragment and no call.
@_spi(RelayGenerated) public final class RelayResolverFunction: @unchecked Sendable {
    public let fragment: ReaderFragment?
    let nestedResolvers: @Sendable () -> [String: RelayResolverFunction]
    private let evaluate:
        @Sendable (_ fragmentData: VariableValue, _ arguments: [String: VariableValue]) throws -> VariableValue

    private struct MemoKey: Hashable {
        let record: DataID
        let arguments: [String: VariableValue]
    }

    private struct Memo {
        let input: VariableValue
        let output: Result<VariableValue, ResolverFailure>
    }

    private let lock = NSLock()
    private var memo: [MemoKey: Memo] = [:]
    private var evaluations = 0
    /// More records than this and the memo starts over (records no read reaches any more fall out
    /// with the rest; those still read are computed again once).
    static let memoLimit = 10_000

    public init(
        fragment: ReaderFragment?, resolvers: @escaping @Sendable () -> [String: RelayResolverFunction] = { [:] },
        evaluate:
            @escaping @Sendable (_ fragmentData: VariableValue, _ arguments: [String: VariableValue]) throws ->
            VariableValue
    ) {
        self.fragment = fragment
        nestedResolvers = resolvers
        self.evaluate = evaluate
    }

    /// A resolver of fragment `Root`'s data and the field's arguments: generated code calls the
    /// Swift function the resolver names with them, typed, so a function whose signature does
    /// not match does not compile.
    public convenience init<Root: Fragment, Value: VariableValueConvertible & SendableMetatype>(
        _ root: Root.Type, _ resolve: @escaping @Sendable (Root.Data, SelectionFields) throws -> Value
    ) {
        self.init(
            fragment: Root.node, resolvers: { Root.resolvers },
            evaluate: { data, arguments in
                try resolve(try Root.Data(selectionValue: data), SelectionFields(arguments)).variableValue
            })
    }

    /// A resolver of fragment `Root`'s data alone: the app's function itself, converted to the
    /// field's type `Value` (a function that does not convert does not compile).
    public convenience init<Root: Fragment, Value: VariableValueConvertible & SendableMetatype>(
        _ root: Root.Type, returning: Value.Type, _ resolve: @escaping @Sendable (Root.Data) throws -> Value
    ) {
        self.init(
            fragment: Root.node, resolvers: { Root.resolvers },
            evaluate: { data, _ in try resolve(try Root.Data(selectionValue: data)).variableValue })
    }

    /// A resolver without a root fragment or arguments.
    public convenience init<Value: VariableValueConvertible & SendableMetatype>(
        returning: Value.Type, _ resolve: @escaping @Sendable () throws -> Value
    ) {
        self.init(fragment: nil) { _, _ in try resolve().variableValue }
    }

    /// A resolver without a root fragment: computed from the field's arguments alone.
    public convenience init<Value: VariableValueConvertible & SendableMetatype>(
        _ resolve: @escaping @Sendable (SelectionFields) throws -> Value
    ) {
        self.init(fragment: nil) { _, arguments in try resolve(SelectionFields(arguments)).variableValue }
    }

    /// How many times the function has run: each one a read found its fragment data changed.
    public var evaluationCount: Int { lock.withLock { evaluations } }

    /// The field's value for `record`: the memoized one when `input` (the root fragment's data
    /// read now) is what the last run read, else the function's result, memoized.
    func value(record: DataID, arguments: [String: VariableValue], input: VariableValue)
        -> Result<VariableValue, ResolverFailure>
    {
        let key = MemoKey(record: record, arguments: arguments)
        if let memo = lock.withLock({ memo[key] }), memo.input == input { return memo.output }
        // The function runs outside the lock: it may read other resolvers' fields.
        let output: Result<VariableValue, ResolverFailure>
        do {
            output = .success(try evaluate(input, arguments))
        } catch {
            output = .failure(ResolverFailure(message: String(describing: error)))
        }
        lock.withLock {
            evaluations += 1
            if memo.count >= Self.memoLimit { memo.removeAll(keepingCapacity: true) }
            memo[key] = Memo(input: input, output: output)
        }
        return output
    }
}

/// A resolver that threw: the field reads as null with a field error (so `@catch` holds it).
struct ResolverFailure: Error, Hashable {
    let message: String
}
