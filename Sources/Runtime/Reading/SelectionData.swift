/// A value a generated `Data` type holds, built from the JSON value the reader read: `String`,
/// `Int`, `Double`, `Bool`, `DataID`, `FragmentPointer`, `VariableValue`, schema enums
/// (`SchemaEnum`, `GraphQLEnum`), custom scalars (`GraphQLScalar`), nested data types, and optionals and
/// arrays of them.
///
/// A null (or absent) value where one is needed throws: that is missing data, which the reader
/// reports. A value of the wrong kind throws a failure naming where, what and why
/// (`RelayError.InvalidFieldValue` once the reader traces it to a record).
public protocol SelectionValue {
    init(selectionValue value: VariableValue) throws
}

/// What generated data types built from one object's fields have in common: an initialiser that
/// reads each property by its response key, which the runtime calls with what the reader read.
/// Structs get it from `SelectionData`, which fills their stored properties through the layout the
/// Swift runtime describes; the enums generated for unions and interfaces write theirs (a switch
/// over `__typename`).
///
/// Nested types are not `Hashable`: only each operation's and fragment's top-level `Data` is
/// (what a view holds and SwiftUI diffs). Checking a `Hashable` conformance in every nested type
/// cost an app's build a fifth of its type-checking; nested structs still compare with `==`.
public protocol SelectionObject: SelectionValue, Sendable {
    init(data: SelectionFields) throws
}

extension SelectionObject {
    /// The data from an object value — for previews and tests, the same JSON the server sends
    /// for the selections: `try TodoRow_todo.Data(selectionValue: ["id": "1", "text": "Buy milk"])`.
    public init(selectionValue value: VariableValue) throws {
        guard case .object(let fields) = value else { throw ReadValueFailure.mismatch(value, expected: "an object") }
        try self.init(data: SelectionFields(fields))
    }
}

/// A generated `Data` struct, or one nested in it. It keeps the fields it was read from
/// (`__fields`, a reference to what the reader built, not a copy), and compares by them: the same
/// answer as comparing every property, without generated code for it in every type. A top-level
/// `Data` declares `Hashable`, which these give it. (GraphQL reserves names starting with `__`,
/// so no selected field clashes.)
public protocol SelectionData: SelectionObject {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var __fields: SelectionFields { get }
}

extension SelectionData {
    /// Reads each stored property by its response key, through the layout the Swift runtime
    /// describes (`SelectionLayout`): generated structs declare their properties and no
    /// initialiser, which is most of what compiling them cost an app.
    public init(data: SelectionFields) throws {
        self = try data.object(Self.self)
    }

    /// Equal when read from equal fields. Nested types, which are not `Equatable`, compare with
    /// this too; use `__fields` (`Hashable`) where a nested value must be a key, such as
    /// `ForEach(items, id: \.__fields)`.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.__fields == rhs.__fields }
}

extension SelectionData where Self: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(__fields) }
}

/// The fields of one object the reader read, by response key.
public struct SelectionFields: Hashable, Sendable {
    let fields: [String: VariableValue]

    public init(_ fields: [String: VariableValue]) {
        self.fields = fields
    }

    /// The field under `key` as the property's type; an absent field reads as null.
    public subscript<Value: SelectionValue>(key: String) -> Value {
        get throws { try read(key) { try Value(selectionValue: fields[key] ?? .null) } }
    }
}

// Generated initialisers read optional and list properties through these rather than the
// subscript: `T?` or `[T]` as a `SelectionValue` is a conformance instantiated at run time, with
// an accessor and a cache in every app for every type so wrapped; here `T`'s own is enough.
extension SelectionFields {
    /// `T?` under `key`.
    public func optional<T: SelectionValue>(_ key: String, _ type: T.Type) throws -> T? {
        guard let value = fields[key], value != .null else { return nil }
        return try read(key) { try T(selectionValue: value) }
    }

    /// `[T]` under `key`.
    public func list<T: SelectionValue>(_ key: String, _ type: T.Type) throws -> [T] {
        try read(key) { try Self.items(fields[key] ?? .null) { try T(selectionValue: $0) } }
    }

    /// `[T]?` under `key`.
    public func optionalList<T: SelectionValue>(_ key: String, _ type: T.Type) throws -> [T]? {
        guard let value = fields[key], value != .null else { return nil }
        return try read(key) { try Self.items(value) { try T(selectionValue: $0) } }
    }

    /// `[T?]` under `key`.
    public func listOfOptionals<T: SelectionValue>(_ key: String, _ type: T.Type) throws -> [T?] {
        try read(key) { try Self.items(fields[key] ?? .null) { $0 == .null ? nil : try T(selectionValue: $0) } }
    }

