import GraphQLParser
import Testing

struct TypeRefParsingTests {
    @Test(arguments: ["Int", "Int!", "[String]", "[String!]!", "[[ID!]]", "_Any9"])
    func readsWhatItPrints(text: String) {
        #expect(TypeRef(parsing: text)?.description == text)
    }

    @Test func ignoresSpacesInside() {
        #expect(TypeRef(parsing: " [ Int ! ] ") == .list(.nonNull(.named("Int"))))
    }

    @Test(arguments: ["", "[Int", "Int]", "9Int", "Int!!", "[]", "Int String", String(repeating: "[", count: 100)])
    func rejectsAnythingElse(text: String) {
        #expect(TypeRef(parsing: text) == nil)
    }
}
