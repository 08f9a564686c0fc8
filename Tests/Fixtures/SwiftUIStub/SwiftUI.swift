// A stand-in for the few SwiftUI declarations the SwiftUI layer uses, so Linux CI can
// type-check `#if canImport(SwiftUI)` code (`.ci/typecheck-swiftui.sh`). Signatures follow
// SwiftUI's; nothing here runs.
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

public protocol DynamicProperty {
    mutating func update()
}

public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

public struct EnvironmentValues {
    public init() {}

    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { Key.defaultValue }
        set {}
    }
}

@propertyWrapper public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
    public mutating func update() {}
}

@propertyWrapper public struct State<Value>: DynamicProperty {
    let value: Value

    public init(wrappedValue: Value) {
        value = wrappedValue
    }

    public init(initialValue: Value) {
        value = initialValue
    }

    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }

    public mutating func update() {}
}

public struct ModifiedContent<Content: View>: View {
    public var body: Never { fatalError() }
}

extension View {
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value)
        -> some View
    {
        ModifiedContent<Self>()
    }
}
