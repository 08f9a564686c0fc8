import GraphQLParser
import Testing

@testable import RelayCompiler

/// The Swift defaults of generated `Variables` parameters: an operation's declared default as a
/// Swift literal for built-in scalars, enums and lists of them, nil for what has no literal.
struct VariableDefaultsTests {
    static let schema = SchemaLoader.load(
        [
            Source(
                """
                type Query { todos(status: Status, tags: [String!], filter: Filter, when: Date): [String] }
                enum Status { IN_PROGRESS, DONE }
                input Filter { text: String }
                scalar Date
                """, name: "schema.graphql")
        ], clientDirectives: RelayDirectives.definitions
    ).schema

    func rendered(_ value: IRValue, _ type: TypeRef) -> String? {
        VariableDefaults.expression(value, type: type, schema: Self.schema).map { SwiftRenderer().render($0) }
    }

    @Test func scalarsBecomeSwiftLiterals() {
        #expect(rendered(.bool(false), .named("Boolean")) == "false")
        #expect(rendered(.int("10"), .nonNull(.named("Int"))) == "10")
        #expect(rendered(.int("1"), .named("Float")) == "1.0")
        #expect(rendered(.float("2.5"), .named("Float")) == "2.5")
        #expect(rendered(.string("a \"b\""), .named("String")) == ##"#"a "b""#"##)
        #expect(rendered(.string("42"), .named("ID")) == #""42""#)
    }

    @Test func enumsBecomeTheirSwiftCases() {
        #expect(rendered(.enumValue("IN_PROGRESS"), .named("Status")) == ".inProgress")
        #expect(rendered(.enumValue("MISSING"), .named("Status")) == nil)
    }

    @Test func listsAndSingleValuesForLists() {
        #expect(rendered(.list([.string("a"), .string("b")]), .list(.nonNull(.named("String")))) == #"["a", "b"]"#)
        #expect(rendered(.string("a"), .list(.nonNull(.named("String")))) == #"["a"]"#)
        #expect(rendered(.list([.string("a"), .null]), .list(.named("String"))) == nil)
    }

    @Test func whatHasNoLiteralStaysNil() {
        #expect(rendered(.null, .named("Int")) == nil)
        #expect(rendered(.object([]), .named("Filter")) == nil)
        #expect(rendered(.string("2026-01-01"), .named("Date")) == nil)
        #expect(rendered(.int("99999999999999999999999"), .named("Int")) == nil)
    }
}
