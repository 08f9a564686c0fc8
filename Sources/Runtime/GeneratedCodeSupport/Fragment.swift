@_spi(RelayGenerated) import RelayContract

/// Where a fragment's data lives: the record it was spread on and the variables in scope there.
/// Generated `Data` types hold one per spread fragment (`fragment_ToDoItem_todo`), so a parent
/// can hand a child view its piece of the store without the child seeing the parent's fields.
public struct FragmentPointer: Hashable, Sendable, Codable {
    /// The record the fragment reads from.
    public var id: DataID
    /// The operation's variables plus the fragment's `@arguments`.
    public var variables: VariableData
    /// The name of the operation whose response the record came from, when known; a refetch
    /// keeps reading through the same owner.
    public var ownerName: String?
    /// The `@arguments` the spread passed, when the reader made the pointer: the fragment's
    /// other arguments take their defaults, not a same-named variable of the parent (Relay's
    /// `getFragmentVariables`). Nil: a default fills only an argument `variables` lacks.
    public var passedArguments: [String]?

    public init(
        id: DataID, variables: VariableData = [:], ownerName: String? = nil, passedArguments: [String]? = nil
    ) {
        self.id = id
        self.variables = variables
        self.ownerName = ownerName
        self.passedArguments = passedArguments
    }
}

/// A generated fragment type: `init(key:)` takes any generated `Data` type that spreads the
/// fragment (they conform to the fragment's `<Name>_Key` protocol).
public protocol Fragment: Sendable {
    associatedtype Key
    associatedtype Data: SelectionValue & Hashable & Sendable
    var fragmentPointer: FragmentPointer { get }
    init(key: Key)
    @_spi(RelayGenerated) static var node: ReaderFragment { get }
    /// The Relay Resolvers its fields are computed by, by `Type.field`.
    @_spi(RelayGenerated) static var resolvers: [String: RelayResolverFunction] { get }
    /// The queries that fetch its client edges' records (`ClientEdgeQuery_…`), by name.
    @_spi(RelayGenerated) static var clientEdgeQueries: [String: any Operation.Type] { get }
}

extension Fragment {
    @_spi(RelayGenerated) public static var resolvers: [String: RelayResolverFunction] { [:] }
    @_spi(RelayGenerated) public static var clientEdgeQueries: [String: any Operation.Type] { [:] }
}

extension PluralFragment {
    @_spi(RelayGenerated) public static var resolvers: [String: RelayResolverFunction] { [:] }
    @_spi(RelayGenerated) public static var clientEdgeQueries: [String: any Operation.Type] { [:] }
}

/// A generated `@relay(plural: true)` fragment type: it reads one record per pointer.
public protocol PluralFragment: Sendable {
    associatedtype Key
    associatedtype Data: SelectionValue & Hashable & Sendable
    var fragmentPointers: [FragmentPointer] { get }
    init(keys: [Key])
    @_spi(RelayGenerated) static var node: ReaderFragment { get }
    @_spi(RelayGenerated) static var resolvers: [String: RelayResolverFunction] { get }
    @_spi(RelayGenerated) static var clientEdgeQueries: [String: any Operation.Type] { get }
}

/// A generated `@refetchable` fragment: it names the query the compiler generated to fetch it
/// again, so the runtime can refetch it (with other variables, even on another record) and page
/// through its connection.
public protocol RefetchableFragment: Fragment {
    associatedtype RefetchQuery: Operation
    /// Settable: a refetch moves the fragment to the record and variables it fetched.
    var fragmentPointer: FragmentPointer { get set }
}

/// A generated `@refetchable` fragment with a `@connection`: `loadNext` and `loadPrevious` fetch
/// the next page with its refetch query, and the connection handler merges it in.
public protocol PaginationFragment: RefetchableFragment {}

/// A generated `@inline` fragment: its data is read with the data of whatever spreads it and
/// travels in the key, so any code — a formatter, a view model, a test — reads it synchronously
/// with `read(_:)` or `readInlineData(_:_:)`, without the environment or a subscription. A change
/// to its fields re-reads the parent, which hands out a key with the new data.
public protocol InlineDataFragment {
    associatedtype Key
    associatedtype Data: SelectionValue & Hashable & Sendable
    /// The fragment's data, carried by `key`.
    static func read(_ key: Key) -> Data
}

/// Relay's `readInlineData`: the data of `fragment` carried by `key`.
public func readInlineData<Fragment: InlineDataFragment>(_ fragment: Fragment.Type, _ key: Fragment.Key)
    -> Fragment.Data
{
    Fragment.read(key)
}

/// Relay's `readInlineData` for a key that may be nil: nil then.
public func readInlineData<Fragment: InlineDataFragment>(_ fragment: Fragment.Type, _ key: Fragment.Key?)
    -> Fragment.Data?
{
    key.map(Fragment.read)
}

extension ReaderFragment {
    /// The variables the fragment reads `pointer`'s record with (Relay's
    /// `getFragmentVariables`): the pointer's, where each `@argumentDefinitions` argument the
    /// spread did not pass has its default (or none) rather than a parent's variable of that name.
    public func variables(for pointer: FragmentPointer) -> VariableData {
        var variables = pointer.variables
        if let passed = pointer.passedArguments {
            for name in localArguments where !passed.contains(name) { variables.fields[name] = argumentDefaults[name] }
        } else {
            for (name, value) in argumentDefaults where variables.fields[name] == nil {
                variables.fields[name] = value
            }
        }
        return variables
    }
}
