import Foundation
import GraphQLParser

extension Pipeline {
    /// The schema, with the client extensions the sources' `@RelayResolver` docblocks make;
    /// `missing` tells whether one of its files could not be read.
    func loadSchema(
        files: [String: String], resolverExtensions: [Source] = [], missing: inout Bool,
        diagnostics: inout [Diagnostic]
    ) -> Schema {
        var unread = false
        func sources(_ paths: [String]) -> [Source] {
            paths.compactMap { path -> Source? in
                guard let text = files[path] ?? Self.read(path) else {
                    let problem = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
                    diagnostics.append(.error("schema file '\(path)' \(problem)", at: schemaFileLocations[path]))
                    unread = true
                    return nil
                }
                do throws(Diagnostic) {
                    return Source(try IntrospectionSchema.schemaText(text, path: path), name: path)
                } catch {
                    diagnostics.append(error)
                    unread = true
                    return nil
                }
            }
        }
        let (schema, schemaDiagnostics) = RelaySchema.load(
            sources(schemaFiles), clientExtensions: sources(schemaExtensionFiles),
            resolverExtensions: resolverExtensions)
        // A missing file is the one error: what the rest lacks because of it would only bury it.
        if !unread { diagnostics += schemaDiagnostics }
        missing = unread
        return schema
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
