import Foundation
@_spi(Reflection) import Swift

/// How the runtime builds generated data types without code written for each: the Swift
/// runtime's own description of a struct's stored properties (their names, offsets and types,
/// the field metadata every struct carries) says where each property lives, and the property's
/// type says how its value is made. Generated code then holds little more than the declarations,
/// which is what an app pays to compile (see "Why this shape" in `docs/GeneratedCode.md`): a
/// nested struct has no initialiser and no conformance to a runtime protocol.
///
/// A property's name is its response key, except `__fields` (the fields themselves) and a
/// connection's `nodes` (gathered from its edges). The layout of each type is worked out once,
/// with the layouts of the types nested in it, and kept for the process.
struct SelectionLayout: Sendable {
    /// One stored property: where it is and how its value is made.
    struct Property: Sendable {
        let offset: Int
        let key: String
        let reader: ValueReader
    }

    let properties: [Property]

    /// The layouts worked out so far, by type, under `lock` (an `NSLock`: on Linux
    /// ThreadSanitizer does not see the ordering `Synchronization.Mutex` provides).
    nonisolated(unsafe) private static var known: [ObjectIdentifier: SelectionLayout] = [:]
    private static let lock = NSLock()

    /// The layout of `type`, worked out on first use.
    static func of(_ type: Any.Type) throws -> SelectionLayout {
        let id = ObjectIdentifier(type)
        if let layout = lock.withLock({ known[id] }) { return layout }
        var building: Set<ObjectIdentifier> = []
        let layout = try SelectionLayout(type, building: &building)
        lock.withLock { known[id] = layout }
        return layout
    }

    /// - Parameter building: the types being laid out around this one: a type that contains
    ///   itself is not generated code, and is an error rather than endless work.
    fileprivate init(_ type: Any.Type, building: inout Set<ObjectIdentifier>) throws {
        // A class's stored properties live in its instance, not in the value being made.
        guard !(type is AnyObject.Type) else {
            throw SelectionLayoutError(type: "\(type)", reason: "it is a class; generated data types are structs")
        }
        guard building.insert(ObjectIdentifier(type)).inserted else {
            throw SelectionLayoutError(type: "\(type)", reason: "it contains itself")
        }
        defer { building.remove(ObjectIdentifier(type)) }
        var found: [(name: String, offset: Int, type: Any.Type)] = []
        let described = _forEachField(of: type, options: []) { name, offset, fieldType, _ in
            found.append((String(cString: name), offset, fieldType))
            return true
        }
        guard described, found.contains(where: { $0.name == "__fields" && $0.type == SelectionFields.self }) else {
            throw SelectionLayoutError(
                type: "\(type)",
                reason: "it is not a generated data type, or the Swift runtime does not describe its stored properties "
                    + "(was the app built with reflection metadata turned off, SWIFT_REFLECTION_METADATA_LEVEL = none?)"
            )
        }
        let isConnection = type is any ConnectionCollection.Type
        var properties: [Property] = []
        for field in found {
            let reader: ValueReader
            if field.name == "__fields" {
                reader = .fields
            } else if isConnection, field.name == "nodes", let list = field.type as? any ListValue.Type {
                reader = .nodes(list, item: try ValueReader(list.itemType, building: &building))
            } else {
                reader = try ValueReader(field.type, building: &building)
            }
            properties.append(Property(offset: field.offset, key: field.name, reader: reader))
        }
        self.properties = properties
    }

    /// Makes a value of the laid-out type in `memory`, which is uninitialised, with each property
    /// read from `fields`. A property that fails to read throws, after the ones already made are
    /// destroyed, so nothing leaks or is left half-made.
    func initialize(_ memory: UnsafeMutableRawPointer, from fields: SelectionFields) throws {
        var made = 0
        do {
            for property in properties {
                try property.reader.initialize(memory + property.offset, key: property.key, in: fields)
                made += 1
            }
        } catch {
            for property in properties[..<made] { property.reader.deinitialize(memory + property.offset) }
            throw error
        }
    }

    /// A value of `T`, the laid-out type, read from `fields`. (Raw bytes rather than a typed
    /// buffer, whose metadata is looked up on every read.)
    func make<T>(_ type: T.Type, from fields: SelectionFields) throws -> T {
        try withUnsafeTemporaryAllocation(
            byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment
        ) { buffer in
            guard let memory = buffer.baseAddress else {
                throw SelectionLayoutError(type: "\(T.self)", reason: "no memory")
            }
            try initialize(memory, from: fields)
            return memory.assumingMemoryBound(to: T.self).move()
        }
    }
}

