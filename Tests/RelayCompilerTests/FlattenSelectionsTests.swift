import GraphQLParser
import TestSupport
import Testing

@testable import RelayCompiler

/// The normalization selections merge incrementally. Random documents (nested fields, aliases,
/// inline fragments on the parent's type and on others, `@include`/`@skip`, fragment spreads,
/// the same field with and without `@connection`) flatten exactly as the definition does: merge two selections by flattening
/// their children together again.
struct FlattenSelectionsTests {
    static let schema = SchemaLoader.load(
        [
            Source(
                """
                type Query { viewer: User node(id: ID!): Node }
                interface Node { id: ID! }
                type User implements Node { id: ID! name: String best: User friends(first: Int, after: String): UserConnection }
                type Bot implements Node { id: ID! name: String owner: User }
                type UserConnection { edges: [UserEdge] pageInfo: PageInfo! }
                type UserEdge { cursor: String! node: User }
                type PageInfo { hasNextPage: Boolean! endCursor: String }
                """, name: "schema.graphql")
        ], clientDirectives: RelayDirectives.definitions
    ).schema

    /// The definition: each selection merged into an earlier one with the same key by
    /// flattening both children lists together.
    static func reference(_ selections: [IRSelection], parentType: String, fragments: [String: IRFragment])
        -> [IRSelection]
    {
        var result: [IRSelection] = []
        func merge(_ selection: IRSelection) {
            let key = FlattenSelections.mergeKey(selection)
            guard let index = result.firstIndex(where: { FlattenSelections.mergeKey($0) == key }) else {
                return result.append(selection)
            }
            switch (result[index], selection) {
            case (.linkedField(var existing), .linkedField(let new)):
                existing.selections = reference(
                    existing.selections + new.selections, parentType: existing.type.namedType, fragments: fragments)
                existing.connection = existing.connection ?? new.connection
                result[index] = .linkedField(existing)
            case (.inlineFragment(var existing), .inlineFragment(let new)):
                existing.selections = reference(
                    existing.selections + new.selections, parentType: existing.typeCondition, fragments: fragments)
                result[index] = .inlineFragment(existing)
            case (.condition(var existing), .condition(let new)):
                existing.selections = reference(
                    existing.selections + new.selections, parentType: parentType, fragments: fragments)
                result[index] = .condition(existing)
            default:
                break
            }
        }
        func add(_ selection: IRSelection) {
            switch selection {
            case .fragmentSpread(let spread):
                FlattenSelections.inlined(spread, fragments: fragments).map(add)
            case .inlineFragment(let fragment) where fragment.typeCondition == parentType:
                fragment.selections.forEach(add)
            case .inlineFragment(var fragment):
                fragment.selections = reference(
                    fragment.selections, parentType: fragment.typeCondition, fragments: fragments)
                merge(.inlineFragment(fragment))
            case .linkedField(var field):
                field.selections = reference(field.selections, parentType: field.type.namedType, fragments: fragments)
                merge(.linkedField(field))
            case .condition(var condition):
                condition.selections = reference(condition.selections, parentType: parentType, fragments: fragments)
                merge(.condition(condition))
            case .scalarField:
                merge(selection)
            }
        }
        selections.forEach(add)
        return result
    }

    /// A random selection on `User` (`depth` levels of nesting left).
    static func userSelection(_ depth: Int, _ fragmentCount: Int, using random: inout SeededRandom) -> String {
        let choices = depth == 0 ? 4 : 10
        switch Int.random(in: 0..<choices, using: &random) {
        case 0: return "id"
        case 1: return "name"
        case 2: return "n: name"
        case 3: return fragmentCount > 0 ? "...F\(Int.random(in: 0..<fragmentCount, using: &random))" : "id"
        case 4, 5: return "best { \(userSelections(depth - 1, fragmentCount, using: &random)) }"
        case 6: return "b: best { \(userSelections(depth - 1, fragmentCount, using: &random)) }"
        case 7:
            let condition = ["@include(if: $flag)", "@skip(if: $flag)", "@include(if: true)"].randomElement(
                using: &random)
            return "... \(condition ?? "") { \(userSelections(depth - 1, fragmentCount, using: &random)) }"
        case 8: return "... on User { \(userSelections(depth - 1, fragmentCount, using: &random)) }"
        default:
            // The same connection field with and without `@connection`.
            let connection = Bool.random(using: &random) ? "@connection(key: \"F_friends\")" : ""
            return "friends(first: 2) \(connection) { edges { node { "
                + userSelections(depth - 1, fragmentCount, using: &random) + " } } }"
        }
    }

    static func userSelections(_ depth: Int, _ fragmentCount: Int, using random: inout SeededRandom) -> String {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in userSelection(depth, fragmentCount, using: &random) }
            .joined(separator: " ")
    }

    @Test func incrementalMergingAgreesWithTheDefinition() throws {
        var random = SeededRandom(seed: 0xF1A7)
        var compared = 0
        for round in 0..<300 {
            // Fragment i spreads only fragments before it: no cycles.
            var text = ""
            for index in 0..<3 {
                text += "fragment F\(index) on User { id \(Self.userSelections(2, index, using: &random)) }\n"
            }
            let body = Self.userSelections(3, 3, using: &random)
            text += "query Q($flag: Boolean!) { viewer { \(body) } node(id: \"1\") { ... on User { \(body) } } }\n"
            let document = Parser.parse(Source(text, name: "d\(round).graphql")).document
            // Relay's rules but its naming convention (the names here are short).
            let rules = RelayValidation.rules.filter { $0 != RelayNamingRule.self }
            let errors = Validator.validate(
                [document], schema: Self.schema, rules: rules, options: RelayValidation.options)
            guard errors.isEmpty else { continue }
            let (built, _) = IRBuilder.build([document], schema: Self.schema)
            // Spreads under conditions and into `Node` without `@alias`: flattening is the point.
            let output = TransformPipeline.applyCommon(built, schema: Self.schema, enforcesFragmentAliases: false)
            let (program, diagnostics) = (output.program, output.diagnostics)
            guard diagnostics.isEmpty, let operation = program.operations.first else { continue }
            let fragments = program.fragmentsByName
            let flattened = FlattenSelections.apply(
                operation.selections, parentType: operation.rootType, fragments: fragments)
            let expected = Self.reference(operation.selections, parentType: operation.rootType, fragments: fragments)
            #expect(flattened == expected, "\(text)")
            compared += 1
        }
        #expect(compared > 150)
    }
}
