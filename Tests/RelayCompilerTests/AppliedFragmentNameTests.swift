import GraphQLParser
import Testing

@testable import RelayCompiler

/// Relay's names for fragments applied to arguments: the hash and its serialisation.
struct AppliedFragmentNameTests {
    /// The vectors of Relay's own murmurhash test.
    @Test func murmurHashMatchesRelays() {
        #expect(AppliedFragmentName.murmurHash("{count: 20, start: 0, end: 5}") == "31sjku")
        #expect(AppliedFragmentName.murmurHash("{arg: \"{arg: {count: 20, start: 0, end: 5}}\"}") == "3RGiWM")
        let alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        #expect(AppliedFragmentName.murmurHash(String(repeating: alphabet, count: 40)) == "3OKbT6")
        #expect(AppliedFragmentName.murmurHash("{}") == "2wIPj2")
        #expect(AppliedFragmentName.murmurHash("") == "0")
    }

    /// Names Relay's compiler wrote into apps' artifacts: a pagination query's spread with two
    /// variables (`BlogPosts_viewer_2HEEH6`), and Relay's refetch spread of `count: $count`.
    @Test func namesMatchRelaysArtifacts() {
        let after = IRArgument(name: "after", value: .variable("after"), type: nil, location: Self.here)
        let first = IRArgument(name: "first", value: .variable("first"), type: nil, location: Self.here)
        #expect(AppliedFragmentName.of("BlogPosts_viewer", arguments: [first, after]) == "BlogPosts_viewer_2HEEH6")
        let count = IRArgument(name: "count", value: .variable("count"), type: nil, location: Self.here)
        #expect(AppliedFragmentName.of("TodoList_user", arguments: [count]) == "TodoList_user_yu5n1")
        #expect(AppliedFragmentName.of("TodoList_user", arguments: []) == "TodoList_user")
    }

    /// Constants serialise as JSON values (objects with sorted keys), and a list or object with
    /// a variable inside as Relay's `list` / `object` entries.
    @Test func argumentsSerialiseAsRelays() {
        let arguments = [
            IRArgument(name: "size", value: .int("64"), type: nil, location: Self.here),
            IRArgument(
                name: "filter",
                value: .object([
                    IRObjectField(name: "tags", value: .list([.variable("tag")])),
                    IRObjectField(name: "done", value: .bool(false)),
                ]), type: nil, location: Self.here),
            IRArgument(
                name: "order",
                value: .object([
                    IRObjectField(name: "z", value: .enumValue("DESC")), IRObjectField(name: "a", value: .null),
                ]),
                type: nil, location: Self.here),
        ]
        #expect(
            AppliedFragmentName.argumentsKey(arguments)
                == #"[{"name":"filter","value":{"object":[{"name":"tags","value":{"list":[{"variable":"tag"}]}},"#
                + #"{"name":"done","value":{"value":false}}]}},{"name":"order","value":{"value":{"a":null,"z":"DESC"}}},"#
                + #"{"name":"size","value":{"value":64}}]"#)
    }

    static let here = SourceLocation(file: "Test.swift", line: 1, column: 1)
}
