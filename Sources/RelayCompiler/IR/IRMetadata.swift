/// What a feature's transform attaches to an IR node (Relay's associated data on
/// directives): each feature declares its key and a property reading it beside its transform
/// (`IRFragment.isPlural` in `RelayDirectivesTransform.swift`, `IRLinkedField.required` in
/// `RequiredTransform.swift`), so adding a feature edits no IR hub.
public protocol IRMetadataKey {
    associatedtype Value: Hashable & Sendable
    /// The value of a node the feature did not touch.
    static var defaultValue: Value { get }
}

/// The features' data on one IR node, by key. A value equal to its key's default is not stored,
/// so two nodes are equal when their features' values are, however they were set; a node
/// without any costs one empty dictionary.
public struct IRMetadata: Hashable, @unchecked Sendable {
    // `@unchecked`: every value is a `Sendable` key's `Value`.
    private var values: [ObjectIdentifier: AnyHashable] = [:]

    public init() {}

    public subscript<Key: IRMetadataKey>(_ key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)].flatMap { $0.base as? Key.Value } ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue == Key.defaultValue ? nil : AnyHashable(newValue) }
    }
}
