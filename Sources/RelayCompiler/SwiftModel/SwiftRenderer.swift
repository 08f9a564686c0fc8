/// Renders the Swift model as source text: 4-space indentation, one declaration per line,
/// calls broken one argument per line when they do not fit, and every identifier and string
/// passed through `SwiftNames`, so names and text from a schema cannot break the output.
///
/// Everything is appended to one growing string (`SwiftText`), so a deeply nested expression
/// is written once instead of being copied up through every level as lines.
public struct SwiftRenderer: Sendable {
    /// Calls longer than this are written one argument per line.
    public var lineWidth = 120
    private static let indentUnit = "    "

    public init() {}

    public func render(_ file: SwiftFile) -> String {
        renderHead(headerComments: file.headerComments, imports: file.imports) + renderBody(file.declarations)
    }

    /// The start of a file: its header comments, a blank line, its imports.
    public func renderHead(headerComments: [String], imports: [String]) -> String {
        var output = SwiftText()
        for comment in headerComments { output.line("// " + comment) }
        if !headerComments.isEmpty { output.newline() }
        for module in imports { output.line(Self.importDeclaration(module)) }
        return output.text
    }

    /// `import X`; `Relay` with the `RelayGenerated` SPI, the plumbing generated code uses
    /// (nodes and their decoding) that `import Relay` alone keeps out of an app's sight.
    static func importDeclaration(_ module: String) -> String {
        module == "Relay" ? "@_spi(RelayGenerated) import Relay" : "import " + module
    }

    /// The rest of a file: each declaration after a blank line. Bodies rendered apart can be
    /// joined into one file after one head.
    public func renderBody(_ declarations: [SwiftDeclaration]) -> String {
        var output = SwiftText()
        for declaration in declarations {
            output.newline()
            write(declaration, indent: "", to: &output)
        }
        return output.text
    }

    /// The declaration's lines, without a final line break.
    public func render(_ declaration: SwiftDeclaration, indent: String) -> String {
        var output = SwiftText()
        write(declaration, indent: indent, to: &output)
        return output.textWithoutFinalLineBreak
    }

    /// The statement's lines, without a final line break.
    public func render(_ statement: SwiftStatement, indent: String) -> String {
        var output = SwiftText()
        write(statement, indent: indent, to: &output)
        return output.textWithoutFinalLineBreak
    }

    /// The expression on one line.
    public func render(_ expression: SwiftExpression) -> String {
        var text = ""
        writeFlat(expression, to: &text)
        return text
    }

    // MARK: - Declarations

    private func write(_ declaration: SwiftDeclaration, indent: String, to output: inout SwiftText) {
        if let documentation = declaration.documentation {
            output.line(SwiftNames.docComment(documentation, indentation: indent))
        }
        for attribute in declaration.attributes { output.line(indent + attribute) }
        switch declaration.kind {
        case .type(let type):
            write(type, indent: indent, to: &output)
        case .variable(let variable):
            write(variable, indent: indent, to: &output)
        case .function(let function):
            write(function, indent: indent, to: &output)
        case .typeAlias(let name, let type, let access):
            output.line(indent + "\(access.rawValue) typealias \(name) = \(type)")
        case .enumCase(let name, let associatedValues, let rawValue):
            output.append(indent + "case " + SwiftNames.identifier(name))
            if !associatedValues.isEmpty {
                output.append("(" + associatedValues.map(render).joined(separator: ", ") + ")")
            }
            if let rawValue { output.append(" = " + render(rawValue)) }
            output.newline()
        }
    }

    private func prefix(_ access: SwiftAccess?, isStatic: Bool = false) -> String {
        (access.map { $0.rawValue + " " } ?? "") + (isStatic ? "static " : "")
    }