    /// `[T?]?` under `key`.
    public func optionalListOfOptionals<T: SelectionValue>(_ key: String, _ type: T.Type) throws -> [T?]? {
        guard let value = fields[key], value != .null else { return nil }
        return try read(key) { try Self.items(value) { $0 == .null ? nil : try T(selectionValue: $0) } }
    }

    /// `read()`, with `key` put in front of the path of a conversion failure.
    func read<Value>(_ key: String, _ read: () throws -> Value) throws -> Value {
        do {
            return try read()
        } catch var failure as ValueConversionFailure {
            failure.path.insert(key, at: 0)
            throw failure
        }
    }

    /// The items of a list value, each read by `item`; a failure's path starts at its index.
    static func items<Item>(_ value: VariableValue, _ item: (VariableValue) throws -> Item) throws -> [Item] {
        guard case .list(let values) = value else { throw ReadValueFailure.mismatch(value, expected: "a list") }
        var items: [Item] = []
        items.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            do {
                items.append(try item(value))
            } catch var failure as ValueConversionFailure {
                failure.path.insert(String(index), at: 0)
                throw failure
            }
        }
        return items
    }
}

/// Why a value could not be read: a null where a value is needed (missing data), or a value of
/// the wrong kind (a `ValueConversionFailure`).
enum ReadValueFailure: Error {
    case missing

    /// The error for `value` where `expected` is needed.
    static func mismatch(_ value: VariableValue, expected: String) -> any Error {
        guard value != .null else { return ReadValueFailure.missing }
        return ValueConversionFailure(path: [], value: value, type: expected, reason: "the JSON value has another type")
    }
}

extension String: SelectionValue {
    public init(selectionValue value: VariableValue) throws {
        guard case .string(let string) = value else { throw ReadValueFailure.mismatch(value, expected: "String") }
        self = string
    }
}

extension Bool: SelectionValue {
    public init(selectionValue value: VariableValue) throws {
        guard case .bool(let bool) = value else { throw ReadValueFailure.mismatch(value, expected: "Bool") }
        self = bool
    }
}

extension Int: SelectionValue {
    public init(selectionValue value: VariableValue) throws {
        switch value {
        case .int(let int): self = int
        case .float(let double) where double.rounded() == double && abs(double) < 9.0e18: self = Int(double)
        default: throw ReadValueFailure.mismatch(value, expected: "Int")
        }
    }
}

extension Double: SelectionValue {
    public init(selectionValue value: VariableValue) throws {
        switch value {
        case .float(let double): self = double
        case .int(let int): self = Double(int)
        default: throw ReadValueFailure.mismatch(value, expected: "Double")
        }
    }
}

/// Any JSON value, as it is (a custom scalar mapped to `VariableValue`); null included.
extension VariableValue: SelectionValue {
    public init(selectionValue value: VariableValue) throws {
        self = value
    }
}

extension DataID: SelectionValue {
    public init(selectionValue value: VariableValue) throws {
        self.init(try String(selectionValue: value))
    }
}

extension Optional: SelectionValue where Wrapped: SelectionValue {
    public init(selectionValue value: VariableValue) throws {
        self = value == .null ? nil : try Wrapped(selectionValue: value)
    }
}

extension Array: SelectionValue where Element: SelectionValue {
    public init(selectionValue value: VariableValue) throws {
        self = try SelectionFields.items(value) { try Element(selectionValue: $0) }
    }
}

extension FragmentPointer: SelectionValue {
    /// The pointer the reader writes for a spread fragment: `{"id", "variables", "ownerName",
    /// "arguments"}`.
    public init(selectionValue value: VariableValue) throws {
        guard case .object(let fields) = value, case .string(let id)? = fields["id"] else {
            throw ReadValueFailure.mismatch(value, expected: "a fragment pointer")
        }
        var variables = VariableData()
        if case .object(let values)? = fields["variables"] { variables.fields = values }
        var ownerName: String?
        if case .string(let name)? = fields["ownerName"] { ownerName = name }
        var passedArguments: [String]?
        if case .list(let names)? = fields["arguments"] {
            passedArguments = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        self.init(id: DataID(id), variables: variables, ownerName: ownerName, passedArguments: passedArguments)
    }
}

extension GraphQLScalar {
    /// The type's own conversion from JSON; a value it rejects is a conversion failure naming
    /// the type and its reason.
    public init(selectionValue value: VariableValue) throws {
        guard value != .null else { throw ReadValueFailure.missing }
        do {
            try self.init(scalarValue: value)
        } catch {
            throw ValueConversionFailure(path: [], value: value, type: "\(Self.self)", reason: "\(error)")
        }
    }
}
