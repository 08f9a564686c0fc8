@_spi(RelayGenerated) import Relay
import Synchronization

/// Builds a response for any generated operation with every selected field filled, so a test
/// or a preview needs no hand-written JSON (after Relay's `MockPayloadGenerator`). The same
/// generator keeps handing out new ids, so a second page of a connection is new records.
///
/// Values follow Relay's defaults: an `ID` is `<Todo-mock-id-1>` (numbered in the order
/// generated), a `String` `<mock-value-for-field-"text">`, an `Int` 42, a `Float` 4.2, a `Boolean`
/// false, an enum its first value, a list one item, `__typename` a concrete type of the field's
/// (the first of an interface's or union's object types, by name). The `id` of `node(id:)`
/// is the id asked for.
///
/// Types come from the artifact of an `@relay_test_operation`, or of any operation when the
/// project sets `testSupport` in relay.json. Without either only `id`, `__typename` and strings
/// are known (Relay's generator types nothing else either, and gives other fields strings, which
/// Swift's typed reader rejects) — mark test queries or set `testSupport`. Here we differ from
/// Relay on purpose: with `testSupport`, every operation is typed, refetch queries included.
///
/// Resolvers say what to use instead, by type (`"User"`, `"DateTime"`, `"Int"`) and by field
/// (`"Todo.text"`); a field's resolver wins over its type's:
///
/// ```swift
/// let generator = MockPayloadGenerator(
///     resolvers: [
///         "User": { _ in ["name": "Alice"] },  // an object type: fields over the defaults
///         "DateTime": { _ in "2026-11-24T09:30:00Z" },  // a scalar type: its value
///     ],
///     fieldResolvers: ["Todo.complete": { _ in true }])
/// environment.cachePayload(query, generator.data(for: query))
/// ```
public struct MockPayloadGenerator: Sendable {
    /// For an object type, the fields to use instead of generated ones (`.object`; a list of
    /// objects for a plural field sets how many items); for a scalar or enum type, the value.
    /// Nil keeps the default.
    public typealias Resolver = @Sendable (MockContext) -> VariableValue?

    /// Resolvers by type name.
    public var resolvers: [String: Resolver]
    /// Resolvers by `Type.field` (the type holding the field), over the type's resolver.
    public var fieldResolvers: [String: Resolver]
    /// The shape of what is generated: list lengths, nulls, which concrete type.
    public var shape = Shape()
    /// Hands out ids: shared by copies of this generator, so no two payloads share one.
    var ids: MockIDs

    public init(resolvers: [String: Resolver] = [:], fieldResolvers: [String: Resolver] = [:]) {
        self.resolvers = resolvers
        self.fieldResolvers = fieldResolvers
        ids = MockIDs()
    }

    /// How generated data is shaped; the defaults are Relay's.
    public struct Shape: Hashable, Sendable {
        /// Items in each generated list.
        public var listLength = 1
        /// Nullable fields are null (all but `id` and `__typename`, and fields at the root).
        public var nullsNullable = false
        /// Which of an interface's or union's object types an abstract field gets, counting
        /// from the first (by name) and wrapping around.
        public var concreteTypeIndex = 0
        /// The value of a `Boolean` variable the operation leaves to the generator (its
        /// `@include`/`@skip` conditions).
        public var booleanVariables = true

        public init(
            listLength: Int = 1, nullsNullable: Bool = false, concreteTypeIndex: Int = 0, booleanVariables: Bool = true
        ) {
            self.listLength = listLength
            self.nullsNullable = nullsNullable
            self.concreteTypeIndex = concreteTypeIndex
            self.booleanVariables = booleanVariables
        }
    }

    /// This generator's resolvers with `other`'s over them: where both have one for a type or
    /// field, `other`'s object fields win over this one's and the rest are kept, and a nil from
    /// `other` falls back to this one's.
    public func merging(_ other: MockPayloadGenerator) -> MockPayloadGenerator {
        var merged = self
        merged.resolvers = Self.compose(resolvers, other.resolvers)
        merged.fieldResolvers = Self.compose(fieldResolvers, other.fieldResolvers)
        return merged
    }

    private static func compose(_ base: [String: Resolver], _ over: [String: Resolver]) -> [String: Resolver] {
        base.merging(over) { first, second in
            { context in
                switch (first(context), second(context)) {
                case (.object(let below)?, .object(let above)?): .object(below.merging(above) { _, new in new })
                case (let below, nil): below
                case (_, let above?): above
                }
            }
        }
    }

    /// The `data` of a response to `operation`.
    public func data<Op: Relay.Operation>(for operation: Op) -> VariableValue {
        data(for: Op.self, variables: operation.operationVariables)
    }

    /// The `data` of a response to `Op` run with `variables` (its declared defaults for those
    /// left out).
    public func data<Op: Relay.Operation>(for _: Op.Type, variables: VariableData) -> VariableValue {
        let node = Op.node
        var variables = variables
        for (name, value) in node.operation.variableDefaults where variables.fields[name] == nil {
            variables.fields[name] = value
        }
        var run = MockGeneration(generator: self, types: node.testSelectionTypes, variables: variables)
        return run.root(node.operation.selections, typename: node.fragment.type)
    }

    /// A whole response to `operation`: `{"data": …}`.
    public func payload<Op: Relay.Operation>(for operation: Op) -> VariableValue {
        .object(["data": data(for: operation)])
    }

    /// Values for the variables of `Op` that have no default, by their types (known with
    /// `testSupport` or `@relay_test_operation`): what a test runs an operation with when any
    /// value will do. An `ID` is a new mock id, a `Boolean` `shape.booleanVariables`, an input
    /// object empty.
    public func variables<Op: Relay.Operation>(for _: Op.Type) -> VariableData {
        let node = Op.node
        var run = MockGeneration(generator: self, types: node.testSelectionTypes, variables: [:])
        var values: [String: VariableValue] = [:]
        for (key, type) in node.testSelectionTypes where key.hasPrefix("$") {
            let name = String(key.dropFirst())
            guard node.operation.variableDefaults[name] == nil else { continue }
            values[name] = run.variableValue(name, type)
        }
        var data = VariableData()
        data.fields = values
        return data
    }
}

/// Where a resolver is asked for a value.
public struct MockContext: Sendable {
    /// The field's name (empty for the operation's root).
    public var name: String
    public var alias: String?
    /// Response keys from the root to the field.
    public var path: [String]
    /// The field's arguments, variables substituted.
    public var args: [String: VariableValue]
    /// The type of the object holding the field.
    public var parentType: String?

    public init(
        name: String, alias: String? = nil, path: [String] = [], args: [String: VariableValue] = [:],
        parentType: String? = nil
    ) {
        self.name = name
        self.alias = alias
        self.path = path
        self.args = args
        self.parentType = parentType
    }
}

/// The ids a generator hands out, one counter for all its payloads.
final class MockIDs: Sendable {
    private let next = Mutex(1)

    func take() -> Int {
        next.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
