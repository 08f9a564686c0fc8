import GraphQLParser

/// A `.graphql` file of the project's `documents`: its whole text is one literal, so its
/// operations and fragments take the way Swift literals take (validation, artifacts beside it,
/// incremental compiles), and its diagnostics point into the file itself.
public enum GraphQLDocumentFile {
    /// The file as one literal; none when it has nothing but blanks and comments (a new file).
    public static func extract(from text: String, file: String) -> ExtractionResult {
        let isEmpty = text.split(separator: "\n").allSatisfy { line in
            let content = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "," }
            return content.isEmpty || content.hasPrefix("#")
        }
        guard !isEmpty else { return ExtractionResult(literals: [], diagnostics: []) }
        let literal = ExtractedLiteral(
            source: Source(text, name: file), range: SourceRange(start: 0, end: UInt32(text.utf8.count)))
        return ExtractionResult(literals: [literal], diagnostics: [])
    }
}
