import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@testable import GoldenTodoList

/// Generated nodes are JSON strings the runtime decodes once per type; these tests pin the
/// format against the node types it must produce, and what a node that does not decode does.
struct NodeDecodingTests {
    /// Relay's `getFragmentVariables`: an argument the spread did not pass takes the fragment's
    /// default (or none), never a variable of the same name the parent happens to have.
    @Test func argumentsASpreadLeavesOutTakeTheirDefaults() throws {
        let fragment = ReaderFragment(
            json:
                #"{"name":"Avatar_user","type":"User","argumentDefaults":{"size":32},"localArguments":["shape","size"],"selections":[]}"#
        )
        #expect(fragment.localArguments == ["shape", "size"])
        let parent: VariableData = ["size": 64, "shape": "round", "id": "1"]
        let unpassed = try FragmentPointer(
            selectionValue: ["id": "u1", "variables": .object(parent.fields), "arguments": []])
        #expect(unpassed.passedArguments == [])
        #expect(fragment.variables(for: unpassed) == ["size": 32, "id": "1"])
        var passed = parent
        passed.fields["size"] = 16
        let sized = try FragmentPointer(
            selectionValue: ["id": "u1", "variables": .object(passed.fields), "arguments": ["size"]])
        #expect(fragment.variables(for: sized) == ["size": 16, "id": "1"])
        // A pointer made without the reader (no `arguments`) only fills in what it lacks.
        let handMade = FragmentPointer(id: "u1", variables: ["shape": "square"])
        #expect(fragment.variables(for: handMade) == ["size": 32, "shape": "square"])
    }

