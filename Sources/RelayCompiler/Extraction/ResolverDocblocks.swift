import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// A Relay Resolver declared in Swift, as Relay declares one in JavaScript: a doc comment
/// (`/** … */` or `///` lines) with Relay's docblock tags on the function that computes the field.
///
/// ```swift
/// /**
///  * @RelayResolver User.fullName: String
///  * @rootFragment UserFullNameResolver
///  */
/// func fullName(_ user: UserFullNameResolver.Data) -> String { … }
/// ```
///
/// The compiler adds the field to the schema (a client schema extension with `@relay_resolver`,
/// as Relay's compiler writes a docblock into the schema), naming the function.
///
/// A tag without a field declares a resolver model type: `@RelayResolver Astronaut` on the
/// function that makes the app's value for an id (`func astronaut(_ id: String) -> AstronautModel?`),
/// a strong model; with `@weak`, on the Swift type of the value itself (`struct Badge`), a weak
/// model, which edges return whole. The model's fields are functions of the value.
public struct ResolverDocblock: Hashable, Sendable {
    /// Where the `@RelayResolver` tag is.
    public var location: SourceLocation
    public var typeName: String
    /// The field's definition as written after the type: `greeting(salutation: String!): String`;
    /// empty for a model type.
    public var fieldDefinition: String
    /// For a model type: whether it is weak (no id; its Swift type follows the docblock).
    public var model: Model?
    public var rootFragment: String?
    public var isLive: Bool
    public var deprecationReason: String?
    /// The docblock's text besides its tags: the field's description.
    public var description: String?
    /// The function the docblock is on (a weak model's Swift type).
    public var functionName: String

    /// A resolver model type.
    public enum Model: Hashable, Sendable {
        /// With an id: the function makes the model's value for it.
        case strong
        /// Without an id: the Swift type is the value's.
        case weak
    }
}

/// Reads `@RelayResolver` docblocks from Swift source, and makes the schema extension they stand
/// for. Only files that mention `@RelayResolver` are read line by line.
public enum ResolverDocblocks {
    static let tag = "@RelayResolver"

