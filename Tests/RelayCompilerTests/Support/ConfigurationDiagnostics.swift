import GraphQLParser
import Testing

/// Checks that reading a configuration file failed with one diagnostic, with this message, at
/// this line and column.
func expectDiagnostic<Value>(
    _ result: Result<Value, Diagnostic>, for text: String, line: Int, column: Int, message: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    guard case .failure(let diagnostic) = result else {
        Issue.record("accepted: \(text)", sourceLocation: sourceLocation)
        return
    }
    #expect(diagnostic.message == message, sourceLocation: sourceLocation)
    #expect(
        diagnostic.location?.line == line && diagnostic.location?.column == column,
        "\(String(describing: diagnostic.location))", sourceLocation: sourceLocation)
}
