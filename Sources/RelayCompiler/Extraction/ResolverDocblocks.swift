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

/// Reads `@RelayResolver` docblocks from a Swift file's doc comments (through its
/// `SwiftSourceIndex`: a tag in an ordinary comment or a string is not one), and makes the
/// schema extension they stand for. Only doc comments that mention `@RelayResolver` are read.
public enum ResolverDocblocks {
    static let tag = "@RelayResolver"

    public static func extract(from text: String, file: String, index: SwiftSourceIndex? = nil) -> (
        docblocks: [ResolverDocblock], diagnostics: [Diagnostic]
    ) {
        let code = SwiftCode(text: text, file: file, index: index)
        let tagBytes = Array(tag.utf8)
        let comments = documentationComments(code.index, in: code.bytes).filter { comment in
            code.bytes[Int(comment.start)..<Int(comment.end)].firstRange(of: tagBytes) != nil
        }
        guard !comments.isEmpty else { return ([], []) }
        let lines = LineTable(utf8: code.bytes)
        var docblocks: [ResolverDocblock] = []
        var diagnostics: [Diagnostic] = []
        for comment in comments {
            let block = commentLines(comment, in: code.bytes, lines: lines)
            guard block.contains(where: { $0.text.hasPrefix(tag) }) else { continue }
            let declaration = DeclarationAfter(code: code, offset: Int(comment.end))
            switch docblock(block, followedBy: declaration, file: file) {
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

    /// The doc comments: each `/** … */`, and each run of `///` lines with nothing but line
    /// breaks and indentation between them, as one range.
    static func documentationComments(_ index: SwiftSourceIndex, in bytes: [UInt8]) -> [SourceRange] {
        var blocks: [SourceRange] = []
        var previousWasLine = false
        for comment in index.comments {
            guard comment.isDocumentation else {
                previousWasLine = false
                continue
            }
            let isLine = bytes[Int(comment.range.start) + 1] == UInt8(ascii: "/")
            if isLine, previousWasLine, let last = blocks.last,
                bytes[Int(last.end)..<Int(comment.range.start)].allSatisfy(\.isSwiftWhiteSpace),
                bytes[Int(last.end)..<Int(comment.range.start)].count(where: { $0 == UInt8(ascii: "\n") }) == 1
            {
                blocks[blocks.count - 1] = SourceRange(start: last.start, end: comment.range.end)
            } else {
                blocks.append(comment.range)
            }
            previousWasLine = isLine
        }
        return blocks
    }

    /// A doc comment's lines without their markers (`///`; `/**`, a leading `*` and `*/`) and
    /// the space after them.
    private static func commentLines(_ range: SourceRange, in bytes: [UInt8], lines: LineTable) -> [CommentLine] {
        var result: [CommentLine] = []
        var lineStart = Int(range.start)
        let end = Int(range.end)
        let isBlock = bytes[lineStart + 1] == UInt8(ascii: "*")
        var first = true
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var start = lineStart
            var stop = lineEnd
            while start < stop, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            if isBlock {
                if first {
                    start += 3
                } else if start < stop, bytes[start] == UInt8(ascii: "*"),
                    bytes[start..<stop].starts(with: "*/".utf8) == false
                {
                    start += 1
                }
                if lineEnd == end, stop - start >= 2, bytes[(stop - 2)..<stop].elementsEqual("*/".utf8) { stop -= 2 }
            } else {
                start += 3
            }
            start = min(start, stop)
            while start < stop, bytes[start] == UInt8(ascii: " ") { start += 1 }
            let text = String(decoding: bytes[start..<stop], as: UTF8.self).trimmingSpaces
            result.append(
                CommentLine(
                    text: text, line: lines.position(ofByte: start).line, column: lines.position(ofByte: start).column))
            lineStart = lineEnd + 1
            first = false
        }
        return result
    }

    /// The declaration after a doc comment, read from its code tokens past attributes
    /// (`@MainActor`, `@available(…)`) and modifiers.
    struct DeclarationAfter {
        let code: SwiftCode
        let offset: Int

        private static let modifiers: Set<String> = [
            "public", "private", "fileprivate", "internal", "package", "open", "static", "final", "nonisolated",
            "mutating", "nonmutating", "override", "indirect", "sending", "consuming", "borrowing", "dynamic",
        ]

        /// The name after the first of `keywords` the declaration has (nil when it is another
        /// kind of declaration).
        func name(after keywords: Set<String>) -> String? {
            let tokens = code.index.tokens
            guard var cursor = tokens.firstIndex(where: { Int($0.start) >= offset }) else { return nil }
            while cursor < tokens.count {
                if code.index.isPunctuation(cursor, UInt8(ascii: "@"), in: code.bytes) {
                    cursor += 2
                    if code.index.isPunctuation(cursor, UInt8(ascii: "("), in: code.bytes) {
                        guard let close = code.index.closingBracket(of: cursor, in: code.bytes) else { return nil }
                        cursor = close + 1
                    }
                    continue
                }
                guard tokens[cursor].kind == .identifier else { return nil }
                let word = code.index.text(of: cursor, in: code.bytes)
                if keywords.contains(word) {
                    guard cursor + 1 < tokens.count, tokens[cursor + 1].kind == .identifier else { return nil }
                    return code.index.text(of: cursor + 1, in: code.bytes)
                }
                guard Self.modifiers.contains(word) else { return nil }
                cursor += 1
            }
            return nil
        }

        /// The function declared: `func name`.
        var functionName: String? { name(after: ["func"]) }
        /// The type declared: a struct, class, enum, actor or alias.
        var typeName: String? { name(after: ["struct", "class", "enum", "actor", "typealias"]) }
    }

    private static func docblock(_ block: [CommentLine], followedBy rest: DeclarationAfter, file: String)
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
        guard let function = rest.functionName else {
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
        followedBy rest: DeclarationAfter
    ) -> Result<ResolverDocblock, Diagnostic> {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return .failure(.error("Expected a type name after @RelayResolver, got '\(name)'.", at: location))
        }
        let declared = isWeak ? rest.typeName : rest.functionName
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
