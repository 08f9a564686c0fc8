// Input values: literals, variables, lists and objects.
extension Parser {
    /// Value[Const]. In a constant position (defaults, SDL directives) variables are an error.
    mutating func parseValue(isConst: Bool) throws(SyntaxError) -> Value {
        let current = token
        switch current.kind {
        case .bracketLeft:
            advance()
            try enterNesting()
            defer { depth -= 1 }
            var values: [Value] = []
            while !expectOptionalToken(.bracketRight) {
                values.append(try parseValue(isConst: isConst))
            }
            return .list(values, range(from: current))
        case .braceLeft:
            advance()
            try enterNesting()
            defer { depth -= 1 }
            var fields: [ObjectField] = []
            while !expectOptionalToken(.braceRight) {
                let start = token
                let name = try parseName()
                try expectToken(.colon)
                let value = try parseValue(isConst: isConst)
                fields.append(ObjectField(name: name, value: value, range: range(from: start)))
            }
            return .object(fields, range(from: current))
        case .int:
            advance()
            return .int(text(of: current), current.range)
        case .float:
            advance()
            return .float(text(of: current), current.range)
        case .string, .blockString:
            return .string(parseStringLiteral())
        case .name:
            advance()
            if isKeyword(current, "true") { return .boolean(true, current.range) }
            if isKeyword(current, "false") { return .boolean(false, current.range) }
            if isKeyword(current, "null") { return .null(current.range) }
            return .enumValue(makeName(current))
        case .dollar:
            if isConst {
                advance()
                if peek(.name) {
                    throw error("Unexpected variable \"$\(text(of: token))\" in constant value.", at: current)
                }
                throw unexpected(current)
            }
            return .variable(try parseVariable())
        default:
            throw unexpected(current)
        }
    }

    /// The current String or BlockString token as a value; the caller has checked the kind.
    mutating func parseStringLiteral() -> StringValue {
        let current = token
        advance()
        if current.kind == .blockString {
            return StringValue(value: BlockStrings.value(in: bytes, range: current.range), isBlock: true, range: current.range)
        }
        return StringValue(value: StringValues.stringValue(in: bytes, range: current.range), isBlock: false, range: current.range)
    }
}
