#if canImport(SwiftUI)
    import Relay
    import SwiftUI

    /// `@RefetchableFragment<TodoDetails_todo> var todo`: the fragment's data for the key the
    /// parent passes, re-rendering the view when it changes; `$todo?.refetch(…)` fetches it
    /// again (Relay.swift's `@RefetchableFragment`).
    @MainActor
    @propertyWrapper
    public struct RefetchableFragment<F: Relay.RefetchableFragment>: @preconcurrency DynamicProperty {
        @SwiftUI.Environment(\.relayEnvironment) private var environment: Relay.Environment?
        @SwiftUI.State private var box = ObservedBox<ObservedRefetchableFragment<F>>()
        private let key: F?

        public init() {
            key = nil
        }

        public init(_ key: F.Key) {
            self.key = F(key: key)
        }

        public var wrappedValue: F.Data? { box.observed?.data }

        /// The observable fragment: `refetch`, `isRefetching`.
        public var projectedValue: ObservedRefetchableFragment<F>? { box.observed }

        public func update() {
            box.update(environment: environment, fragment: key) {
                ObservedRefetchableFragment(environment: $0, fragment: $1)
            }
        }
    }

    /// `@PaginationFragment<TodoFeed_user> var feed`: the fragment's data, re-rendering the view
    /// when it changes; `$feed?.loadNext(10)`, `hasNext`, `isLoadingNext`, `loadPrevious`,
    /// `refetch` page through its connection (Relay.swift's `@PaginationFragment`).
    @MainActor
    @propertyWrapper
    public struct PaginationFragment<F: Relay.PaginationFragment>: @preconcurrency DynamicProperty {
        @SwiftUI.Environment(\.relayEnvironment) private var environment: Relay.Environment?
        @SwiftUI.State private var box = ObservedBox<ObservedPaginationFragment<F>>()
        private let key: F?

        public init() {
            key = nil
        }

        public init(_ key: F.Key) {
            self.key = F(key: key)
        }

        public var wrappedValue: F.Data? { box.observed?.data }

        /// The observable fragment: `loadNext`, `loadPrevious`, `hasNext`, `isLoadingNext`, ….
        public var projectedValue: ObservedPaginationFragment<F>? { box.observed }

        public func update() {
            box.update(environment: environment, fragment: key) {
                ObservedPaginationFragment(environment: $0, fragment: $1)
            }
        }
    }

    /// What a refetchable or pagination wrapper keeps across renders: the observable and the
    /// environment and pointer it was made for (a refetch moves the observable, not the
    /// parent's key, so the observable is made again only for another key or environment).
    @MainActor
    final class ObservedBox<Observed> {
        private(set) var observed: Observed?
        private var environment: Relay.Environment?
        private var key: FragmentPointer?

        func update<F: Relay.Fragment>(
            environment: Relay.Environment?, fragment: F?, make: (Relay.Environment, F) -> Observed
        ) {
            guard let environment, let fragment else { return }
            if observed != nil, self.environment === environment, key == fragment.fragmentPointer { return }
            self.environment = environment
            key = fragment.fragmentPointer
            observed = make(environment, fragment)
        }
    }
#endif
