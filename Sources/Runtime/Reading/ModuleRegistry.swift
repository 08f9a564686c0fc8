extension Environment {
    /// What an app shows for each `@module` branch, by the component name the server gives it:
    /// Relay's module loader for `MatchContainer`. Relay loads a component by that name; a Swift
    /// app has every view compiled in and registers each one, with the fragment key its branch
    /// carries:
    ///
    ///     var views = Environment.ModuleRegistry<String>()
    ///     views.register("PhotoView") { (photo: any FeedPhoto_photo_Key) in "a photo" }
    ///     let shown = views.output(for: story.attachment)  // nil: nothing to show
    ///
    /// `Output` is whatever the app makes of a branch: a view, a reader's result.
    public struct ModuleRegistry<Output> {
        private var makers: [String: (Any) -> Output?] = [:]

        public init() {}

        /// Registers what `component` (a `@module(name:)`) means: `make` gets the branch's data
        /// as `Key`, the fragment's key protocol (`any Photo_photo_Key`) or the branch's type.
        public mutating func register<Key>(_ component: String, _ make: @escaping (Key) -> Output) {
            makers[component] = { branch in (branch as? Key).map(make) }
        }

        /// What the app registered for the branch the server chose in `match` (a `@match`
        /// field's value); nil when there is none, the server sent no branch (Relay's
        /// `MatchContainer` renders nothing then), or its component is not registered.
        public func output(for match: (some SelectionObject)?) -> Output? {
            guard let branch = match?.moduleBranch else { return nil }
            return makers[branch.component]?(branch.data)
        }
    }
}

extension SelectionObject {
    /// The `@module` branch this value (a `@match` field's enum) holds: the component name the
    /// server gave and the branch's data, which carries its fragment's key. Nil for a branch the
    /// server did not send and for values that are not module branches.
    public var moduleBranch: (component: String, data: Any)? {
        // A case's associated value is the branch's data, a struct holding the fields it was read from.
        guard let data = Mirror(reflecting: self).children.first?.value,
            let fields = Mirror(reflecting: data).children.first(where: { $0.label == "__fields" })?.value
                as? SelectionFields,
            let component = try? fields.optional(Self.moduleComponentKey, String.self)
        else { return nil }
        return (component, data)
    }

    /// Where generated code reads a branch's component name (the compiler's `ModuleComponentTransform`).
    private static var moduleComponentKey: String { "__module_component" }
}