    public static func extract(from text: String, file: String) -> (
        docblocks: [ResolverDocblock], diagnostics: [Diagnostic]
    ) {
        guard text.utf8.count >= tag.utf8.count, text.contains(tag) else { return ([], []) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var docblocks: [ResolverDocblock] = []
        var diagnostics: [Diagnostic] = []
        var index = 0
        while index < lines.count {
            guard let (block, end) = comment(startingAt: index, in: lines) else {
                index += 1
                continue
            }
            index = end + 1
            guard block.contains(where: { $0.text.hasPrefix(tag) }) else { continue }
            switch docblock(block, followedBy: lines[(end + 1)...], file: file) {
            case .success(let found): docblocks.append(found)
            case .failure(let problem): diagnostics.append(problem)
            }
        }
        return (docblocks, diagnostics)
    }

    /// One line of a doc comment, without its comment markers: its text and where it starts.
    struct CommentLine {
        var text: String
        var line: Int
        var column: Int
    }

    /// The doc comment starting at line `index`: its lines and the index of its last line.
    private static func comment(startingAt index: Int, in lines: [String]) -> ([CommentLine], Int)? {
        let first = lines[index].drop { $0 == " " || $0 == "\t" }
        if first.hasPrefix("///") {
            var block: [CommentLine] = []
            var end = index
            while end < lines.count, let text = stripped(lines[end], marker: "///") {
                block.append(CommentLine(text: text.text, line: end + 1, column: text.column))
                end += 1
            }
            return (block, end - 1)
        }
        guard first.hasPrefix("/**") else { return nil }
        var block: [CommentLine] = []
        var end = index
        while end < lines.count {
            var line = lines[end]
            let closes = line.contains("*/")
            if closes, let close = line.range(of: "*/") { line = String(line[..<close.lowerBound]) }
            let marker = end == index ? "/**" : "*"
            let text =
                stripped(line, marker: marker) ?? (line.trimmingSpaces, line.count - line.trimmingSpaces.count + 1)
            block.append(CommentLine(text: text.text, line: end + 1, column: text.column))
            if closes { return (block, end) }
            end += 1
        }
        return (block, end - 1)
    }

    /// `line` without its leading `marker` and the space after it; nil when it does not start
    /// with the marker.
    private static func stripped(_ line: String, marker: String) -> (text: String, column: Int)? {
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        let rest = line.dropFirst(indent)
        guard rest.hasPrefix(marker) else { return nil }
        let text = rest.dropFirst(marker.count)
        let leading = text.prefix { $0 == " " }.count
        return (String(text.dropFirst(leading)).trimmingSpaces, indent + marker.count + leading + 1)
    }

    private static func docblock(_ block: [CommentLine], followedBy rest: ArraySlice<String>, file: String)
        -> Result<ResolverDocblock, Diagnostic>
    {
        var declaration: (text: String, location: SourceLocation)?
        var rootFragment: String?
        var isLive = false
        var isWeak = false
        var deprecationReason: String?
        var description: [String] = []
        for line in block {
            let location = SourceLocation(file: file, line: line.line, column: line.column)
            guard line.text.hasPrefix("@") else {
                if !line.text.isEmpty { description.append(line.text) }
                continue
            }
            let name = String(line.text.prefix { !$0.isWhitespace })
            let value = line.text.dropFirst(name.count).trimmingSpaces
            switch name {
            case tag: declaration = (value, location)
            case "@rootFragment": rootFragment = value.isEmpty ? nil : value
            case "@live": isLive = true
            case "@weak": isWeak = true
            case "@deprecated": deprecationReason = value.isEmpty ? "No longer supported" : value
            default:
                return .failure(
                    .error(
                        "The docblock tag \(name) is not supported by relay-swift yet (supported: @RelayResolver, "
                            + "@rootFragment, @live, @weak, @deprecated).", at: location))
            }
        }
        guard let declaration else { return .failure(.error("Expected a @RelayResolver tag.", at: nil)) }
        guard let dot = declaration.text.firstIndex(of: ".") else {
            if isLive {
                return .failure(
                    .error("A @live model type is not supported by relay-swift yet.", at: declaration.location))
            }
            return model(
                declaration.text, at: declaration.location, isWeak: isWeak, description: description, followedBy: rest)
        }
        guard !declaration.text[..<dot].isEmpty, !declaration.text[declaration.text.index(after: dot)...].isEmpty,
            !isWeak
        else {
            return .failure(
                .error(
                    isWeak
                        ? "@weak declares a model type: `@RelayResolver Type` on the Swift type of its values."
                        : "Expected a field (`@RelayResolver Type.field: FieldType`) or a model type "
                            + "(`@RelayResolver Type`).", at: declaration.location))
        }
        guard let function = functionName(after: rest) else {
            return .failure(
                .error(
                    "A @RelayResolver docblock must be on the Swift function that computes the field (`func …`).",
                    at: declaration.location))
        }
        return .success(
            ResolverDocblock(
                location: declaration.location, typeName: String(declaration.text[..<dot]),
                fieldDefinition: String(declaration.text[declaration.text.index(after: dot)...]), model: nil,
                rootFragment: rootFragment, isLive: isLive, deprecationReason: deprecationReason,
                description: description.isEmpty ? nil : description.joined(separator: " "), functionName: function))
    }

    /// A model type's docblock: a strong model on the function making its values, a weak one
    /// on their Swift type.
    private static func model(
        _ name: String, at location: SourceLocation, isWeak: Bool, description: [String],
        followedBy rest: ArraySlice<String>
    ) -> Result<ResolverDocblock, Diagnostic> {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return .failure(.error("Expected a type name after @RelayResolver, got '\(name)'.", at: location))
        }
        let declared = isWeak ? typeName(after: rest) : functionName(after: rest)
        guard let declared else {
            return .failure(
                .error(
                    isWeak
                        ? "A weak model's @RelayResolver docblock must be on the Swift type of its values "
                            + "(`struct \(name) { … }`)."
                        : "A model's @RelayResolver docblock must be on the Swift function that makes its value for "
                            + "an id (`func …(_ id: String) -> …`).", at: location))
        }
        return .success(
            ResolverDocblock(
                location: location, typeName: name, fieldDefinition: "", model: isWeak ? .weak : .strong,
                rootFragment: nil, isLive: false, deprecationReason: nil,
                description: description.isEmpty ? nil : description.joined(separator: " "), functionName: declared))
    }

