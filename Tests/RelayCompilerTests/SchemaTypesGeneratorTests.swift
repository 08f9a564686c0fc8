import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// Schema enums and input objects: emitted once each, tolerant of new enum values, safe with odd
/// names, and compiling against `Relay`.
struct SchemaTypesGeneratorTests {
    static let schema = SchemaLoader.load(
        [
            Source(
                #"""
                scalar DateTime
                type Query { todos(filter: TodoFilter, order: Order): [Todo!]!, unused(x: Unused): Int }
                type Todo { id: ID!, status: Status!, due: DateTime }
                """Where a todo stands. Not `*/` or \"""-safe text."""
                enum Status { OPEN, IN_PROGRESS, DONE @deprecated(reason: "Use \"CLOSED\"") CLOSED }
                enum Order { default, self, unknown, Type }
                input TodoFilter { status: [Status!], text: String = "x", due: DateTime, and: TodoFilter, any: [TodoFilter!], required: Boolean! }
                input Unused { x: Int }
                """#, name: "schema.graphql")
        ]
    ).schema

    static func program() throws -> IRProgram {
        let document = Parser.parse(
            Source(
                "query AppQuery($filter: TodoFilter, $order: Order) { todos(filter: $filter, order: $order) { id status } }",
                name: "App.swift")
        ).document
        #expect(RelayValidation.validate([document], schema: schema).isEmpty)
        return IRBuilder.build([document], schema: schema).0
    }

    @Test func emitsEachUsedTypeOnceInNameOrder() throws {
        let generator = SchemaTypesGenerator(
            schema: Self.schema, mapping: SwiftTypeMapping(customScalars: ["DateTime": "String"]))
        let (declarations, diagnostics) = generator.declarations(for: try Self.program())
        #expect(diagnostics.isEmpty)
        let rendered = SwiftRenderer().render(
            SwiftFile(headerComments: [], imports: ["Relay"], declarations: declarations))
        let typeLines = rendered.split(separator: "\n").filter { $0.hasPrefix("public ") }
        #expect(
            typeLines == [
                "public enum Order: String, SchemaEnum {", "public enum Status: String, SchemaEnum {",
                "public struct TodoFilter: Hashable, Sendable, VariableValueConvertible {",
            ])
        if ProcessInfo.processInfo.environment["PRINT_GENERATED"] != nil { print(rendered) }
        #expect(rendered.contains("@frozen\npublic enum Status"))
        #expect(rendered.contains(#"case inProgress = "IN_PROGRESS""#))
        // No case for values added later (the runtime's `GraphQLEnum` carries them), so a value
        // named `unknown` keeps its name.
        #expect(rendered.contains("    case unknown\n") && !rendered.contains("(String)"))
        #expect(rendered.contains("@Indirect"))
        #expect(rendered.contains(#"/// Deprecated: Use "CLOSED""#))
        #expect(rendered.contains("public var required: Bool\n"))
        guard let errors = try SwiftTypeChecker.errors(in: rendered) else {
            print("note: swiftc or the built Relay module not found; skipping the type check of schema types")
            return
        }
        #expect(errors.isEmpty, "\(errors)\n\(rendered)")
    }

    /// As Relay types an unmapped custom scalar `unknown`, relay-swift reads it as its JSON
    /// (`VariableValue`), with one warning per scalar at its first use.
    @Test func unmappedCustomScalarsAreJSONValuesWithAWarning() throws {
        let mapping = SwiftTypeMapping()
        let generator = SchemaTypesGenerator(schema: Self.schema, mapping: mapping)
        let program = try Self.program()
        let (declarations, diagnostics) = generator.declarations(for: program)
        #expect(diagnostics.isEmpty)
        let rendered = SwiftRenderer().render(
            SwiftFile(headerComments: [], imports: ["Relay"], declarations: declarations))
        #expect(rendered.contains("public var due: VariableValue?"))
        #expect(
            mapping.unmappedScalarWarnings(program, schema: Self.schema).map(\.description) == [
                #"App.swift:1:16: warning: Custom scalar "DateTime" has no Swift type, so it is read as VariableValue (its JSON); map it with --custom-scalar DateTime=<SwiftType> or "customScalarTypes" in relay.json."#
            ])
        #expect(
            SwiftTypeMapping(customScalars: ["DateTime": "String"]).unmappedScalarWarnings(program, schema: Self.schema)
                .isEmpty)
        guard let errors = try SwiftTypeChecker.errors(in: rendered) else { return }
        #expect(errors.isEmpty, "\(errors)\n\(rendered)")
    }

    /// relay.json's `requireCustomScalarTypes`: each unmapped use is an error, and no warning.
    @Test func unmappedCustomScalarsAreErrorsWhenTheProjectRequiresTypes() throws {
        let mapping = SwiftTypeMapping(requiresCustomScalarTypes: true)
        #expect(mapping.unmappedScalarWarnings(try Self.program(), schema: Self.schema).isEmpty)
        let generator = SchemaTypesGenerator(schema: Self.schema, mapping: mapping)
        let (_, diagnostics) = generator.declarations(for: try Self.program())
        #expect(
            diagnostics.map(\.description) == [
                #"schema.graphql:7:1: error: Custom scalar "DateTime" has no Swift type; map it with --custom-scalar DateTime=<SwiftType> or "customScalarTypes" in relay.json."#
            ])
    }

    @Test(arguments: [
        (["OPEN", "IN_PROGRESS"], ["open", "inProgress"]), (["Open", "open"], ["Open", "open"]),
        (["camelCase", "__internal"], ["camelCase", "__internal"]), (["A_B_C"], ["aBC"]),
    ])
    func caseNames(values: [String], expected: [String]) {
        #expect(SchemaTypesGenerator.caseNames(values) == expected)
    }
}