/// How one property's value is made from the JSON value the reader read. (A metatype is
/// immutable, so sharing one between threads is safe; Swift 6 has no way to say so for
/// `any P.Type`.)
enum ValueReader: @unchecked Sendable {
    /// A type that reads itself: a scalar, a schema enum, a custom scalar, a fragment pointer, a
    /// union's enum, a top-level `Data`, or optionals and lists of them.
    case value(any SelectionValue.Type)
    /// The commonest scalars, written without going through a generic conformance.
    case scalar(ScalarReader)
    /// A generated struct: its properties, in its layout.
    case object(SelectionLayout)
    indirect case optional(OptionalLayout, wrapped: ValueReader)
    indirect case list(any ListValue.Type, item: ValueReader)
    /// `@catch(to: RESULT)`: the caught errors, or the value.
    indirect case result(any CaughtValue.Type, success: ValueReader)
    /// `__fields`.
    case fields
    /// A connection's `nodes`: the nodes of its edges, without null edges or nodes.
    indirect case nodes(any ListValue.Type, item: ValueReader)

    init(_ type: Any.Type, building: inout Set<ObjectIdentifier>) throws {
        if let scalar = ScalarReader(type) {
            self = .scalar(scalar)
        } else if let value = type as? any SelectionValue.Type {
            self = .value(value)
        } else if let optional = type as? any OptionalValue.Type {
            self = .optional(
                OptionalLayout(optional), wrapped: try ValueReader(optional.wrappedType, building: &building))
        } else if let list = type as? any ListValue.Type {
            self = .list(list, item: try ValueReader(list.itemType, building: &building))
        } else if let result = type as? any CaughtValue.Type {
            self = .result(result, success: try ValueReader(result.successType, building: &building))
        } else {
            self = .object(try SelectionLayout(type, building: &building))
        }
    }

    /// Makes the property under `key` of `fields` in `memory`; a conversion failure's path starts
    /// at `key`.
    func initialize(_ memory: UnsafeMutableRawPointer, key: String, in fields: SelectionFields) throws {
        switch self {
        case .fields:
            memory.initializeMemory(as: SelectionFields.self, to: fields)
        case .nodes(let list, let item):
            try fields.read("edges") { try list.initializeNodes(memory, edges: fields.fields["edges"] ?? .null, item) }
        default:
            try fields.read(key) { try initialize(memory, from: fields.fields[key] ?? .null) }
        }
    }

    /// Makes a value from `value` in `memory`, which is uninitialised.
    func initialize(_ memory: UnsafeMutableRawPointer, from value: VariableValue) throws {
        switch self {
        case .scalar(let scalar): try scalar.initialize(memory, from: value)
        case .value(let type): try type.initialize(memory, from: value)
        case .object(let layout):
            guard case .object(let fields) = value else {
                throw ReadValueFailure.mismatch(value, expected: "an object")
            }
            try layout.initialize(memory, from: SelectionFields(fields))
        case .optional(let layout, let wrapped): try layout.initialize(memory, from: value, wrapped)
        case .list(let type, let item): try type.initialize(memory, from: value, item)
        case .result(let type, let success): try type.initialize(memory, from: value, success)
        case .fields, .nodes: throw ReadValueFailure.mismatch(value, expected: "fields")
        }
    }

    /// Destroys the value this reader made in `memory`.
    func deinitialize(_ memory: UnsafeMutableRawPointer) {
        switch self {
        case .scalar(let scalar): scalar.deinitialize(memory)
        case .value(let type): type.deinitialize(memory)
        case .object(let layout):
            for property in layout.properties { property.reader.deinitialize(memory + property.offset) }
        case .optional(let layout, _): layout.type.deinitialize(memory)
        case .list(let type, _), .nodes(let type, _): type.deinitialize(memory)
        case .result(let type, _): type.deinitialize(memory)
        case .fields: memory.assumingMemoryBound(to: SelectionFields.self).deinitialize(count: 1)
        }
    }
}

/// A property of one of the scalar types most fields have, optional or not: reading it through
/// `SelectionValue` would go through generic code for every value.
enum ScalarReader {
    case string, optionalString, int, optionalInt, bool, optionalBool, double, optionalDouble
    case pointer, optionalPointer

    init?(_ type: Any.Type) {
        let kinds: [(Any.Type, ScalarReader)] = [
            (String.self, .string), (String?.self, .optionalString), (Int.self, .int), (Int?.self, .optionalInt),
            (Bool.self, .bool), (Bool?.self, .optionalBool), (Double.self, .double), (Double?.self, .optionalDouble),
            (FragmentPointer.self, .pointer), (FragmentPointer?.self, .optionalPointer),
        ]
        guard let kind = kinds.first(where: { $0.0 == type })?.1 else { return nil }
        self = kind
    }

