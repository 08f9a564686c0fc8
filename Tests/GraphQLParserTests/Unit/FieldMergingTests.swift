import TestSupport
import Testing

@testable import GraphQLParser

/// Field merging skips fragment pairs that cannot conflict when many fragments are spread into
/// one selection. Random documents with many fragments (shared and clashing leaves, arguments,
/// sub-selections, copies of a sub-selection that conflicts within itself, nested spreads,
/// interface and object parents) get the same errors either way.
struct FieldMergingTests {
    static let schema = SchemaLoader.load([
        Source(
            """
            type Query { node: Node user: User }
            interface Node { id: ID! name(upper: Boolean): String }
            type User implements Node { id: ID! name(upper: Boolean): String friend: User age: Int }
            type Photo implements Node { id: ID! name(upper: Boolean): String url: String age: String }
            """, name: "s.graphql")
    ]).0

    /// One selection spreading fragments `F0`…`F<count-1>` on `Node`, `User` or `Photo`; a
    /// fragment may spread a later one or one of the `G` fragments, which only fragments spread.
    /// One document in four clashes nowhere; the others pick clashing fields at different rates.
    static func document(_ count: Int, using random: inout SeededRandom) -> String {
        let clashing = [
            "name", "k: name", "k: id", "name(upper: true)", "name(upper: false)", "age", "k: age", "friend { id }",
            "friend { k: name }", "friend { k: id }", "k: friend { id }", "friend { id name }",
            "friend { k: id k: name }", "friend { friend { id } }", "friend { id friend { name } }",
            "friend { friend { k: id } }", "friend { friend { k: name } }", "friend { k: friend { id } }",
        ]
        let parents = ["Node", "Node", "User", "Photo"]
        let clashesInHundred = [0, 2, 10, 30][Int.random(in: 0..<4, using: &random)]
        let nestedCount = 5
        var text = "query Q { node { id " + (0..<count).map { "...F\($0)" }.joined(separator: " ") + " } }\n"
        func fragment(_ name: String, spreading later: [String]) -> String {
            let parent = parents[Int.random(in: 0..<parents.count, using: &random)]
            var selections = ["id"]
            for number in 0..<Int.random(in: 0...2, using: &random) {
                var field = "own_\(name)_\(number): id"
                if Int.random(in: 0..<100, using: &random) < clashesInHundred {
                    field = clashing[Int.random(in: 0..<clashing.count, using: &random)]
                    // Fields Node lacks, and User's object field, only where they exist.
                    if parent != "User", field.contains("friend") { field = "name" }
                    if parent == "Node", field.hasSuffix("age") { field = "k: name" }
                }
                selections.append(field)
            }
            if !later.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
                selections.append("..." + later[Int.random(in: 0..<later.count, using: &random)])
            }
            return "fragment \(name) on \(parent) { \(selections.joined(separator: " ")) }\n"
        }
        let nested = (0..<nestedCount).map { "G\($0)" }
        for index in 0..<count {
            text += fragment("F\(index)", spreading: (index + 1..<count).map { "F\($0)" } + nested)
        }
        for index in 0..<nestedCount {
            text += fragment("G\(index)", spreading: Array(nested[(index + 1)...]))
        }
        return text
    }

    /// The errors of the field-merging rule alone, skipping fragments or comparing every pair.
    static func errors(_ text: String, name: String) -> (skipping: [String], everyPair: [String]) {
        let document = Parser.parse(Source(text, name: name)).document
        let options = ValidationOptions(maxErrors: nil)
        let rules: [any ValidationRule.Type] = [OverlappingFieldsCanBeMergedRule.self]
        let skipping = Validator.validate([document], schema: schema, rules: rules, options: options)
        let everyPair = OverlappingFieldsCanBeMergedRule.$comparesEveryFragmentPair.withValue(true) {
            Validator.validate([document], schema: schema, rules: rules, options: options)
        }
        return (skipping.map(\.description), everyPair.map(\.description))
    }

    /// Copies of a field whose selection conflicts within itself conflict with each other too,
    /// so fragments selecting them are compared.
    @Test(arguments: [
        "friend { k: id k: name }", "friend { ... on User { id } }", "friend { k: id ...on User { k: name } }",
    ])
    func copiesOfASelectionThatIsNotPlainAreCompared(selection: String) {
        let count = 20
        var text = "query Q { user { " + (0..<count).map { "...F\($0)" }.joined(separator: " ") + " } }\n"
        for index in 0..<count { text += "fragment F\(index) on User { id \(selection) }\n" }
        let (skipping, everyPair) = Self.errors(text, name: "copies.graphql")
        #expect(skipping == everyPair)
    }

    @Test func skippingFragmentsThatCannotConflictChangesNoResult() {
        var random = SeededRandom(seed: 0xF1E1D)
        var documentsWithConflicts = 0
        var documentsWithout = 0
        for round in 0..<300 {
            let text = Self.document(Int.random(in: 17...40, using: &random), using: &random)
            let (skipping, everyPair) = Self.errors(text, name: "d\(round).graphql")
            #expect(skipping == everyPair, "\(text)")
            if everyPair.isEmpty { documentsWithout += 1 } else { documentsWithConflicts += 1 }
        }
        // Both kinds of document occur, so the comparison means something.
        #expect(documentsWithConflicts > 30)
        #expect(documentsWithout > 30)
    }

    /// Many fragments selecting one field with different sub-fields (`node { f<i>: name }`):
    /// their sub-selections merge into one tree of distinct fields, so no pair is compared; a
    /// fragment whose sub-field clashes with another's is still found.
    @Test func thousandsOfFragmentsWithDifferentSubfieldsOfOneField() {
        let count = 4_000
        var text = "query Q { user { " + (0..<count).map { "...F\($0)" }.joined(separator: " ") + " } }\n"
        for index in 0..<count { text += "fragment F\(index) on User { id friend { f\(index): name } }\n" }
        let rules: [any ValidationRule.Type] = [OverlappingFieldsCanBeMergedRule.self]
        let document = Parser.parse(Source(text, name: "subfields.graphql")).document
        #expect(Validator.validate([document], schema: Self.schema, rules: rules).isEmpty)
        let clashing = text + "fragment Clash on User { friend { f7: id } }\n"
        let withClash = clashing.replacingOccurrences(of: "...F0 ", with: "...F0 ...Clash ")
        let errors = Validator.validate(
            [Parser.parse(Source(withClash, name: "clash.graphql")).document], schema: Self.schema, rules: rules)
        #expect(
            errors.map(\.message) == [
                #"Fields "friend" conflict because subfields "f7" conflict because "id" and "name" are different fields. Use different aliases on the fields to fetch both if this was intentional."#
            ])
    }

    /// The case that made skipping worthwhile: 5,000 fragments sharing one field, each with a
    /// field of its own, spread into one selection; no pair can conflict.
    @Test func thousandsOfFragmentsSharingALeafHaveNoConflicts() {
        let count = 5_000
        var text = "query Q { user { " + (0..<count).map { "...F\($0)" }.joined(separator: " ") + " } }\n"
        for index in 0..<count { text += "fragment F\(index) on User { id f\(index): name }\n" }
        let document = Parser.parse(Source(text, name: "many.graphql")).document
        let errors = Validator.validate([document], schema: Self.schema, rules: [OverlappingFieldsCanBeMergedRule.self])
        #expect(errors.isEmpty)
    }
}
