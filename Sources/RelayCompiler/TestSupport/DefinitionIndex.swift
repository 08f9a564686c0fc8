import GraphQLParser

/// `RelayDefinitions.graphql.swift`, written when a project asks for test support: the list of
/// every operation and fragment type generated, so `RelayTesting`'s generated-data check can run
/// them all without the app naming each (Swift cannot enumerate a module's types).
///
/// It lists the whole project, not only what a compile regenerated, and goes into the artifact
/// directory, or the first output folder when definitions go beside their sources. No
/// operation or fragment can have its name (see `ArtifactGenerator.schemaTypesFileName`).
enum DefinitionIndex {
    static let fileName = "RelayDefinitions.graphql.swift"

    /// The index of `program`'s definitions.
    static func file(for program: IRProgram) -> SwiftFile {
        let operations = program.operations.filter { !$0.isUpdatable }.map(\.name).sorted()
        let readable = program.fragments.filter { !$0.isInline && !$0.isUpdatable }
        let fragments = readable.filter { !$0.isPlural }.map(\.name).sorted()
        let pluralFragments = readable.filter(\.isPlural).map(\.name).sorted()
        func list(_ name: String, _ type: String, _ names: [String]) -> SwiftDeclaration {
            SwiftDeclaration(
                .variable(
                    SwiftVariable(
                        access: .public, isStatic: true, name: name, type: "[any \(type).Type]",
                        initialValue: .identifier("[" + names.map { $0 + ".self" }.joined(separator: ", ") + "]"))),
                documentation: "The generated `\(type)` types, sorted by name.")
        }
        let index = SwiftTypeDeclaration(
            .enum, access: .public, name: "RelayDefinitions",
            members: [
                list("operations", "Relay.Operation", operations),
                list("fragments", "Relay.Fragment", fragments),
                list("pluralFragments", "Relay.PluralFragment", pluralFragments),
            ])
        return SwiftFile(
            headerComments: [],
            imports: ["Relay"],
            declarations: [
                SwiftDeclaration(
                    .type(index),
                    documentation: "Every operation and fragment relay-swift generated for this project "
                        + "(`testSupport`), for `RelayTesting`'s `GeneratedDataCheck`.")
            ])
    }
}
