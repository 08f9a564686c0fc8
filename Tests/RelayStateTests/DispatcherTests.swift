import RelayState
import Testing

struct AppState: Sendable {
    struct Database: Sendable { var entities: [String] = [] }
    struct MyInfoState: Sendable { var name: String = "" }
    struct LoggedInState: Sendable {
        var myInfo = MyInfoState()
        var token: String = ""
    }
    struct LoggedOutState: Sendable { var attempts: Int = 0 }

    var count: Int = 0
    var fetchedItems: [String] = []
    var db = Database()
    var loggedIn = LoggedInState()
    var loggedOut = LoggedOutState()
}

enum AppActivity: Sendable { case happen }

final class AppStore: Store<AppState, AppActivity>, @unchecked Sendable {
    init() { super.init(initialState: AppState()) }
}

final class MyDispatcher: AppStore.Dispatcher, @unchecked Sendable {
    func doSomething() {
        commit { $0.count = 100 }
    }
}

struct APIClient: Sendable {
    var items: [String]
    func fetchData(_ completion: ([String]) -> Void) { completion(items) }
}

final class FetchingDispatcher: AppStore.Dispatcher, @unchecked Sendable {
    let apiClient: APIClient

    init(apiClient: APIClient, targetStore: AppStore) {
        self.apiClient = apiClient
        super.init(targetStore: targetStore)
    }

    func fetchData() {
        apiClient.fetchData { items in
            commit { $0.fetchedItems = items }
        }
    }
}

final class LoggedInService: AppStore.ScopedDispatcher<AppState.LoggedInState>, @unchecked Sendable {
    init(store: AppStore) {
        super.init(targetStore: store, scope: \.loggedIn)
    }

    func someOperation() {
        commit { (state: inout InoutRef<AppState.LoggedInState>) in
            state.token = "secret"
        }
    }

    func detachingOperation() {
        let myInfo = detached(by: \.myInfo)
        myInfo.commit { (state: inout InoutRef<AppState.MyInfoState>) in
            state.name = "Muukii"
        }
        let db = detached(from: \.db)
        db.commit { (state: inout InoutRef<AppState.Database>) in
            state.entities.append("entity")
        }
    }
}

@Suite("Seed 001: Dispatcher")
struct DispatcherSeedTests {
    @Test("Add an action to the dispatcher")
    func action() {
        let store = AppStore()
        let dispatcher = MyDispatcher(targetStore: store)
        dispatcher.doSomething()
        #expect(store.state.count == 100)
    }

    @Test("Add a dependency to dispatch an action")
    func dependency() {
        let store = AppStore()
        let dispatcher = FetchingDispatcher(apiClient: APIClient(items: ["a", "b"]), targetStore: store)
        dispatcher.fetchData()
        #expect(store.state.fetchedItems == ["a", "b"])
    }

    @Test("Create multiple Dispatchers for one store")
    func multiple() {
        let store = AppStore()
        MyDispatcher(targetStore: store).doSomething()
        FetchingDispatcher(apiClient: APIClient(items: ["x"]), targetStore: store).fetchData()
        #expect(store.state.count == 100)
        #expect(store.state.fetchedItems == ["x"])
        #expect(store.state.version == 2)
    }

    @Test("Create scoped dispatcher, detaching deeper and from the root")
    func scoped() {
        let store = AppStore()
        let service = LoggedInService(store: store)
        service.someOperation()
        #expect(store.state.loggedIn.token == "secret")
        service.detachingOperation()
        #expect(store.state.loggedIn.myInfo.name == "Muukii")
        #expect(store.state.db.entities == ["entity"])
        #expect(store.state.version == 3)
    }
}
