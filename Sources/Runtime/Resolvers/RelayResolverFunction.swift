import Foundation
@_spi(RelayGenerated) import RelayContract

/// A Relay Resolver as generated code hands it to the reader: the root fragment it reads, the
/// resolvers that fragment reads in turn, and the function computing the field from the
/// fragment's data and the field's arguments — its value, or for a `@live` resolver a
/// `LiveState` of it.
///
/// Reading memoizes (relay-runtime's resolver cache, keyed by what the function reads rather than
/// by invalidation; see `ResolverCache`): the function runs again only when the fragment data
/// read for a record and arguments differs from what it last ran on.
@_spi(RelayGenerated) public final class RelayResolverFunction: @unchecked Sendable {
    public let fragment: ReaderFragment?
    let nestedResolvers: @Sendable () -> [String: RelayResolverFunction]

    /// What the app's function gives.
    enum Body {
        case value(
            @Sendable (_ fragmentData: VariableValue, _ arguments: [String: VariableValue]) throws -> VariableValue)
        case live(
            @Sendable (_ fragmentData: VariableValue, _ arguments: [String: VariableValue]) throws -> AnyLiveState)
        /// A model's value (a model resolver's, a weak edge's), which the cache keeps.
        case instance(
            @Sendable (_ fragmentData: VariableValue, _ arguments: [String: VariableValue]) throws -> (any Sendable)?)
        /// A model's field: a function of the model's value.
        case ofInstance(@Sendable (_ model: any Sendable, _ arguments: [String: VariableValue]) throws -> VariableValue)
    }

    let body: Body
    private let lock = NSLock()
    private var evaluations = 0

    init(fragment: ReaderFragment?, resolvers: @escaping @Sendable () -> [String: RelayResolverFunction], body: Body) {
        self.fragment = fragment
        nestedResolvers = resolvers
        self.body = body
    }

    public convenience init(
        fragment: ReaderFragment?, resolvers: @escaping @Sendable () -> [String: RelayResolverFunction] = { [:] },
        evaluate:
            @escaping @Sendable (_ fragmentData: VariableValue, _ arguments: [String: VariableValue]) throws ->
            VariableValue
    ) {
        self.init(fragment: fragment, resolvers: resolvers, body: .value(evaluate))
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

    /// How many times the function has run: each one a read found its fragment data changed
    /// (counted over every environment).
    public var evaluationCount: Int { lock.withLock { evaluations } }

    /// Whether the function takes a model's value rather than fragment data.
    var takesModel: Bool {
        if case .ofInstance = body { return true }
        return false
    }

    /// Runs the function on `input` (the root fragment's data; for a model's field, `model`,
    /// the value `input` holds the token of) and the field's arguments.
    func evaluate(input: VariableValue, arguments: [String: VariableValue], model: (any Sendable)? = nil)
        -> Evaluation
    {
        lock.withLock { evaluations += 1 }
        do {
            switch body {
            case .value(let evaluate): return .value(.success(try evaluate(input, arguments)))
            case .live(let evaluate): return .live(try evaluate(input, arguments))
            case .instance(let evaluate): return .instance(try evaluate(input, arguments))
            case .ofInstance(let evaluate):
                guard let model else { return .value(.success(.null)) }
                return .value(.success(try evaluate(model, arguments)))
            }
        } catch {
            return .value(.failure(ResolverFailure(message: String(describing: error))))
        }
    }

    /// What one run gave: a value (or failure), a live state to read and subscribe to, or a
    /// model's value (nil for no object).
    enum Evaluation {
        case value(Result<VariableValue, ResolverFailure>)
        case live(AnyLiveState)
        case instance((any Sendable)?)
    }
}

/// A `LiveState` with its value converted for the reader.
struct AnyLiveState: Sendable {
    let read: @Sendable () throws -> VariableValue
    let subscribe: @Sendable (_ changed: @escaping @Sendable () -> Void) -> @Sendable () -> Void

    init<Value: VariableValueConvertible>(_ state: Environment.LiveState<Value>) {
        read = { try state.read().variableValue }
        subscribe = { changed in state.subscribe(changed) }
    }

    /// The value now, or the error reading it threw.
    func value() -> Result<VariableValue, ResolverFailure> {
        do { return .success(try read()) } catch {
            return .failure(ResolverFailure(message: String(describing: error)))
        }
    }
}

/// A resolver that threw: the field reads as null with a field error (so `@catch` holds it).
struct ResolverFailure: Error, Hashable {
    let message: String
}