    private func write(_ type: SwiftTypeDeclaration, indent: String, to output: inout SwiftText) {
        output.append(indent + prefix(type.access) + type.keyword.rawValue + " " + type.name)
        if !type.conformances.isEmpty { output.append(": " + type.conformances.joined(separator: ", ")) }
        if let whereClause = type.whereClause { output.append(" where " + whereClause) }
        guard !type.members.isEmpty else { return output.line(" {}") }
        output.line(" {")
        let memberIndent = indent + Self.indentUnit
        for (index, member) in type.members.enumerated() {
            // Blank lines between members, except within a run of enum cases or stored values.
            if index > 0 {
                let previous = type.members[index - 1]
                let sameRun =
                    (isEnumCase(member) && isEnumCase(previous))
                    || (isStoredVariable(member) && isStoredVariable(previous))
                    || type.isCompact
                if !sameRun { output.newline() }
            }
            write(member, indent: memberIndent, to: &output)
        }
        output.line(indent + "}")
    }

    private func isEnumCase(_ declaration: SwiftDeclaration) -> Bool {
        if case .enumCase = declaration.kind { return true }
        return false
    }

    private func isStoredVariable(_ declaration: SwiftDeclaration) -> Bool {
        if case .variable(let variable) = declaration.kind, variable.getter == nil, declaration.documentation == nil {
            return true
        }
        return false
    }

    private func write(_ variable: SwiftVariable, indent: String, to output: inout SwiftText) {
        output.append(
            indent + prefix(variable.access, isStatic: variable.isStatic)
                + (variable.isMutable || variable.getter != nil ? "var " : "let ")
                + SwiftNames.identifier(variable.name))
        if let type = variable.type { output.append(": " + type) }
        if let getter = variable.getter {
            if getter.isEmpty { return output.line(" { get }") }
            output.line(" {")
            guard let setter = variable.nonmutatingSetter else {
                write(getter, indent: indent + Self.indentUnit, to: &output)
                return output.line(indent + "}")
            }
            let inner = indent + Self.indentUnit
            for (head, body) in [("get {", getter), ("nonmutating set {", setter)] {
                output.line(inner + head)
                write(body, indent: inner + Self.indentUnit, to: &output)
                output.line(inner + "}")
            }
            return output.line(indent + "}")
        }
        if let initialValue = variable.initialValue {
            output.append(" = ")
            writeWrapped(initialValue, indent: indent, to: &output)
        }
        output.newline()
    }

    private func write(_ function: SwiftFunction, indent: String, to output: inout SwiftText) {
        var head = indent + prefix(function.access, isStatic: function.isStatic)
        switch function.kind {
        case .function(let name): head += "func " + SwiftNames.identifier(name)
        case .initializer(let failable): head += failable ? "init?" : "init"
        }
        var suffix = ")"
        if !function.effects.isEmpty { suffix += " " + function.effects.joined(separator: " ") }
        if let returnType = function.returnType { suffix += " -> " + returnType }
        let parameters = function.parameters.map(render)
        let signature = head + "(" + parameters.joined(separator: ", ") + suffix
        if signature.utf8.count > lineWidth, !parameters.isEmpty {
            // One parameter per line, as swift-format lays out long signatures.
            output.line(head + "(")
            for (index, parameter) in parameters.enumerated() {
                output.line(indent + Self.indentUnit + parameter + (index < parameters.count - 1 ? "," : ""))
            }
            output.append(indent + suffix)
        } else {
            output.append(signature)
        }
        guard let body = function.body else { return output.newline() }
        if body.isEmpty { return output.line(" {}") }
        if let flat = flatBody(body) {
            let line = " { " + flat + " }"
            if function.bodyOnOneLine || output.column + line.utf8.count <= lineWidth {
                return output.line(line)
            }
        }
        output.line(" {")
        write(body, indent: indent + Self.indentUnit, to: &output)
        output.line(indent + "}")
    }

    private func render(_ parameter: SwiftParameter) -> String {
        var text = ""
        switch (parameter.label, parameter.name) {
        case (let label?, let name?) where label != name: text = label + " " + SwiftNames.identifier(name) + ": "
        case (_, let name?): text = SwiftNames.identifier(name) + ": "
        case (let label?, nil): text = SwiftNames.identifier(label) + ": "
        case (nil, nil): break
        }
        text += parameter.type
        if let defaultValue = parameter.defaultValue { text += " = " + render(defaultValue) }
        return text
    }

