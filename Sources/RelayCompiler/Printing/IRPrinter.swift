import GraphQLParser

/// Prints the IR as the GraphQL text a server receives, in the same canonical form as
/// `Printer` prints a syntax tree. Relay's directives are gone by now (the transforms consumed
/// them); conditions print as the `@include` / `@skip` they came from.
public enum IRPrinter {
    public static func print(_ operation: IROperation) -> String {
        let variables = Printer.wrap("(", Printer.join(operation.variables.map(print), ", "), ")")
        let head = Printer.join(
            [operation.kind.rawValue, operation.name + variables, print(operation.directives)], " ")
        return head + " " + print(operation.selections)
    }

    public static func print(_ fragment: IRFragment) -> String {
        "fragment \(fragment.name) on \(fragment.typeCondition) "
            + Printer.wrap("", print(fragment.directives), " ") + print(fragment.selections)
    }

    static func print(_ definition: IRVariableDefinition) -> String {
        "$" + definition.name + ": " + definition.type.description
            + Printer.wrap(" = ", definition.defaultValue.map(print) ?? "")
    }

    static func print(_ selections: [IRSelection]) -> String {
        Printer.block(selections.map { print($0, extraDirectives: []) })
    }

    /// A selection; `extraDirectives` are the conditions it sits in, printed back onto it
    /// (before its own directives, each `@skip` before each `@include`, as Relay prints them).
    static func print(_ selection: IRSelection, extraDirectives conditions: [String]) -> String {
        let extraDirectives =
            conditions.filter { $0.hasPrefix("@skip(") } + conditions.filter { !$0.hasPrefix("@skip(") }
        switch selection {
        case .scalarField(let field):
            return Printer.printField(
                alias: field.alias, name: field.name, arguments: field.arguments.map(print),
                directives: Printer.join(extraDirectives + [print(field.directives)], " "), selectionSet: nil)
        case .linkedField(let field):
            return Printer.printField(
                alias: field.alias, name: field.name, arguments: field.arguments.map(print),
                directives: Printer.join(extraDirectives + [print(field.directives)], " "),
                selectionSet: print(field.selections))
        case .inlineFragment(let fragment):
            return Printer.join(
                [
                    fragment.hasTypeCondition ? "... on " + fragment.typeCondition : "...",
                    Printer.join(extraDirectives, " "),
                    print(fragment.directives), print(fragment.selections),
                ], " ")
        case .fragmentSpread(let spread):
            return "..." + spread.name
                + Printer.wrap(" ", Printer.join(extraDirectives + [print(spread.directives)], " "))
        case .condition(let condition):
            let name = condition.passingValue ? "@include" : "@skip"
            let value =
                switch condition.value {
                case .variable(let variable): "$" + variable
                case .constant(let constant): constant ? "true" : "false"
                }
            let directive = name + "(if: " + value + ")"
            // A selection may carry a directive once: the conditions so far wrap each selection
            // of this one, as an inline fragment without a type (as Relay prints them).
            if extraDirectives.contains(where: { $0.hasPrefix(name + "(") }) {
                let wrapper = "... " + Printer.join(extraDirectives, " ") + " "
                return Printer.join(
                    condition.selections.map { wrapper + Printer.block([print($0, extraDirectives: [directive])]) },
                    "\n")
            }
            // Each selection carries the condition, as in Relay's text.
            return Printer.join(
                condition.selections.map { print($0, extraDirectives: extraDirectives + [directive]) }, "\n")
        }
    }

    static func print(_ argument: IRArgument) -> String {
        argument.name + ": " + print(argument.value)
    }

    public static func print(_ directives: [IRDirective]) -> String {
        Printer.join(
            directives.map { "@" + $0.name + Printer.wrap("(", Printer.join($0.arguments.map(print), ", "), ")") }, " ")
    }

    public static func print(_ value: IRValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .int(let text), .float(let text): text
        case .string(let string): Printer.printString(string)
        case .enumValue(let name): name
        case .variable(let name): "$" + name
        case .list(let items): "[" + Printer.join(items.map(print), ", ") + "]"
        case .object(let fields): "{" + Printer.join(fields.map { $0.name + ": " + print($0.value) }, ", ") + "}"
        }
    }
}