    @Test func everyKindOfSelectionDecodesToItsNode() {
        let fragment = ReaderFragment(
            json: #"""
                {"name":"List_user","type":"User","plural":true,"argumentDefaults":{"count":2},
                "metadata":{"connection":[{"path":["todos"],"direction":"bidirectional","count":"count","cursor":"cursor","backwardCount":"last","backwardCursor":"before"}],
                "refetch":{"operation":"ListRefetchQuery","fragmentPathInResult":["node"],"identifierField":"id"}},
                "selections":["id",{"kind":"ScalarField","name":"name","alias":"title","storageKey":"name(short:true)","args":[{"kind":"Literal","name":"short","value":true}]},
                {"kind":"LinkedField","name":"todos","args":[{"kind":"Variable","name":"first","variableName":"count"},{"kind":"ObjectValue","name":"filter","fields":[{"kind":"ListValue","name":"tags","items":[{"kind":"Variable","name":"0","variableName":"tag"}]}]}],"concreteType":"TodoConnection","plural":true,"selections":["cursor"]},
                {"kind":"FragmentSpread","name":"Row_user","args":[{"kind":"Literal","name":"size","value":64}]},
                {"kind":"InlineFragment","type":"Admin","selections":["level"]},
                {"kind":"Condition","condition":"withEmail","passingValue":false,"selections":["email"]}]}
                """#)
        #expect(fragment.artifactProblem == nil)
        #expect(fragment.name == "List_user" && fragment.type == "User" && fragment.isPlural)
        #expect(fragment.argumentDefaults == ["count": 2])
        #expect(
            fragment.metadata
                == ReaderFragmentMetadata(
                    connection: [
                        ConnectionMetadata(
                            path: ["todos"], direction: .bidirectional, count: "count", cursor: "cursor",
                            backwardCount: "last", backwardCursor: "before")
                    ],
                    refetch: RefetchMetadata(
                        operation: "ListRefetchQuery", fragmentPathInResult: ["node"], identifierField: "id")))
        #expect(
            fragment.selections == [
                .scalarField(ReaderScalarField(name: "id")),
                .scalarField(
                    ReaderScalarField(
                        name: "name", alias: "title", storageKey: "name(short:true)",
                        args: [.literal(name: "short", value: true)])),
                .linkedField(
                    ReaderLinkedField(
                        name: "todos",
                        args: [
                            .variable(name: "first", variableName: "count"),
                            .object(
                                name: "filter",
                                fields: [.list(name: "tags", items: [.variable(name: "0", variableName: "tag")])]),
                        ], concreteType: "TodoConnection", plural: true,
                        selections: [.scalarField(ReaderScalarField(name: "cursor"))])),
                .fragmentSpread(ReaderFragmentSpread(name: "Row_user", args: [.literal(name: "size", value: 64)])),
                .inlineFragment(
                    ReaderInlineFragment(type: "Admin", selections: [.scalarField(ReaderScalarField(name: "level"))])),
                .condition(
                    variable: "withEmail", passingValue: false,
                    selections: [.scalarField(ReaderScalarField(name: "email"))]),
            ])
    }

    @Test func anOperationsNormalizationHandlesAndParametersDecode() {
        let request = ConcreteRequest(
            json: #"""
                {"fragment":{"name":"AddQuery","type":"Mutation","selections":[]},
                "operation":{"name":"AddQuery","variableDefaults":{"first":10},"selections":[{"kind":"LinkedField","name":"todos","storageKey":"todos(first:10)","args":[{"kind":"Literal","name":"first","value":10}],"selections":["id"]},{"kind":"LinkedHandle","name":"todos","args":[{"kind":"Literal","name":"first","value":10}],"handle":"connection","key":"List_todos","filters":["status"]},{"kind":"ScalarHandle","name":"id","alias":"gone","handle":"deleteRecord"}]},
                "params":{"name":"AddQuery","operationKind":"mutation","id":"abc","clientVariables":["connections"],"text":"mutation AddQuery {\n  x\n}"},
                "testSelectionTypes":{"todos":{"type":"Todo","plural":true,"nullable":false},"todos.status":{"type":"Status","enumValues":["OPEN","DONE"]}}}
                """#)
        #expect(request.artifactProblem == nil)
        #expect(request.operation.variableDefaults == ["first": 10])
        #expect(
            request.operation.selections == [
                .linkedField(
                    NormalizationLinkedField(
                        name: "todos", storageKey: "todos(first:10)", args: [.literal(name: "first", value: 10)],
                        selections: [.scalarField(NormalizationScalarField(name: "id"))])),
                .handle(
                    NormalizationHandle(
                        kind: .linked, name: "todos", args: [.literal(name: "first", value: 10)], handle: "connection",
                        key: "List_todos", filters: ["status"])),
                .handle(NormalizationHandle(kind: .scalar, name: "id", alias: "gone", handle: "deleteRecord")),
            ])
        #expect(
            request.params
                == RequestParameters(
                    name: "AddQuery", operationKind: .mutation, text: "mutation AddQuery {\n  x\n}", id: "abc",
                    clientVariables: ["connections"]))
        #expect(
            request.testSelectionTypes == [
                "todos": MockSelectionType(type: "Todo", plural: true, nullable: false),
                "todos.status": MockSelectionType(type: "Status", enumValues: ["OPEN", "DONE"]),
            ])
    }

    /// Numbers read as in responses (one parser serves both): a whole number is an `Int`, however
    /// it is written.
    @Test func stringsAndNumbersDecodeAsTheCompilerWroteThem() {
        let request = ConcreteRequest(
            json: #"""
                {"fragment":{"name":"Q","type":"Query","selections":[{"kind":"ScalarField","name":"search","args":[
                {"kind":"Literal","name":"a","value":2.5},{"kind":"Literal","name":"b","value":-3},
                {"kind":"Literal","name":"c","value":1e3},{"kind":"Literal","name":"d","value":[true,false,null,{}]}]}]},
                "operation":{"name":"Q","selections":[]},
                "params":{"name":"Q","operationKind":"query","text":"query Q {\n  search(q: \"a\\b\u0001é\/\")\n}"}}
                """#)
        #expect(request.artifactProblem == nil)
        #expect(request.params.text == "query Q {\n  search(q: \"a\\b\u{01}é/\")\n}")
        guard case .scalarField(let field) = request.fragment.selections.first else {
            Issue.record("no field")
            return
        }
        #expect(
            field.args == [
                .literal(name: "a", value: .float(2.5)), .literal(name: "b", value: .int(-3)),
                .literal(name: "c", value: .int(1000)), .literal(name: "d", value: [true, false, nil, .object([:])]),
            ])
    }

    @Test func malformedNodesAreProblemsNotCrashes() {
        for json in [
            #"{"fragment":{}} x"#, #"{"fragment":"#, #"{"a" 1}"#, #"["unterminated"#, #"{"a":"\u12"}"#,
            String(repeating: "[", count: 10_000), "",
        ] {
            #expect(ConcreteRequest(json: json).artifactProblem != nil, "\(json.prefix(20))")
        }
    }

    /// The contract is strict: what the runtime does not know is an error saying where, never a
    /// default that acts differently (an unknown kind read as a scalar field, a misspelled
    /// `action` read as `NONE`).
    @Test func whatTheRuntimeDoesNotKnowIsAnErrorSayingWhere() {
        func problem(_ selections: String) -> String? {
            ReaderFragment(json: #"{"name":"Card_user","type":"User","selections":["# + selections + "]}")
                .artifactProblem
        }
        let unknownKind = problem(#""id",{"kind":"ResolverField","name":"greeting"}"#)
        #expect(unknownKind?.contains("the generated node of Card_user") == true)
        #expect(unknownKind?.contains(#"at selections[1].kind: unknown value "ResolverField""#) == true)
        let misspelledAction = problem(
            #"{"kind":"RequiredField","field":"name","action":"THORW","path":"name"}"#)
        #expect(
            misspelledAction?.contains(
                #"at selections[0].action: unknown value "THORW" (expected one of NONE, LOG, THROW)"#) == true)
        let missingAction = problem(#"{"kind":"RequiredField","field":"name","path":"name"}"#)
        #expect(missingAction?.contains(#"at selections[0]: missing member "action""#) == true)
        let unknownMember = problem(#"{"kind":"LinkedField","name":"friends","selections":[],"pluarl":true}"#)
        #expect(unknownMember?.contains(#"at selections[0].pluarl: unknown member "pluarl" here"#) == true)
        let wrongType = problem(#"{"kind":"LinkedField","name":"friends","plural":"yes","selections":[]}"#)
        #expect(
            wrongType?.contains(#"at selections[0].plural: expected true or false, found the string "yes""#) == true)
        let handleInReader = problem(#"{"kind":"LinkedHandle","name":"todos","handle":"connection"}"#)
        #expect(handleInReader?.contains("a LinkedHandle node is not a reader selection") == true)
        let nested = ConcreteRequest(
            json: #"""
                {"fragment":{"name":"Q","type":"Query","selections":[]},
                "operation":{"name":"Q","selections":[{"kind":"LinkedField","name":"a","selections":[{"kind":"Condition","condition":"x","selections":[]}]}]},
                "params":{"name":"Q","operationKind":"query","text":null}}
                """#)
        #expect(
            nested.artifactProblem?.hasPrefix(
                #"the generated node of Q cannot be read, at operation.selections[0].selections[0]: missing member "passingValue""#
            )
                == true, "\(nested.artifactProblem ?? "")")
        #expect(
            nested.artifactProblem?.hasSuffix("compile the app's GraphQL again with this version of relay-swift")
                == true)
    }

    @Test func generatedNodesDecodeWithoutProblems() {
        #expect(TodoFeedQuery.node.artifactProblem == nil)
        #expect(TodoFeed_user.node.artifactProblem == nil)
        #expect(TodoFeedQuery.node.params.text?.hasPrefix("query TodoFeedQuery {\n  viewer {") == true)
        #expect(TodoFeed_user.node.metadata?.refetch?.operation == "TodoFeedPaginationQuery")
        let handles = TodoFeedQuery.node.operation.selections.flatMap { selection -> [NormalizationHandle] in
            guard case .linkedField(let viewer) = selection else { return [] }
            return viewer.selections.compactMap { if case .handle(let handle) = $0 { handle } else { nil } }
        }
        #expect(handles.map(\.key) == ["TodoFeed_todos"] && handles.first?.handler == .connection)
    }

    @Test func aNodeThatIsNotJSONSaysSoAndFailsItsOperation() async throws {
        let broken = ConcreteRequest(json: #"{"fragment": "#)
        #expect(broken.artifactProblem?.contains("not valid JSON") == true)
        #expect(broken.operation.selections.isEmpty)
        #expect(ReaderFragment(json: "").artifactProblem != nil)
        // Nothing is sent: the operation fails at once, saying why.
        let environment = Environment(network: MockNetwork())
        do {
            _ = try await environment.fetchQuery(BrokenQuery(), fetchPolicy: .networkOnly)
            Issue.record("a broken node was executed")
        } catch RelayError.invalidArtifact(let problem) {
            #expect(problem.contains("compile the app's GraphQL again"))
        }
    }
}

/// An operation whose generated node was damaged.
private struct BrokenQuery: HandWrittenQuery {
    static let node = ConcreteRequest(json: "query BrokenQuery { a }")
}
