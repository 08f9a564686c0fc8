import Foundation
import RelayCompiler
import Testing

struct SwiftRendererTests {
    /// A file using every construct, with hostile names and text.
    static let file = SwiftFile(
        headerComments: [ArtifactGenerator.header.dropFirst(3).description],
        imports: ["Foundation"],
        declarations: [
            SwiftDeclaration(
                .type(
                    SwiftTypeDeclaration(
                        .enum, access: .public, name: "Status", conformances: ["String", "Hashable", "Sendable"],
                        members: [
                            SwiftDeclaration(.enumCase(name: "open", associatedValues: [], rawValue: .string("OPEN"))),
                            SwiftDeclaration(
                                .enumCase(name: "default", associatedValues: [], rawValue: .string("DEFAULT"))),
                        ])),
                documentation: "A status. Ends */ here, \"\"\" and \\ too."),
            SwiftDeclaration(
                .type(
                    SwiftTypeDeclaration(
                        .struct, access: .public, name: "Todo", conformances: ["Hashable", "Sendable"],
                        members: [
                            SwiftDeclaration(.variable(SwiftVariable(access: .public, name: "id", type: "String"))),
                            SwiftDeclaration(
                                .variable(SwiftVariable(access: .public, isMutable: true, name: "self", type: "Int?")),
                                attributes: ["@available(*, deprecated, message: \"Use id.\")"]),
                            SwiftDeclaration(
                                .function(
                                    SwiftFunction(
                                        .initializer(failable: false), access: .public,
                                        parameters: [
                                            SwiftParameter(name: "id", type: "String"),
                                            // A parameter named `self` would shadow `self`: the label keeps
                                            // the name, the local name differs.
                                            SwiftParameter(
                                                label: "self", name: "selfValue", type: "Int?", defaultValue: .nil),
                                        ],
                                        body: [
                                            .assignment(.member(.identifier("self"), "id"), .identifier("id")),
                                            .assignment(.member(.identifier("self"), "self"), .identifier("selfValue")),
                                        ]))),
                            SwiftDeclaration(
                                .variable(
                                    SwiftVariable(
                                        access: .public, isStatic: true, name: "text", type: "String",
                                        initialValue: .string("query Q {\n  a(s: \"#\\\"#\")\n}")))),
                            SwiftDeclaration(
                                .variable(
                                    SwiftVariable(
                                        access: .public, isStatic: true, name: "pairs", type: "[String: Int]",
                                        initialValue: .dictionary([(.string("a"), .integer(1))])))),
                            SwiftDeclaration(
                                .variable(
                                    SwiftVariable(
                                        access: .public, isStatic: true, name: "long", type: "[Int]",
                                        initialValue: .call(
                                            .identifier("Array"),
                                            [
                                                (
                                                    "repeating",
                                                    .call(
                                                        .identifier("max"),
                                                        [
                                                            (nil, .integer(111_111_111_111)),
                                                            (nil, .integer(222_222_222_222)),
                                                            (nil, .integer(333_333_333_333)),
                                                            (nil, .integer(444_444_444_444)),
                                                        ])
                                                ), ("count", .integer(3)),
                                            ])))),
                        ]))),
            SwiftDeclaration(
                .type(
                    SwiftTypeDeclaration(
                        .extension, name: "Todo", whereClause: nil,
                        members: [
                            SwiftDeclaration(
                                .variable(
                                    SwiftVariable(
                                        access: .public, name: "label", type: "String",
                                        getter: [
                                            .switch(
                                                .identifier("id"), cases: [("\"\"", [.return(.string("empty"))])],
                                                default: [.return(.identifier("id"))])
                                        ])))
                        ]))),
        ])

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/SwiftRenderer")

    /// The expected text is `Tests/Fixtures/SwiftRenderer/Rendered.swift.txt`; with
    /// `UPDATE_GOLDEN=1` the test rewrites it.
    @Test func rendersTheModel() throws {
        let rendered = SwiftRenderer().render(Self.file)
        let expectedURL = Self.fixtures.appendingPathComponent("Rendered.swift.txt")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try rendered.write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        #expect(rendered == (try String(contentsOf: expectedURL, encoding: .utf8)))
    }

    /// The rendered text is valid Swift: the toolchain's compiler type-checks it.
    @Test func renderedCodeTypeChecks() throws {
        // The model deliberately uses a deprecated member of its own, which warns.
        let source = SwiftRenderer().render(Self.file)
        guard let errors = try SwiftTypeChecker.errors(in: source, warningsAsErrors: false) else {
            print("note: swiftc not found; skipping the type check of rendered code")
            return
        }
        #expect(errors.isEmpty, "\(errors)")
    }
}
