/// Renders the Swift model as source text: 4-space indentation, one declaration per line,
/// calls broken one argument per line when they do not fit, and every identifier and string
/// passed through `SwiftNames`, so names and text from a schema cannot break the output.
public struct SwiftRenderer: Sendable {
    /// Calls longer than this are written one argument per line.
    public var lineWidth = 100
    private static let indentUnit = "    "

    public init() {}

    public func render(_ file: SwiftFile) -> String {
        var lines = file.headerComments.map { "// " + $0 }
        if !lines.isEmpty { lines.append("") }
        lines += file.imports.map { "import " + $0 }
        for declaration in file.declarations {
            lines.append("")
            lines += render(declaration, indent: "")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public func render(_ declaration: SwiftDeclaration, indent: String) -> [String] {
        var lines: [String] = []
        if let documentation = declaration.documentation {
            lines.append(SwiftNames.docComment(documentation, indentation: indent))
        }
        lines += declaration.attributes.map { indent + $0 }
        switch declaration.kind {
        case .type(let type):
            lines += render(type, indent: indent)
        case .variable(let variable):
            lines += render(variable, indent: indent)
        case .function(let function):
            lines += render(function, indent: indent)
        case .typeAlias(let name, let type, let access):
            lines.append(indent + "\(access.rawValue) typealias \(name) = \(type)")
        case .enumCase(let name, let associatedValues, let rawValue):
            var line = indent + "case " + SwiftNames.identifier(name)
            if !associatedValues.isEmpty {
                line += "(" + associatedValues.map(render).joined(separator: ", ") + ")"
            }
            if let rawValue { line += " = " + render(rawValue) }
            lines.append(line)
        }
        return lines
    }

    private func prefix(_ access: SwiftAccess?, isStatic: Bool = false) -> String {
        (access.map { $0.rawValue + " " } ?? "") + (isStatic ? "static " : "")
    }

    private func render(_ type: SwiftTypeDeclaration, indent: String) -> [String] {
        var header = indent + prefix(type.access) + type.keyword.rawValue + " " + type.name
        if !type.conformances.isEmpty { header += ": " + type.conformances.joined(separator: ", ") }
        if let whereClause = type.whereClause { header += " where " + whereClause }
        guard !type.members.isEmpty else { return [header + " {}"] }
        var lines = [header + " {"]
        for (index, member) in type.members.enumerated() {
            // Blank lines between members, except within a run of enum cases or stored values.
            if index > 0 {
                let previous = type.members[index - 1]
                let sameRun =
                    (isEnumCase(member) && isEnumCase(previous))
                    || (isStoredVariable(member) && isStoredVariable(previous))
                if !sameRun { lines.append("") }
            }
            lines += render(member, indent: indent + Self.indentUnit)
        }
        lines.append(indent + "}")
        return lines
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

    private func render(_ variable: SwiftVariable, indent: String) -> [String] {
        var line =
            indent + prefix(variable.access, isStatic: variable.isStatic)
            + (variable.isMutable || variable.getter != nil ? "var " : "let ") + SwiftNames.identifier(variable.name)
        if let type = variable.type { line += ": " + type }
        if let getter = variable.getter {
            if getter.isEmpty { return [line + " { get }"] }
            return [line + " {"] + render(getter, indent: indent + Self.indentUnit) + [indent + "}"]
        }
        guard let initialValue = variable.initialValue else { return [line] }
        return renderWrapped(line + " = ", initialValue, indent: indent)
    }

    private func render(_ function: SwiftFunction, indent: String) -> [String] {
        var line = indent + prefix(function.access, isStatic: function.isStatic)
        switch function.kind {
        case .function(let name): line += "func " + SwiftNames.identifier(name)
        case .initializer(let failable): line += failable ? "init?" : "init"
        }
        var suffix = ")"
        if !function.effects.isEmpty { suffix += " " + function.effects.joined(separator: " ") }
        if let returnType = function.returnType { suffix += " -> " + returnType }
        let parameters = function.parameters.map(render)
        var lines = [line + "(" + parameters.joined(separator: ", ") + suffix]
        if lines[0].count > lineWidth, !parameters.isEmpty {
            // One parameter per line, as swift-format lays out long signatures.
            lines =
                [line + "("]
                + parameters.enumerated().map { index, parameter in
                    indent + Self.indentUnit + parameter + (index < parameters.count - 1 ? "," : "")
                } + [indent + suffix]
        }
        guard let body = function.body else { return lines }
        if body.isEmpty {
            lines[lines.count - 1] += " {}"
            return lines
        }
        lines[lines.count - 1] += " {"
        return lines + render(body, indent: indent + Self.indentUnit) + [indent + "}"]
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

    func render(_ statements: [SwiftStatement], indent: String) -> [String] {
        statements.flatMap { render($0, indent: indent) }
    }

    func render(_ statement: SwiftStatement, indent: String) -> [String] {
        switch statement {
        case .expression(let expression):
            return renderWrapped(indent, expression, indent: indent)
        case .assignment(let target, let value):
            return renderWrapped(indent + render(target) + " = ", value, indent: indent)
        case .declaration(let declaration):
            return render(declaration, indent: indent)
        case .return(let value):
            guard let value else { return [indent + "return"] }
            return renderWrapped(indent + "return ", value, indent: indent)
        case .switch(let subject, let cases, let defaultBody):
            var lines = [indent + "switch " + render(subject) + " {"]
            for (pattern, body) in cases {
                lines.append(indent + "case " + pattern + ":")
                lines += render(body, indent: indent + Self.indentUnit)
            }
            if let defaultBody {
                lines.append(indent + "default:")
                lines += render(defaultBody, indent: indent + Self.indentUnit)
            }
            lines.append(indent + "}")
            return lines
        }
    }

    /// One line when it fits; otherwise calls and collections are opened one element per line.
    private func renderWrapped(_ prefix: String, _ expression: SwiftExpression, indent: String) -> [String] {
        // Measuring stops at the line width, so deep expressions are not rendered whole at
        // every level just to learn that they do not fit.
        let budget = lineWidth - prefix.count
        guard renderedLength(expression, limit: budget) > budget else { return [prefix + render(expression)] }
        let inner = indent + Self.indentUnit
        switch expression {
        case .call(let callee, let arguments) where arguments.count == 1 && arguments[0].label == nil:
            // `f(g(` … `))`: a lone unlabeled argument opens on the same line, saving a level.
            var lines = renderWrapped(prefix + render(callee) + "(", arguments[0].value, indent: indent)
            lines[lines.count - 1] += ")"
            return lines
        case .call(let callee, let arguments) where !arguments.isEmpty:
            var lines = [prefix + render(callee) + "("]
            for (index, argument) in arguments.enumerated() {
                let label = argument.label.map { $0 + ": " } ?? ""
                var rendered = renderWrapped(inner + label, argument.value, indent: inner)
                if index < arguments.count - 1 { rendered[rendered.count - 1] += "," }
                lines += rendered
            }
            return lines + [indent + ")"]
        case .array(let elements) where !elements.isEmpty:
            var lines = [prefix + "["]
            for element in elements {
                var rendered = renderWrapped(inner, element, indent: inner)
                rendered[rendered.count - 1] += ","
                lines += rendered
            }
            return lines + [indent + "]"]
        case .dictionary(let entries) where !entries.isEmpty:
            var lines = [prefix + "["]
            for entry in entries {
                var rendered = renderWrapped(inner + render(entry.key) + ": ", entry.value, indent: inner)
                rendered[rendered.count - 1] += ","
                lines += rendered
            }
            return lines + [indent + "]"]
        default:
            return [prefix + render(expression)]
        }
    }

    /// The length of `render(expression)`, or some number above `limit` once it exceeds it.
    func renderedLength(_ expression: SwiftExpression, limit: Int) -> Int {
        func list(_ parts: [SwiftExpression], open: Int, labels: [String?]) -> Int {
            var total = open + 1
            for (index, part) in parts.enumerated() {
                guard total <= limit else { return total }
                if index > 0 { total += 2 }
                if let label = labels[index] { total += label.count + 2 }
                total += renderedLength(part, limit: limit - total)
            }
            return total
        }
        switch expression {
        case .call(let callee, let arguments):
            let calleeLength = renderedLength(callee, limit: limit)
            guard calleeLength <= limit else { return calleeLength }
            return list(arguments.map(\.value), open: calleeLength + 1, labels: arguments.map(\.label))
        case .array(let elements):
            return list(elements, open: 1, labels: elements.map { _ in nil })
        case .member(let base, let name):
            return (base.map { renderedLength($0, limit: limit) } ?? 0) + 1 + SwiftNames.identifier(name).count
        case .try(let inner):
            return 4 + renderedLength(inner, limit: limit - 4)
        case .string(let text) where text.count >= limit:
            return limit + 1
        default:
            return render(expression).count
        }
    }

    public func render(_ expression: SwiftExpression) -> String {
        switch expression {
        case .identifier(let name): name
        case .string(let text): SwiftNames.stringLiteral(text)
        case .integer(let value): String(value)
        case .float(let value):
            value.isFinite ? String(value) : value < 0 ? "-Double.infinity" : "Double.infinity"
        case .boolean(let value): value ? "true" : "false"
        case .nil: "nil"
        case .member(let base, let name): (base.map(render) ?? "") + "." + SwiftNames.identifier(name)
        case .call(let callee, let arguments):
            render(callee) + "("
                + arguments.map { ($0.label.map { $0 + ": " } ?? "") + render($0.value) }.joined(separator: ", ") + ")"
        case .array(let elements): "[" + elements.map(render).joined(separator: ", ") + "]"
        case .dictionary(let entries):
            entries.isEmpty
                ? "[:]" : "[" + entries.map { render($0.key) + ": " + render($0.value) }.joined(separator: ", ") + "]"
        case .try(let inner): "try " + render(inner)
        }
    }
}
