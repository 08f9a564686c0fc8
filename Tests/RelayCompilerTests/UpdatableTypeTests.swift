import Foundation
import Testing

/// `@updatable` makes updaters a Swift compiler's business: the golden `updatable` case's
/// generated code, with an updater assigning its fields, type-checks when the assignments are
/// right and fails to when a value has the wrong type, a field is not in the query, or a record
/// is assigned from data that does not spread the assignable fragment.
struct UpdatableTypeTests {
    static func typeCheck(_ updater: String) throws -> String? {
        let generated = try GoldenTests.compile("updatable")
        let app = """
            func edit(_ store: RecordSourceSelectorProxy, _ friend: ProfileQuery.Data.User_user.User_friends, _ profile: ProfileQuery.Data) {
                let data = store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1"))
                \(updater)
            }
            """
        let source = (generated.keys.sorted().compactMap { generated[$0] } + [app]).joined(separator: "\n")
        return try SwiftTypeChecker.errors(in: source)
    }

    @Test func rightAssignmentsCompile() throws {
        guard
            let errors = try Self.typeCheck(
                """
                data.user?.name = "Ada"
                data.user?.mood = .case(.calm)
                data.user?.tags = ["math"]
                data.user?.score = nil
                data.user?.setBestFriend(friend)
                data.user?.setFriends([friend])
                if case .note(let note)? = data.user?.pinned { note.body = "Pinned" }
                let name = store.readUpdatableFragment(ProfileName_user(key: profile.user!))
                name?.nickname = "A."
                """)
        else {
            print("note: swiftc or the built Relay module not found; skipping the updatable type check")
            return
        }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func aValueOfTheWrongTypeDoesNotCompile() throws {
        guard let errors = try Self.typeCheck("data.user?.name = 42") else { return }
        #expect(errors.contains("error:") && errors.contains("Int"), "\(errors)")
    }

    @Test func aFieldTheQueryDoesNotSelectDoesNotCompile() throws {
        guard let errors = try Self.typeCheck("data.user?.id = \"u2\"") else { return }
        #expect(errors.contains("error:") && errors.contains("id"), "\(errors)")
    }

    @Test func aRecordWithoutTheAssignableFragmentCannotBeAssigned() throws {
        // `profile.user` spreads the updatable fragment, not the assignable one.
        guard let errors = try Self.typeCheck("data.user?.setBestFriend(profile.user!)") else { return }
        #expect(errors.contains("error:") && errors.contains("ProfileFriend_user_Key"), "\(errors)")
    }
}
