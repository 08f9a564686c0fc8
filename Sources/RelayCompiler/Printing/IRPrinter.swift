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
    /// (outermost first, before its own directives, as Relay prints them).
    static func print(_ selection: IRSelection, extraDirectives: [String]) -> String {
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
                    "... on " + fragment.typeCondition, Printer.join(extraDirectives, " "),
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
            let directives = extraDirectives + [name + "(if: " + value + ")"]
            // Each selection carries the condition, as in Relay's text.
            return Printer.join(condition.selections.map { print($0, extraDirectives: directives) }, "\n")
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
