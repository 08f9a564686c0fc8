@_spi(RelayGenerated) import RelayContract

/// `@live` resolvers: the app's function returns a `LiveState` of the field's value. Generated
/// code passes the field's Swift type (`returning: Int?.self`); the function's live state may
/// hold it or its non-optional form, and any other type does not compile.
extension RelayResolverFunction {
    /// A live resolver of fragment `Root`'s data and the field's arguments.
    public convenience init<Root: Fragment, Value: VariableValueConvertible & SendableMetatype>(
        live root: Root.Type, returning: Value?.Type,
        _ resolve: @escaping @Sendable (Root.Data, SelectionFields) throws -> Environment.LiveState<Value>
    ) {
        self.init(live: root, erasing: resolve)
    }

    /// A live resolver of fragment `Root`'s data and the field's arguments, whose value may be nil.
    public convenience init<Root: Fragment, Value: VariableValueConvertible & SendableMetatype>(
        live root: Root.Type, returning: Value?.Type,
        _ resolve: @escaping @Sendable (Root.Data, SelectionFields) throws -> Environment.LiveState<Value?>
    ) {
        self.init(live: root, erasing: resolve)
    }

    /// A live resolver without a root fragment: from the field's arguments alone.
    public convenience init<Value: VariableValueConvertible & SendableMetatype>(
        live returning: Value?.Type,
        _ resolve: @escaping @Sendable (SelectionFields) throws -> Environment.LiveState<Value>
    ) {
        self.init(liveErasing: resolve)
    }

    /// A live resolver without a root fragment, whose value may be nil.
    public convenience init<Value: VariableValueConvertible & SendableMetatype>(
        live returning: Value?.Type,
        _ resolve: @escaping @Sendable (SelectionFields) throws -> Environment.LiveState<Value?>
    ) {
        self.init(liveErasing: resolve)
    }

    /// A live resolver of fragment `Root`'s data alone: the app's function itself.
    public convenience init<Root: Fragment, Value: VariableValueConvertible & SendableMetatype>(
        live root: Root.Type, returning: Value?.Type,
        _ resolve: @escaping @Sendable (Root.Data) throws -> Environment.LiveState<Value>
    ) {
        self.init(live: root, returning: returning) { data, _ in try resolve(data) }
    }

    /// A live resolver of fragment `Root`'s data alone, whose value may be nil.
    public convenience init<Root: Fragment, Value: VariableValueConvertible & SendableMetatype>(
        live root: Root.Type, returning: Value?.Type,
        _ resolve: @escaping @Sendable (Root.Data) throws -> Environment.LiveState<Value?>
    ) {
        self.init(live: root, returning: returning) { data, _ in try resolve(data) }
    }

    /// A live resolver without a root fragment or arguments.
    public convenience init<Value: VariableValueConvertible & SendableMetatype>(
        live returning: Value?.Type, _ resolve: @escaping @Sendable () throws -> Environment.LiveState<Value>
    ) {
        self.init(live: returning) { _ in try resolve() }
    }

    /// A live resolver without a root fragment or arguments, whose value may be nil.
    public convenience init<Value: VariableValueConvertible & SendableMetatype>(
        live returning: Value?.Type, _ resolve: @escaping @Sendable () throws -> Environment.LiveState<Value?>
    ) {
        self.init(live: returning) { _ in try resolve() }
    }

    /// A live resolver of fragment `Root`, its live state's type checked by the public
    /// initialisers above.
    private convenience init<Root: Fragment, State: VariableValueConvertible>(
        live root: Root.Type,
        erasing resolve: @escaping @Sendable (Root.Data, SelectionFields) throws -> Environment.LiveState<State>
    ) {
        self.init(
            fragment: Root.node, resolvers: { Root.resolvers },
            body: .live({ data, arguments in
                AnyLiveState(try resolve(try Root.Data(selectionValue: data), SelectionFields(arguments)))
            }))
    }

    /// A live resolver without a root fragment, its live state's type checked as above.
    private convenience init<State: VariableValueConvertible>(
        liveErasing resolve: @escaping @Sendable (SelectionFields) throws -> Environment.LiveState<State>
    ) {
        self.init(
            fragment: nil, resolvers: { [:] },
            body: .live({ _, arguments in AnyLiveState(try resolve(SelectionFields(arguments))) }))
    }
}
