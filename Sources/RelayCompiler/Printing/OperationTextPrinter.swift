import GraphQLParser

/// Prints an operation's server text exactly as Relay's compiler does (its text printer with
/// Relay 21's default options): variable definitions one per line, every selection on its own
/// line indented by two spaces, arguments on one line, conditions printed back onto each
/// selection they hold (innermost first), the fragments the operation reaches after it sorted by
/// name, and a final newline. `compact` is Relay's `compact_query_text` option: no optional
/// spaces or line breaks, selections separated by commas.
struct OperationTextPrinter {
    let compact: Bool
    private var output = ""
    private var indentation = 0

    init(compact: Bool) {
        self.compact = compact
    }

    /// The whole text: the operation, then each fragment (sorted by name) after a blank line.
    static func text(of operation: IROperation, fragments: [IRFragment], compact: Bool) -> String {
        var printer = OperationTextPrinter(compact: compact)
        printer.printOperation(operation)
        for fragment in fragments.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
            printer.output += "\n\n"
            printer.printFragment(fragment)
        }
        return printer.output + "\n"
    }

    private mutating func printOperation(_ operation: IROperation) {
        output += operation.kind.rawValue + " " + operation.name
        if !operation.variables.isEmpty {
            output += "("
            indentation += 1
            for (index, variable) in operation.variables.enumerated() {
                if index == 0 { newLine(skippable: true) } else { itemSeparator() }
                output += "$" + variable.name
                colon()
                output += variable.type.description
                if let value = variable.defaultValue {
                    space()
                    output += "="
                    space()
                    printValue(value)
                }
            }
            indentation -= 1
            newLine(skippable: true)
            output += ")"
        }
        printDirectives(operation.directives, conditions: [])
        printSelections(operation.selections)
    }

    private mutating func printFragment(_ fragment: IRFragment) {
        output += "fragment " + fragment.name + " on " + fragment.typeCondition
        printDirectives(fragment.directives, conditions: [])
        printSelections(fragment.selections)
    }

    private mutating func printSelections(_ selections: [IRSelection]) {
        space()
        output += "{"
        indentation += 1
        newLine(skippable: true)
        for (index, selection) in selections.enumerated() {
            if index > 0 { itemSeparator() }
            printSelection(selection, conditions: [])
        }
        indentation -= 1
        newLine(skippable: true)
        output += "}"
    }

    /// `conditions`: the conditions the selection sits in, in the order Relay's printer passes
    /// them down (each level reverses the list it was given and adds its own at the end).
    private mutating func printSelection(_ selection: IRSelection, conditions: [IRCondition]) {
        switch selection {
        case .scalarField(let field):
            printName(field.name, alias: field.alias)
            printArguments(field.arguments)
            printDirectives(field.directives, conditions: conditions)
        case .linkedField(let field):
            printName(field.name, alias: field.alias)
            printArguments(field.arguments)
            printDirectives(field.directives, conditions: conditions)
            printSelections(field.selections)
        case .fragmentSpread(let spread):
            output += "..." + spread.name
            printDirectives(spread.directives, conditions: conditions)
        case .inlineFragment(let fragment):
            output += "..."
            if fragment.hasTypeCondition {
                space()
                output += "on " + fragment.typeCondition
            }
            printDirectives(fragment.directives, conditions: conditions)
            printSelections(fragment.selections)
        case .condition(let condition):
            printCondition(condition, enclosing: conditions)
        }
    }

    /// A condition's selections, each carrying it and the enclosing ones. A selection may carry
    /// `@include` (or `@skip`) only once, so a condition repeating one of the enclosing kind wraps
    /// its selections in an inline fragment without a type that carries the enclosing ones.
    private mutating func printCondition(_ condition: IRCondition, enclosing: [IRCondition]) {
        var accumulated = enclosing
        let repeats = enclosing.contains { $0.passingValue == condition.passingValue }
        if repeats {
            output += "..."
            printDirectives([], conditions: enclosing)
            output += " {"
            indentation += 1
            newLine(skippable: false)
            accumulated = [condition]
        } else {
            accumulated.append(condition)
        }
        for (index, selection) in condition.selections.enumerated() {
            if index > 0 { newLine(skippable: false) }
            printSelection(selection, conditions: accumulated.reversed())
        }
        if repeats {
            indentation -= 1
            newLine(skippable: false)
            output += "}"
        }
    }

    private mutating func printName(_ name: String, alias: String?) {
        if let alias, alias != name {
            output += alias
            colon()
        }
        output += name
    }

    private mutating func printDirectives(_ directives: [IRDirective], conditions: [IRCondition]) {
        for condition in conditions {
            space()
            output += condition.passingValue ? "@include(if" : "@skip(if"
            colon()
            switch condition.value {
            case .variable(let name): output += "$" + name
            case .constant(let value): output += value ? "true" : "false"
            }
            output += ")"
        }
        for directive in directives {
            space()
            output += "@" + directive.name
            printArguments(directive.arguments)
        }
    }

    private mutating func printArguments(_ arguments: [IRArgument]) {
        guard !arguments.isEmpty else { return }
        output += "("
        for (index, argument) in arguments.enumerated() {
            if index > 0 { comma() }
            output += argument.name
            colon()
            printValue(argument.value)
        }
        output += ")"
    }

    /// A value. As Relay's printer, a list or object with a variable inside leaves out its
    /// `null` items and fields; a constant one prints them.
    private mutating func printValue(_ value: IRValue) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let text): output += text
        case .float(let text): output += Self.float(text)
        case .string(let string): output += Printer.printString(string)
        case .enumValue(let name): output += name
        case .variable(let name): output += "$" + name
        case .list(let items):
            output += "["
            let printed = value.isConstant ? items : items.filter { $0 != .null }
            for (index, item) in printed.enumerated() {
                if index > 0 { comma() }
                printValue(item)
            }
            output += "]"
        case .object(let fields):
            output += "{"
            let printed = value.isConstant ? fields : fields.filter { $0.value != .null }
            for (index, field) in printed.enumerated() {
                if index > 0 { comma() }
                output += field.name
                colon()
                printValue(field.value)
            }
            output += "}"
        }
    }

    /// A float as Relay prints its parsed value: the shortest decimal, without a fraction when
    /// it is whole (`1.0` prints `1`).
    static func float(_ text: String) -> String {
        guard let double = Double(text), double.isFinite else { return text }
        if double == double.rounded(), abs(double) < 1e15 { return String(Int64(double)) }
        let description = double.description
        return description.contains("e") ? text : description
    }

    private mutating func newLine(skippable: Bool) {
        if compact && skippable { return }
        output += "\n" + String(repeating: "  ", count: indentation)
    }

    private mutating func space() {
        if !compact { output += " " }
    }

    private mutating func comma() {
        output += ","
        space()
    }

    private mutating func colon() {
        output += ":"
        space()
    }

    private mutating func itemSeparator() {
        if compact { output += "," } else { newLine(skippable: false) }
    }
}