    // MARK: - Statements

    /// The statements joined with `; ` when each is an expression, assignment or return on one
    /// line; nil otherwise.
    private func flatBody(_ statements: [SwiftStatement]) -> String? {
        var parts: [String] = []
        for statement in statements {
            switch statement {
            case .expression(let expression): parts.append(render(expression))
            case .assignment(let target, let value): parts.append(render(target) + " = " + render(value))
            case .return(let value): parts.append(value.map { "return " + render($0) } ?? "return")
            case .declaration, .switch: return nil
            }
        }
        let flat = parts.joined(separator: "; ")
        // A multi-line string literal keeps its lines.
        return flat.utf8.contains(UInt8(ascii: "\n")) ? nil : flat
    }

    private func write(_ statements: [SwiftStatement], indent: String, to output: inout SwiftText) {
        for statement in statements { write(statement, indent: indent, to: &output) }
    }

    private func write(_ statement: SwiftStatement, indent: String, to output: inout SwiftText) {
        switch statement {
        case .expression(let expression):
            output.append(indent)
            writeWrapped(expression, indent: indent, to: &output)
        case .assignment(let target, let value):
            output.append(indent + render(target) + " = ")
            writeWrapped(value, indent: indent, to: &output)
        case .declaration(let declaration):
            return write(declaration, indent: indent, to: &output)
        case .return(let value):
            output.append(indent + "return")
            if let value {
                output.append(" ")
                writeWrapped(value, indent: indent, to: &output)
            }
        case .switch(let subject, let cases, let defaultBody):
            output.line(indent + "switch " + render(subject) + " {")
            // A case of one simple statement is one line: `case "OPEN": self = .open`.
            func writeCase(_ label: String, _ body: [SwiftStatement]) {
                if body.count == 1, let flat = flatBody(body) {
                    output.line(indent + label + " " + flat)
                } else {
                    output.line(indent + label)
                    write(body, indent: indent + Self.indentUnit, to: &output)
                }
            }
            for (pattern, body) in cases { writeCase("case " + pattern + ":", body) }
            if let defaultBody { writeCase("default:", defaultBody) }
            output.append(indent + "}")
        }
        output.newline()
    }

    // MARK: - Expressions

    /// Continues the current line with `expression`: on that line when it fits, otherwise calls
    /// and collections are opened one element per line. Leaves the last line open, so the caller
    /// can add a `,` or `)`.
    private func writeWrapped(_ expression: SwiftExpression, indent: String, to output: inout SwiftText) {
        // Measuring stops at the line width, so deep expressions are not rendered whole at
        // every level just to learn that they do not fit.
        let budget = lineWidth - output.column
        guard renderedLength(expression, limit: budget) > budget else {
            return writeFlat(expression, to: &output.text)
        }
        let inner = indent + Self.indentUnit
        if case .call(let callee, let arguments) = expression, arguments.count == 1,
            case .string(let text) = arguments[0].value
        {
            // A lone string stays on the call's line, however long (breaking the line would not
            // shorten it); a multi-line one opens there and its lines are indented one level.
            writeFlat(callee, to: &output.text)
            output.append("(" + (arguments[0].label.map { $0 + ": " } ?? ""))
            output.append(SwiftNames.stringLiteral(text, indentation: inner))
            return output.append(")")
        }
        switch expression {
        case .call(let callee, let arguments) where arguments.count == 1 && arguments[0].label == nil:
            // `f(g(` … `))`: a lone unlabeled argument opens on the same line, saving a level.
            writeFlat(callee, to: &output.text)
            output.append("(")
            writeWrapped(arguments[0].value, indent: indent, to: &output)
            output.append(")")
        case .call(let callee, let arguments) where !arguments.isEmpty:
            writeFlat(callee, to: &output.text)
            output.line("(")
            for (index, argument) in arguments.enumerated() {
                output.append(inner)
                if let label = argument.label { output.append(label + ": ") }
                writeWrapped(argument.value, indent: inner, to: &output)
                if index < arguments.count - 1 { output.append(",") }
                output.newline()
            }
            output.append(indent + ")")
        case .array(let elements) where !elements.isEmpty:
            output.line("[")
            for element in elements {
                output.append(inner)
                writeWrapped(element, indent: inner, to: &output)
                output.line(",")
            }
            output.append(indent + "]")
        case .dictionary(let entries) where !entries.isEmpty:
            output.line("[")
            for entry in entries {
                output.append(inner + render(entry.key) + ": ")
                writeWrapped(entry.value, indent: inner, to: &output)
                output.line(",")
            }
            output.append(indent + "]")
        default:
            writeFlat(expression, to: &output.text)
        }
    }

