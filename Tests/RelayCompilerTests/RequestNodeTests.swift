import GraphQLParser
@_spi(RelayGenerated) import RelayCompiler
@_spi(RelayGenerated) import RelayContract
import Testing

/// The `node` expressions of generated types: their shape, and that they compile against `Relay`.
struct RequestNodeTests {
    static let schema = SchemaLoader.load(
        [
            Source(
                """
                type Query { viewer: User, search(text: String!, limit: Float): [SearchResult!]! }
                union SearchResult = User | Todo
                type User { id: ID!, name: String, todos(first: Int, after: String, filter: Filter): TodoConnection }
                input Filter { done: Boolean, tags: [String!] }
                type TodoConnection { edges: [TodoEdge], pageInfo: PageInfo! }
                type TodoEdge { cursor: String!, node: Todo }
                type PageInfo { hasNextPage: Boolean!, endCursor: String }
                type Todo { id: ID!, text: String! }
                """, name: "schema.graphql")
        ], clientDirectives: RelayDirectives.definitions
    ).schema

    static func program(_ files: [(String, String)]) throws -> IRProgram {
        let (program, problems) = TestProject.compile(files, schema: schema)
        #expect(problems.isEmpty, "\(problems)")
        return program
    }

    static let files = [
        (
            "App.swift",
            """
            query AppQuery($tag: String!, $withName: Boolean!) {
              viewer { name @include(if: $withName) ...List_user @arguments(tag: $tag) }
              search(text: "milk", limit: 2.5) { ... on Todo { text } }
            }
            """
        ),
        (
            "List.swift",
            """
            fragment List_user on User @argumentDefinitions(tag: {type: "String"}) {
              todos(first: 10, filter: {done: false, tags: [$tag]}) @connection(key: "List_todos") {
                edges { node { text } } pageInfo { hasNextPage }
              }
            }
            """
        ),
    ]

