import Foundation
import GraphQLParser

/// A schema as a server describes itself (the result of the introspection query), turned into
/// SDL: what `fetch-schema` writes, and how a `.json` schema file is read. Types and directives
/// come out sorted by name, and the root types and directives every server has (`String`,
/// `@skip`, `@defer`…) are left out, so the text is the same whatever order the server lists
/// them in.
public enum IntrospectionSchema {
    /// The introspection query: every type with its fields, arguments, input fields, enum
    /// values (deprecated ones included), interfaces and possible types, and the directives.
    public static let query = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives { name description isRepeatable locations args(includeDeprecated: true) { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind name description specifiedByURL isOneOf
          fields(includeDeprecated: true) {
            name description args(includeDeprecated: true) { ...InputValue } type { ...TypeRef }
            isDeprecated deprecationReason
          }
          inputFields(includeDeprecated: true) { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue {
          name description type { ...TypeRef } defaultValue isDeprecated deprecationReason
        }
        fragment TypeRef on __Type {
          kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType {
            kind name ofType { kind name ofType { kind name } } } } } } }
        }
        """

    /// Directives every server has, whose definitions relay-swift supplies itself.
    static let specifiedDirectives: Set<String> = [
        "skip", "include", "deprecated", "specifiedBy", "oneOf", "defer", "stream",
    ]
    static let builtInTypes: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]

    /// The SDL of an introspection result (`{"data": {"__schema": …}}` or `{"__schema": …}`);
    /// a result that is not one is an error naming what is wrong.
    public static func sdl(fromJSON data: Data) throws -> String {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw Problem("the file is not a JSON object")
        }
        if let errors = object["errors"] as? [[String: Any]], object["data"] == nil {
            throw Problem(
                "the server answered with errors: \(errors.compactMap { $0["message"] as? String }.joined(separator: "; "))"
            )
        }
        let root = (object["data"] as? [String: Any]) ?? object
        guard let schema = root["__schema"] as? [String: Any] else {
            throw Problem("no \"__schema\" in the JSON: not an introspection result")
        }
        var parts: [String] = []
        let roots = ["query": "queryType", "mutation": "mutationType", "subscription": "subscriptionType"]
            .compactMap { operation, key -> (String, String)? in
                ((schema[key] as? [String: Any])?["name"] as? String).map { (operation, $0) }
            }
            .sorted {
                ["query", "mutation", "subscription"].firstIndex(of: $0.0) ?? 0 < ["query", "mutation", "subscription"]
                    .firstIndex(of: $1.0) ?? 0
            }
        if roots.contains(where: { $0.0.prefix(1).uppercased() + $0.0.dropFirst() != $0.1 }) {
            parts.append("schema {\n" + roots.map { "  \($0.0): \($0.1)" }.joined(separator: "\n") + "\n}")
        }
        let directives = (schema["directives"] as? [[String: Any]] ?? []).filter {
            !specifiedDirectives.contains($0["name"] as? String ?? "")
        }
        for directive in directives.sorted(by: { name($0) < name($1) }) {
            let locations = (directive["locations"] as? [String] ?? []).joined(separator: " | ")
            let repeatable = directive["isRepeatable"] as? Bool == true ? " repeatable" : ""
            parts.append(
                description(directive)
                    + "directive @\(name(directive))\(arguments(directive["args"]))\(repeatable) on \(locations)")
        }
        let types = (schema["types"] as? [[String: Any]] ?? []).filter {
            let typeName = name($0)
            return !typeName.hasPrefix("__") && !builtInTypes.contains(typeName)
        }
        for type in types.sorted(by: { name($0) < name($1) }) {
            parts.append(try definition(type))
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// A schema file's text as SDL: a `.json` file is read as an introspection result.
    public static func schemaText(_ text: String, path: String) throws(Diagnostic) -> String {
        guard path.lowercased().hasSuffix(".json") else { return text }
        do {
            return try sdl(fromJSON: Data(text.utf8))
        } catch {
            throw .error("schema file '\(path)' is not an introspection result: \(error)", at: nil)
        }
    }

    /// The SDL of an introspection result, printed as graphql-js prints documents.
    public static func printedSDL(fromJSON data: Data) throws -> String {
        Printer.print(Parser.parse(Source(try sdl(fromJSON: data), name: "introspection")).document) + "\n"
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private static func name(_ object: [String: Any]) -> String { object["name"] as? String ?? "" }

    private static func definition(_ type: [String: Any]) throws -> String {
        let typeName = name(type)
        let head = description(type)
        let interfaces = (type["interfaces"] as? [[String: Any]] ?? []).map(name)
        let implements = interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
        switch type["kind"] as? String {
        case "SCALAR":
            let url = (type["specifiedByURL"] as? String).map { " @specifiedBy(url: \(stringLiteral($0)))" } ?? ""
            return head + "scalar \(typeName)\(url)"
        case "OBJECT", "INTERFACE":
            let keyword = type["kind"] as? String == "OBJECT" ? "type" : "interface"
            let fields = (type["fields"] as? [[String: Any]] ?? []).map { field in
                indented(description(field))
                    + "  \(name(field))\(arguments(field["args"])): \(typeReference(field["type"]))"
                    + deprecation(field)
            }
            return head + "\(keyword) \(typeName)\(implements)" + block(fields)
        case "UNION":
            let members = (type["possibleTypes"] as? [[String: Any]] ?? []).map(name)
            return head + "union \(typeName) = " + members.joined(separator: " | ")
        case "ENUM":
            let values = (type["enumValues"] as? [[String: Any]] ?? []).map {
                indented(description($0)) + "  \(name($0))" + deprecation($0)
            }
            return head + "enum \(typeName)" + block(values)
        case "INPUT_OBJECT":
            let fields = (type["inputFields"] as? [[String: Any]] ?? []).map {
                indented(description($0)) + "  " + inputValue($0)
            }
            let oneOf = type["isOneOf"] as? Bool == true ? " @oneOf" : ""
            return head + "input \(typeName)\(oneOf)" + block(fields)
        default:
            throw Problem("type \(typeName) has an unknown kind \(type["kind"] ?? "nil")")
        }
    }

    private static func block(_ lines: [String]) -> String {
        lines.isEmpty ? "" : " {\n" + lines.joined(separator: "\n") + "\n}"
    }

    private static func arguments(_ value: Any?) -> String {
        let arguments = value as? [[String: Any]] ?? []
        guard !arguments.isEmpty else { return "" }
        if arguments.allSatisfy({ $0["description"] as? String == nil }) {
            return "(" + arguments.map(inputValue).joined(separator: ", ") + ")"
        }
        return "(\n"
            + arguments.map { indented(description($0), by: "    ") + "    " + inputValue($0) }.joined(separator: "\n")
            + "\n  )"
    }

    private static func inputValue(_ value: [String: Any]) -> String {
        var text = "\(name(value)): \(typeReference(value["type"]))"
        if let defaultValue = value["defaultValue"] as? String { text += " = \(defaultValue)" }
        return text + deprecation(value)
    }

    private static func typeReference(_ value: Any?) -> String {
        guard let type = value as? [String: Any] else { return "" }
        switch type["kind"] as? String {
        case "NON_NULL": return typeReference(type["ofType"]) + "!"
        case "LIST": return "[" + typeReference(type["ofType"]) + "]"
        default: return name(type)
        }
    }

    private static func deprecation(_ value: [String: Any]) -> String {
        guard value["isDeprecated"] as? Bool == true else { return "" }
        guard let reason = value["deprecationReason"] as? String, reason != "No longer supported" else {
            return " @deprecated"
        }
        return " @deprecated(reason: \(stringLiteral(reason)))"
    }

    private static func description(_ value: [String: Any]) -> String {
        guard let text = value["description"] as? String, !text.isEmpty else { return "" }
        return "\"\"\"\n" + text.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"") + "\n\"\"\"\n"
    }

    private static func indented(_ text: String, by indent: String = "  ") -> String {
        guard !text.isEmpty else { return "" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { indent + $0 }
            .joined(separator: "\n") + "\n"
    }

    /// A GraphQL string literal (JSON's escapes are GraphQL's).
    private static func stringLiteral(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data()
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }
}
