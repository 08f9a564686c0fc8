#if canImport(SwiftUI)
    import Relay
    import SwiftUI

    /// `@Fragment<ToDoItem_todo> var todo`: the fragment's data for the key the parent passes
    /// (`ToDoItem(todo: Fragment(item))`), re-rendering the view when that data changes. Without
    /// a key (`init()`, Relay.swift's declaration) it reads nothing until the view is given one.
    @MainActor
    @propertyWrapper
    public struct Fragment<F: Relay.Fragment>: @preconcurrency DynamicProperty {
        @SwiftUI.Environment(\.relayEnvironment) private var environment: Relay.Environment?
        @SwiftUI.State private var box = FragmentBox<F>()
        private let fragment: F?

        public init() {
            fragment = nil
        }

        public init(_ key: F.Key) {
            fragment = F(key: key)
        }

        public var wrappedValue: F.Data? { box.observed?.data }

        public var projectedValue: ObservedFragment<F>? { box.observed }

        public func update() {
            guard let environment, let fragment else { return }
            if let observed = box.observed, observed.environment === environment,
                observed.fragment.fragmentPointer == fragment.fragmentPointer
            {
                return
            }
            box.observed = ObservedFragment(environment: environment, fragment: fragment)
        }
    }

    /// What a `@Fragment` keeps across renders of its view.
    @MainActor
    final class FragmentBox<F: Relay.Fragment> {
        var observed: ObservedFragment<F>?
    }
#endif
