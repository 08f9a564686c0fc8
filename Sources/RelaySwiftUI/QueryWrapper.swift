#if canImport(SwiftUI)
    import Relay
    import SwiftUI

    /// `@Query<MyQuery>(variables) var result`: loads the query with the view's Relay
    /// environment and re-renders when its data changes; `result` is `.loading`, `.failure` or
    /// `.success(data)`, and `$result` is the underlying `Relay.Query` (for `refetch`).
    @MainActor
    @propertyWrapper
    public struct Query<Operation: Relay.Operation>: @preconcurrency DynamicProperty {
        @SwiftUI.Environment(\.relayEnvironment) private var environment: Relay.Environment?
        @SwiftUI.State private var box = QueryBox<Operation>()
        private let variables: Operation.Variables
        private let fetchPolicy: FetchPolicy

        public init(_ variables: Operation.Variables, fetchPolicy: FetchPolicy = .storeOrNetwork) {
            self.variables = variables
            self.fetchPolicy = fetchPolicy
        }

        public init(fetchPolicy: FetchPolicy = .storeOrNetwork) where Operation.Variables == EmptyVariables {
            self.init(EmptyVariables(), fetchPolicy: fetchPolicy)
        }

        public var wrappedValue: Relay.Query<Operation>.State { box.query?.state ?? .loading }

        public var projectedValue: Relay.Query<Operation>? { box.query }

        public func update() {
            guard let environment else { return }
            let variableData = variables.variableData
            if box.query == nil || box.variables != variableData || box.environment !== environment {
                box.query = Relay.Query(environment: environment, variables: variables, fetchPolicy: fetchPolicy)
                box.variables = variableData
                box.environment = environment
            }
        }
    }

    /// What a `@Query` keeps across renders of its view.
    @MainActor
    final class QueryBox<Operation: Relay.Operation> {
        var query: Relay.Query<Operation>?
        var variables: VariableData?
        var environment: Relay.Environment?
    }
#endif
