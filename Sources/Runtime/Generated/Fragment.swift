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

    public init(id: DataID, variables: VariableData = [:], ownerName: String? = nil) {
        self.id = id
        self.variables = variables
        self.ownerName = ownerName
    }
}

/// A generated fragment type: `init(key:)` takes any generated `Data` type that spreads the
/// fragment (they conform to the fragment's `<Name>_Key` protocol).
public protocol Fragment: Sendable {
    associatedtype Key
    associatedtype Data: SelectionData
    var fragmentPointer: FragmentPointer { get }
    init(key: Key)
    static var node: ReaderFragment { get }
}

/// A generated `@relay(plural: true)` fragment type: it reads one record per pointer.
public protocol PluralFragment: Sendable {
    associatedtype Key
    associatedtype Data: SelectionData
    var fragmentPointers: [FragmentPointer] { get }
    init(keys: [Key])
    static var node: ReaderFragment { get }
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