    func initialize(_ memory: UnsafeMutableRawPointer, from value: VariableValue) throws {
        switch self {
        case .string: memory.initializeMemory(as: String.self, to: try String(selectionValue: value))
        case .optionalString:
            memory.initializeMemory(as: String?.self, to: try value.orNil(String.init(selectionValue:)))
        case .int: memory.initializeMemory(as: Int.self, to: try Int(selectionValue: value))
        case .optionalInt: memory.initializeMemory(as: Int?.self, to: try value.orNil(Int.init(selectionValue:)))
        case .bool: memory.initializeMemory(as: Bool.self, to: try Bool(selectionValue: value))
        case .optionalBool: memory.initializeMemory(as: Bool?.self, to: try value.orNil(Bool.init(selectionValue:)))
        case .double: memory.initializeMemory(as: Double.self, to: try Double(selectionValue: value))
        case .optionalDouble:
            memory.initializeMemory(as: Double?.self, to: try value.orNil(Double.init(selectionValue:)))
        case .pointer: memory.initializeMemory(as: FragmentPointer.self, to: try FragmentPointer(selectionValue: value))
        case .optionalPointer:
            memory.initializeMemory(
                as: FragmentPointer?.self, to: try value.orNil(FragmentPointer.init(selectionValue:)))
        }
    }

    func deinitialize(_ memory: UnsafeMutableRawPointer) {
        switch self {
        case .string: memory.assumingMemoryBound(to: String.self).deinitialize(count: 1)
        case .optionalString: memory.assumingMemoryBound(to: String?.self).deinitialize(count: 1)
        case .int, .optionalInt, .bool, .optionalBool, .double, .optionalDouble: break
        case .pointer: memory.assumingMemoryBound(to: FragmentPointer.self).deinitialize(count: 1)
        case .optionalPointer: memory.assumingMemoryBound(to: FragmentPointer?.self).deinitialize(count: 1)
        }
    }
}

extension VariableValue {
    /// Nil for null, else the value `make` makes of this one.
    fileprivate func orNil<T>(_ make: (VariableValue) throws -> T) throws -> T? {
        self == .null ? nil : try make(self)
    }
}

extension SelectionValue {
    /// Makes a value of this type from `value` in `memory`, which is uninitialised.
    fileprivate static func initialize(_ memory: UnsafeMutableRawPointer, from value: VariableValue) throws {
        memory.initializeMemory(as: Self.self, to: try Self(selectionValue: value))
    }

    fileprivate static func deinitialize(_ memory: UnsafeMutableRawPointer) {
        memory.assumingMemoryBound(to: Self.self).deinitialize(count: 1)
    }
}

/// `Optional`, whatever it wraps: how the runtime makes an optional of a generated struct, which
/// conforms to nothing the runtime could call.
protocol OptionalValue {
    static var wrappedType: Any.Type { get }
    /// The bytes of the wrapped value; the optional's own size may add tag bytes after them.
    static var payloadSize: Int { get }
    /// `nil` as bytes: it holds no reference, so copying them makes a `nil`.
    static var nilBytes: [UInt8] { get }
    static func deinitialize(_ memory: UnsafeMutableRawPointer)
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    static var payloadSize: Int { MemoryLayout<Wrapped>.size }

    static var nilBytes: [UInt8] {
        withUnsafeBytes(of: Self.none) { Array($0) }
    }

    static func deinitialize(_ memory: UnsafeMutableRawPointer) {
        memory.assumingMemoryBound(to: Self.self).deinitialize(count: 1)
    }
}

/// An optional property's layout, worked out once: reading one then calls no generic code, where
/// each generic call on `Optional<Wrapped>` looked the optional's metadata up again.
struct OptionalLayout: @unchecked Sendable {
    let type: any OptionalValue.Type
    let payloadSize: Int
    let nilBytes: [UInt8]

    init(_ type: any OptionalValue.Type) {
        self.type = type
        payloadSize = type.payloadSize
        nilBytes = type.nilBytes
    }

    /// Makes the wrapped value in place: an optional is laid out as its wrapped value, followed
    /// by tag bytes when the wrapped type has no bit patterns to spare for `nil` (Swift's
    /// single-payload enum layout), which are 0 for a value.
    func initialize(_ memory: UnsafeMutableRawPointer, from value: VariableValue, _ wrapped: ValueReader) throws {
        if case .null = value {
            nilBytes.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { memory.copyMemory(from: base, byteCount: bytes.count) }
            }
            return
        }
        try wrapped.initialize(memory, from: value)
        for tagByte in payloadSize..<nilBytes.count {
            memory.storeBytes(of: 0, toByteOffset: tagByte, as: UInt8.self)
        }
    }
}

