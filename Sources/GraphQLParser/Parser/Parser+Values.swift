// Input values: literals, variables, lists and objects.
extension Parser {
    /// Value[Const]. In a constant position (defaults, SDL directives) variables are an error.
    mutating func parseValue(isConst: Bool) throws(SyntaxError) -> UInt32 {
        let current = token
        switch current.kind {
        case .bracketLeft:
            advance()
            try enterNesting()
            defer { depth -= 1 }
            let mark = builder.listMark
            while !expectOptionalToken(.bracketRight) {
                let value = try parseValue(isConst: isConst)
                builder.push(value)
            }
            let values = builder.finishList(from: mark)
            return node(.listValue, from: current, a: values)
        case .braceLeft:
            advance()
            try enterNesting()
            defer { depth -= 1 }
            let mark = builder.listMark
            while !expectOptionalToken(.braceRight) {
                let start = token
                let name = try parseName()
                try expectToken(.colon)
                let value = try parseValue(isConst: isConst)
                builder.push(node(.objectField, from: start, a: name, b: value))
            }
            let fields = builder.finishList(from: mark)
            return node(.objectValue, from: current, a: fields)
        case .int:
            advance()
            return builder.add(.intValue, current.range)
        case .float:
            advance()
            return builder.add(.floatValue, current.range)
        case .string, .blockString:
            return parseStringLiteral()
        case .name:
            advance()
            if isKeyword(current, "true") { return builder.add(.booleanValue, current.range, flag: 1) }
            if isKeyword(current, "false") { return builder.add(.booleanValue, current.range, flag: 0) }
            if isKeyword(current, "null") { return builder.add(.nullValue, current.range) }
            return builder.add(.enumValue, current.range, a: makeName(current))
        case .dollar:
            if isConst {
                advance()
                if peek(.name) {
                    throw error("Unexpected variable \"$\(text(of: token))\" in constant value.", at: current)
                }
                throw unexpected(current)
            }
            return try parseVariable()
        default:
            throw unexpected(current)
        }
    }

    /// The current String or BlockString token as a StringValue node; the caller has checked
    /// the kind. The value is decoded only when read.
    mutating func parseStringLiteral() -> UInt32 {
        let current = token
        advance()
        return builder.add(.stringValue, current.range, flag: current.kind == .blockString ? 1 : 0)
    }
}