    /// The name of the type declared after the comment: a struct, class, enum, actor or alias.
    private static func typeName(after lines: ArraySlice<String>) -> String? {
        for line in lines {
            let text = line.trimmingSpaces
            if text.isEmpty || (text.hasPrefix("@") && !text.contains(" ")) { continue }
            let words = text.split(separator: " ")
            guard
                let index = words.firstIndex(where: { ["struct", "class", "enum", "actor", "typealias"].contains($0) }),
                index + 1 < words.count
            else { return nil }
            let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }

    /// The name of the function declared after the comment (past attributes and blank lines).
    private static func functionName(after lines: ArraySlice<String>) -> String? {
        for line in lines {
            let text = line.trimmingSpaces
            if text.isEmpty || (text.hasPrefix("@") && !text.contains("func ")) { continue }
            guard let range = text.range(of: "func ") else { return nil }
            let name = text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }

    /// The schema extension `docblocks` (all of one Swift file) stand for: each field on the line
    /// of its tag, so a problem the schema finds in it is reported in the Swift file.
    public static func schemaExtension(_ docblocks: [ResolverDocblock], file: String) -> Source? {
        guard !docblocks.isEmpty else { return nil }
        var text = ""
        var line = 1
        for docblock in docblocks.sorted(by: { $0.location < $1.location }) {
            while line < docblock.location.line {
                text += "\n"
                line += 1
            }
            let description = docblock.description.map { VariableValue.jsonString($0) + " " } ?? ""
            if let model = docblock.model {
                text += modelDefinition(docblock, model, description: description, file: file)
                continue
            }
            var arguments = [
                "import_path: \(VariableValue.jsonString(file))",
                "import_name: \(VariableValue.jsonString(docblock.functionName))",
            ]
            if let fragment = docblock.rootFragment {
                arguments.insert("fragment_name: \(VariableValue.jsonString(fragment))", at: 0)
            }
            if docblock.isLive { arguments.append("live: true") }
            var directives = "@relay_resolver(" + arguments.joined(separator: ", ") + ")"
            if let reason = docblock.deprecationReason {
                directives += " @deprecated(reason: \(VariableValue.jsonString(reason)))"
            }
            text += "extend type \(docblock.typeName) { \(description)\(docblock.fieldDefinition) \(directives) }"
        }
        return Source(text + "\n", name: file)
    }

    /// Relay's schema form of a model type: a strong model's `id` and model resolver; a weak
    /// model's instance scalar, naming its Swift type.
    private static func modelDefinition(
        _ docblock: ResolverDocblock, _ model: ResolverDocblock.Model, description: String, file: String
    ) -> String {
        let name = docblock.typeName
        let path = VariableValue.jsonString(file)
        switch model {
        case .strong:
            return
                "\(description)type \(name) @__RelayResolverModel { id: ID! __relay_model_instance: RelayResolverValue "
                + "@relay_resolver(fragment_name: \(VariableValue.jsonString(name + "__id")), import_path: \(path), "
                + "import_name: \(VariableValue.jsonString(docblock.functionName)), inject_fragment_data: \"id\") }"
        case .weak:
            return "scalar \(name)Model @__RelayCustomScalar(path: \(path), export_name: "
                + "\(VariableValue.jsonString(docblock.functionName))) \(description)type \(name) @__RelayResolverModel "
                + "@__RelayWeakObject { __relay_model_instance: \(name)Model }"
        }
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