/// `Array`, whatever its elements.
protocol ListValue {
    static var itemType: Any.Type { get }
    static func initialize(_ memory: UnsafeMutableRawPointer, from value: VariableValue, _ item: ValueReader) throws
    static func initializeNodes(_ memory: UnsafeMutableRawPointer, edges: VariableValue, _ item: ValueReader) throws
    static func deinitialize(_ memory: UnsafeMutableRawPointer)
}

extension Array: ListValue {
    static var itemType: Any.Type { Element.self }

    static func initialize(_ memory: UnsafeMutableRawPointer, from value: VariableValue, _ item: ValueReader) throws {
        guard case .list(let values) = value else { throw ReadValueFailure.mismatch(value, expected: "a list") }
        memory.initializeMemory(as: Self.self, to: try items(values, item) { $0 })
    }

    /// The `node` of each edge in `edges` (a connection's), leaving out null edges and nodes; a
    /// failure's path is the edge's index and `node`. Read straight from the edges, without a
    /// list of the nodes first.
    static func initializeNodes(_ memory: UnsafeMutableRawPointer, edges: VariableValue, _ item: ValueReader) throws {
        guard case .list(let edges) = edges else {
            memory.initializeMemory(as: Self.self, to: [])
            return
        }
        let nodes = try items(edges, item, under: "node") { edge in
            guard case .object(let fields) = edge, let node = fields["node"], node != .null else { return nil }
            return node
        }
        memory.initializeMemory(as: Self.self, to: nodes)
    }

    /// The elements made from the values `select` picks out of `values` (nil skips one); a
    /// failure's path starts at the value's index in `values`, then `key` when given.
    private static func items(
        _ values: [VariableValue], _ item: ValueReader, under key: String? = nil,
        select: (VariableValue) -> VariableValue?
    ) throws -> [Element] {
        try [Element](unsafeUninitializedCapacity: values.count) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            for (index, value) in values.enumerated() {
                guard let selected = select(value) else { continue }
                do {
                    try item.initialize(UnsafeMutableRawPointer(base + count), from: selected)
                } catch var failure as ValueConversionFailure {
                    if let key { failure.path.insert(key, at: 0) }
                    failure.path.insert(String(index), at: 0)
                    throw failure
                }
                count += 1
            }
        }
    }

    static func deinitialize(_ memory: UnsafeMutableRawPointer) {
        memory.assumingMemoryBound(to: Self.self).deinitialize(count: 1)
    }
}

/// `Result` of a `@catch(to: RESULT)` field, whatever its value.
protocol CaughtValue {
    static var successType: Any.Type { get }
    static func initialize(_ memory: UnsafeMutableRawPointer, from value: VariableValue, _ success: ValueReader) throws
    static func deinitialize(_ memory: UnsafeMutableRawPointer)
}

extension Result: CaughtValue where Failure == FieldErrors {
    static var successType: Any.Type { Success.self }

    static func initialize(_ memory: UnsafeMutableRawPointer, from value: VariableValue, _ success: ValueReader) throws
    {
        let caught = try SelectionFields.caught(value)
        if let errors = caught.errors {
            memory.initializeMemory(as: Self.self, to: .failure(errors))
            return
        }
        let made = try withUnsafeTemporaryAllocation(of: Success.self, capacity: 1) { buffer in
            guard let item = buffer.baseAddress else {
                throw SelectionLayoutError(type: "\(Self.self)", reason: "no memory")
            }
            try success.initialize(UnsafeMutableRawPointer(item), key: "value", in: SelectionFields(caught.fields))
            return item.move()
        }
        memory.initializeMemory(as: Self.self, to: .success(made))
    }

    static func deinitialize(_ memory: UnsafeMutableRawPointer) {
        memory.assumingMemoryBound(to: Self.self).deinitialize(count: 1)
    }
}

extension SelectionFields {
    /// These fields as `type`, a generated struct: what a union's enum makes of its cases.
    @_spi(RelayGenerated) public func object<T>(_ type: T.Type) throws -> T {
        try SelectionLayout.of(type).make(type, from: self)
    }
}

/// A generated data type the runtime cannot build: its code does not match this runtime's, or the
/// app was built without the metadata that describes its stored properties.
struct SelectionLayoutError: Error, CustomStringConvertible {
    let type: String
    let reason: String

    var description: String { "relay-swift cannot read data into \(type): \(reason)" }
}
