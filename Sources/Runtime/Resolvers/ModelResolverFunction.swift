@_spi(RelayGenerated) import RelayContract

/// Relay Resolver model types: a strong model's model resolver makes the app's Swift value for
/// an id, a weak model's edge resolver returns the value itself, and the model's field resolvers
/// are functions of that value. The reader never sees the value: the store's resolver cache
/// keeps it and hands the reader a token for it, which the model's field resolvers turn back
/// into the value. Generated code ties the types together, so a field resolver taking another
/// type than its model's does not compile.
extension RelayResolverFunction {
    /// A strong model's model resolver: the value for the object with the id `Root` reads.
    public convenience init<Root: Fragment, Model: Sendable>(
        modelOf root: Root.Type, _ resolve: @escaping @Sendable (String) throws -> Model?
    ) {
        self.init(
            fragment: Root.node, resolvers: { Root.resolvers },
            body: .instance({ data, _ in
                guard case .object(let fields) = data, case .string(let id)? = fields["id"] else { return nil }
                return try resolve(id)
            }))
    }

    /// A field of a strong model: a function of the value its model resolver (`modelResolver`,
    /// named only for its type) makes, read through `Root` (`<Type>____relay_model_instance`).
    public convenience init<Root: Fragment, Model: Sendable, Value: VariableValueConvertible & SendableMetatype>(
        _ root: Root.Type, modelFrom modelResolver: (String) throws -> Model?, returning: Value.Type,
        _ resolve: @escaping @Sendable (Model) throws -> Value
    ) {
        self.init(root, model: Model.self, returning: returning) { model, _ in try resolve(model) }
    }

    /// A field of a strong model with arguments.
    public convenience init<Root: Fragment, Model: Sendable, Value: VariableValueConvertible & SendableMetatype>(
        _ root: Root.Type, modelFrom modelResolver: (String) throws -> Model?, returning: Value.Type,
        _ resolve: @escaping @Sendable (Model, SelectionFields) throws -> Value
    ) {
        self.init(root, model: Model.self, returning: returning, resolve)
    }

    /// A field of a model whose Swift type is `Model` (a weak model's).
    public convenience init<Root: Fragment, Model: Sendable, Value: VariableValueConvertible & SendableMetatype>(
        _ root: Root.Type, model: Model.Type, returning: Value.Type,
        _ resolve: @escaping @Sendable (Model) throws -> Value
    ) {
        self.init(root, model: model, returning: returning) { model, _ in try resolve(model) }
    }

    /// A field of a model whose Swift type is `Model`, with arguments.
    public convenience init<Root: Fragment, Model: Sendable, Value: VariableValueConvertible & SendableMetatype>(
        _ root: Root.Type, model: Model.Type, returning: Value.Type,
        _ resolve: @escaping @Sendable (Model, SelectionFields) throws -> Value
    ) {
        self.init(
            fragment: Root.node, resolvers: { Root.resolvers },
            body: .ofInstance({ instance, arguments in
                guard let model = instance as? Model else {
                    throw ModelTypeMismatch(expected: String(describing: Model.self), found: type(of: instance))
                }
                return try resolve(model, SelectionFields(arguments)).variableValue
            }))
    }

    /// An edge to a weak model: the value of the object, from fragment `Root`'s data.
    public convenience init<Root: Fragment, Model: Sendable>(
        _ root: Root.Type, returningModel: Model?.Type, _ resolve: @escaping @Sendable (Root.Data) throws -> Model?
    ) {
        self.init(
            fragment: Root.node, resolvers: { Root.resolvers },
            body: .instance({ data, _ in try resolve(try Root.Data(selectionValue: data)) }))
    }

    /// An edge to a weak model without a root fragment.
    public convenience init<Model: Sendable>(
        returningModel: Model?.Type, _ resolve: @escaping @Sendable () throws -> Model?
    ) {
        self.init(fragment: nil, resolvers: { [:] }, body: .instance({ _, _ in try resolve() }))
    }
}

/// The field every model has: the token of its value.
let modelInstanceField = "__relay_model_instance"

/// A model's field resolver was given a value of another type (a schema naming the wrong
/// model resolver): a field error, not a crash.
struct ModelTypeMismatch: Error, CustomStringConvertible {
    let expected: String
    let found: Any.Type
    var description: String { "the model value is a \(found), not the \(expected) the resolver takes" }
}