    /// The length of `render(expression)` in UTF-8 bytes, or some number above `limit` once it
    /// exceeds it.
    func renderedLength(_ expression: SwiftExpression, limit: Int) -> Int {
        func list(_ parts: [SwiftExpression], open: Int, labels: [String?]) -> Int {
            var total = open + 1
            for (index, part) in parts.enumerated() {
                guard total <= limit else { return total }
                if index > 0 { total += 2 }
                if let label = labels[index] { total += label.utf8.count + 2 }
                total += renderedLength(part, limit: limit - total)
            }
            return total
        }
        switch expression {
        case .identifier(let name):
            return name.utf8.count
        case .call(let callee, let arguments):
            let calleeLength = renderedLength(callee, limit: limit)
            guard calleeLength <= limit else { return calleeLength }
            return list(arguments.map(\.value), open: calleeLength + 1, labels: arguments.map(\.label))
        case .array(let elements):
            return list(elements, open: 1, labels: elements.map { _ in nil })
        case .member(let base, let name):
            return (base.map { renderedLength($0, limit: limit) } ?? 0) + 1 + SwiftNames.identifier(name).utf8.count
        case .try(let inner):
            return 4 + renderedLength(inner, limit: limit - 4)
        case .string(let text) where text.utf8.count >= limit:
            return limit + 1
        case .string(let text):
            return SwiftNames.plainLiteralLength(text) ?? render(expression).utf8.count
        default:
            return render(expression).utf8.count
        }
    }

    private func writeFlat(_ expression: SwiftExpression, to text: inout String) {
        switch expression {
        case .identifier(let name): text += name
        case .string(let value): text += SwiftNames.stringLiteral(value)
        case .integer(let value): text += String(value)
        case .float(let value):
            text += value.isFinite ? String(value) : value < 0 ? "-Double.infinity" : "Double.infinity"
        case .boolean(let value): text += value ? "true" : "false"
        case .nil: text += "nil"
        case .member(let base, let name):
            if let base { writeFlat(base, to: &text) }
            text += "." + SwiftNames.identifier(name)
        case .call(let callee, let arguments):
            writeFlat(callee, to: &text)
            text += "("
            for (index, argument) in arguments.enumerated() {
                if index > 0 { text += ", " }
                if let label = argument.label { text += label + ": " }
                writeFlat(argument.value, to: &text)
            }
            text += ")"
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                writeFlat(element, to: &text)
            }
            text += "]"
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                text += "[:]"
                return
            }
            text += "["
            for (index, entry) in entries.enumerated() {
                if index > 0 { text += ", " }
                writeFlat(entry.key, to: &text)
                text += ": "
                writeFlat(entry.value, to: &text)
            }
            text += "]"
        case .try(let inner):
            text += "try "
            writeFlat(inner, to: &text)
        }
    }
}

/// Source text being written, with the column of its last line (in UTF-8 bytes) so wrapping
/// knows how much room is left.
struct SwiftText {
    var text = ""
    private var lineStart = 0

    var column: Int { text.utf8.count - lineStart }

    var textWithoutFinalLineBreak: String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    mutating func append(_ string: String) { text += string }

    /// Ends the current line.
    mutating func newline() {
        text += "\n"
        lineStart = text.utf8.count
    }

    /// Appends `string` and ends the line.
    mutating func line(_ string: String) {
        text += string
        newline()
    }
}