    @Test func operationNodeHasReaderNormalizationAndParameters() throws {
        let program = try Self.program(Self.files)
        let operation = try #require(program.operations.first)
        let rendered = SwiftRenderer().render(
            RequestNode.concreteRequest(operation, programs: program.programs(schema: Self.schema), schema: Self.schema)
        )
        // One JSON string: a plain scalar field is its name; members at their default are left out.
        #expect(
            rendered.hasPrefix(
                "ConcreteRequest(json: #\"\"\"\n{\"fragment\":{\"name\":\"AppQuery\",\"type\":\"Query\","))
        #expect(
            rendered.contains(#"{"kind":"Condition","condition":"withName","passingValue":true,"selections":["name"]}"#)
        )
        #expect(
            rendered.contains(
                #"{"kind":"FragmentSpread","name":"List_user","args":[{"kind":"Variable","name":"tag","variableName":"tag"}]}"#
            ))
        #expect(rendered.contains(#""storageKey":"search(limit:2.5,text:\"milk\")""#))
        #expect(rendered.contains(#""concreteType":"TodoConnection""#))
        #expect(rendered.contains(#"{"kind":"LinkedHandle","name":"todos","args":"#))
        #expect(rendered.contains(#""handle":"connection","key":"List_todos"}"#))
        #expect(
            rendered.contains(
                #"{"kind":"ObjectValue","name":"filter","fields":[{"kind":"Literal","name":"done","value":false},{"kind":"ListValue","name":"tags","items":[{"kind":"Variable","name":"0","variableName":"tag"}]}]}"#
            ))
        #expect(rendered.contains("\n" + #""params":{"name":"AppQuery","operationKind":"query","id":""#))
        #expect(
            rendered.contains(#""text":"query AppQuery(\n  $tag: String!\n  $withName: Boolean!\n) {\n  viewer {\n"#))
    }

    /// Relay's field handles: the reader reads the handle's field (`__<field or key>_<handle>`,
    /// with the `filters` arguments only), normalization stores the field and then runs the
    /// handle, and the server text has neither the directive nor the handle.
    @Test func clientFieldHandlesAreReadWhereTheHandlerWrites() throws {
        let query = #"""
            query AppQuery {
              viewer {
                name @__clientField(handle: "uppercase")
                todos(first: 2, filter: {done: true}) @__clientField(handle: "sorted", key: "Todos", filters: ["filter"]) {
                  edges { cursor }
                }
              }
            }
            """#
        let program = try Self.program([("App.swift", query)])
        let operation = try #require(program.operations.first)
        let rendered = SwiftRenderer().render(
            RequestNode.concreteRequest(operation, programs: program.programs(schema: Self.schema), schema: Self.schema)
        )
        #expect(rendered.contains(#"{"kind":"ScalarField","name":"__name_uppercase","alias":"name"}"#), "\(rendered)")
        #expect(
            rendered.contains(
                #"{"kind":"LinkedField","name":"__Todos_sorted","alias":"todos","storageKey":"__Todos_sorted(filter:{\"done\":true})","args":[{"kind":"Literal","name":"filter","value":{"done":true}}]"#
            ))
        #expect(rendered.contains(#""name",{"kind":"ScalarHandle","name":"name","handle":"uppercase"}"#))
        #expect(rendered.contains(#"{"kind":"LinkedHandle","name":"todos","args":"#))
        #expect(rendered.contains(#""handle":"sorted","key":"Todos","filters":["filter"]}"#))
        #expect(!rendered.contains("__clientField"))
    }

    /// `@connection(handler:)`: an app's handler keeps the connection, under
    /// `__<key>_<handler>`, and the runtime does not page it (no connection metadata).
    @Test func aConnectionWithTheAppsHandler() throws {
        let fragment = #"""
            fragment List_user on User {
              todos(first: 2) @connection(key: "List_todos", handler: "sortedTodos") { edges { node { id } } }
            }
            """#
        let program = try Self.program([
            ("List.swift", fragment), ("App.swift", "query AppQuery { viewer { ...List_user } }"),
        ])
        let programs = program.programs(schema: Self.schema)
        let operation = try #require(program.operations.first)
        let query = SwiftRenderer().render(
            RequestNode.concreteRequest(operation, programs: programs, schema: Self.schema))
        #expect(query.contains(#""handle":"sortedTodos","key":"List_todos"}"#), "\(query)")
        let reader = SwiftRenderer().render(
            RequestNode.readerFragment(try #require(programs.reader.fragments.first), schema: Self.schema))
        #expect(reader.contains(#""name":"__List_todos_sortedTodos","alias":"todos""#), "\(reader)")
        #expect(!reader.contains(#""metadata""#))
    }

    @Test func generatedNodesCompileAgainstTheRuntime() throws {
        let program = try Self.program(Self.files)
        let programs = program.programs(schema: Self.schema)
        let declarations =
            program.operations.map {
                SwiftDeclaration(
                    .variable(
                        SwiftVariable(
                            name: "node_\($0.name)", type: "ConcreteRequest",
                            initialValue: RequestNode.concreteRequest($0, programs: programs, schema: Self.schema))))
            }
            + program.fragments.map {
                SwiftDeclaration(
                    .variable(
                        SwiftVariable(
                            name: "node_\($0.name)", type: "ReaderFragment",
                            initialValue: RequestNode.readerFragment($0, schema: Self.schema))))
            }
        let source = SwiftRenderer().render(
            SwiftFile(headerComments: [], imports: ["Relay"], declarations: declarations))
        guard let errors = try SwiftTypeChecker.errors(in: source) else {
            print("note: swiftc or the built Relay module not found; skipping the type check of generated nodes")
            return
        }
        #expect(errors.isEmpty, "\(errors)\n\(source)")
    }

    @Test func theSchemaDigestFollowsTheSchemasTextNotWhereItIs() throws {
        let sdl = "type Query { viewer: User } type User { id: ID!, name: String }"
        func digest(_ text: String, at name: String = "schema.graphql", extensions: [String] = []) -> String {
            RelaySchema.load(
                [Source(text, name: name)], clientExtensions: extensions.map { Source($0, name: "client.graphql") }
            ).schema.sourceDigest
        }
        let base = digest(sdl)
        #expect(base.count == 16 && base.allSatisfy(\.isHexDigit))
        #expect(digest(sdl, at: "/elsewhere/schema.graphql") == base, "the file's place does not count")
        #expect(digest(sdl + " type Extra { id: ID! }") != base)
        #expect(digest(sdl, extensions: ["extend type User { draft: String }"]) != base)
        // Resolver docblocks' SDL names the file each is in (a checkout's path): left out.
        let withResolvers = RelaySchema.load(
            [Source(sdl, name: "schema.graphql")],
            resolverExtensions: [Source("extend type User { computed: String }", name: "/checkout/User.swift")])
        #expect(withResolvers.schema.sourceDigest == base)
    }

    @Test func everyOperationCarriesTheSchemaDigest() throws {
        let schema = RelaySchema.load([
            Source("type Query { viewer: User } type User { id: ID!, name: String }", name: "schema.graphql")
        ]).schema
        let (program, problems) = TestProject.compile(
            [("App.swift", "query AppQuery { viewer { name } }")], schema: schema)
        #expect(problems.isEmpty, "\(problems)")
        let operation = try #require(program.operations.first)
        let request = RequestNode.request(operation, programs: program.programs(schema: schema), schema: schema)
        #expect(request.params.schemaHash == schema.sourceDigest)
        let decoded = ConcreteRequest(json: NodeEncoder.json(request))
        #expect(decoded.params.schemaHash == schema.sourceDigest, "written into the node and read back")
    }
}
