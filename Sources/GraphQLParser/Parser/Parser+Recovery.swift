// Error recovery: after a syntax error the parser skips to a point where parsing can resume,
// so one parse reports every independent error (as the Relay compiler's parser does) and still
// returns the definitions and selections around them.
extension Parser {
    /// Skips to the next token that can start a definition at the nesting level where the error
    /// happened. `before` is where the failed definition started; at least one token is skipped
    /// so that recovery always makes progress.
    mutating func synchronizeToDefinition(from before: UInt32) {
        var depth = 0
        var moved = token.start > before
        while !peek(.endOfFile) {
            if depth == 0, moved, startsDefinition(token) { return }
            trackNesting(&depth)
            advance()
            moved = true
        }
    }

    /// Skips to the next token that can start a selection, or to the `}` closing the set.
    mutating func synchronizeToSelection() {
        var depth = 0
        var moved = false
        while !peek(.endOfFile) {
            if depth == 0 {
                if peek(.braceRight) { return }
                if moved, peek(.name) || peek(.spread) { return }
            }
            trackNesting(&depth)
            advance()
            moved = true
        }
    }

    /// Counts brackets opened since the error; a stray closer is skipped without going negative.
    private func trackNesting(_ depth: inout Int) {
        switch token.kind {
        case .braceLeft, .parenLeft, .bracketLeft: depth += 1
        case .braceRight, .parenRight, .bracketRight: depth = max(0, depth - 1)
        default: break
        }
    }

    private func startsDefinition(_ token: Token) -> Bool {
        switch token.kind {
        case .braceLeft, .string, .blockString:
            return true
        case .name:
            for keyword: StaticString in [
                "query", "mutation", "subscription", "fragment", "extend", "schema", "scalar", "type", "interface",
                "union", "enum", "input", "directive",
            ] where isKeyword(token, keyword) {
                return true
            }
            return false
        default:
            return false
        }
    }
}
