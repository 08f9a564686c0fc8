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
                let read = files[path].map { ($0, Diagnostic?.none) } ?? Self.readChecked(path)
                if let problem = read?.problem {
                    diagnostics.append(problem)
                    unread = true
                    return nil
                }
                guard let text = read?.text else {
                    let problem = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
                    diagnostics.append(
                        .error("schema file '\(path)' \(problem)", at: configuration.schemaFileLocations[path]))
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
            sources(configuration.schemaFiles), clientExtensions: sources(configuration.schemaExtensionFiles),
            resolverExtensions: resolverExtensions)
        // A missing file is the one error: what the rest lacks because of it would only bury it.
        if !unread { diagnostics += schemaDiagnostics }
        missing = unread
        return schema
    }

    /// A source or schema file's text (nil when it cannot be read), a UTF-8 byte order mark
    /// dropped.
    static func read(_ path: String) -> String? {
        readChecked(path)?.text
    }

    /// A file's text and, when it is not UTF-8, the error saying so at its first such byte.
    static func readChecked(_ path: String) -> (text: String, problem: Diagnostic?)? {
        FileManager.default.contents(atPath: path).map { TextEncoding.decode($0, file: path) }
    }
}
