/// Prints an AST as canonical GraphQL text, byte for byte what graphql-js 16's `print()` gives.
///
/// Canonical text is what the compiler sends to servers and hashes into persisted-query ids, so
/// it must not depend on how the source was formatted. `Parser.parse(Printer.print(d))` gives
/// back `d` (up to source ranges).
public enum Printer {
    /// graphql-js breaks a field's arguments onto separate lines past this width.
    static let maxLineLength = 80

    public static func print(_ document: Document) -> String {
        join(document.definitions.map(print), "\n\n")
    }

    public static func print(_ definition: Definition) -> String {
        switch definition {
        case .operation(let node): print(node)
        case .fragment(let node): print(node)
        case .schema(let node): printSchema(node)
        case .scalar(let node): printScalar(node)
        case .object(let node): printObject(node, keyword: "type")
        case .interface(let node): printObject(node, keyword: "interface")
        case .union(let node): printUnion(node)
        case .enumType(let node): printEnum(node)
        case .inputObject(let node): printInputObject(node)
        case .directive(let node): printDirectiveDefinition(node)
        case .schemaExtension(let node): printSchemaExtension(node)
        case .scalarExtension(let node): printScalarExtension(node)
        case .objectExtension(let node): printObjectExtension(node, keyword: "extend type")
        case .interfaceExtension(let node): printObjectExtension(node, keyword: "extend interface")
        case .unionExtension(let node): printUnionExtension(node)
        case .enumExtension(let node): printEnumExtension(node)
        case .inputObjectExtension(let node): printInputObjectExtension(node)
        }
    }

    // MARK: Executable definitions

    public static func print(_ operation: OperationDefinition) -> String {
        let variables = wrap("(", join(operation.variableDefinitions.map(print), ", "), ")")
        let prefix = join(
            [
                operation.operation.rawValue, join([operation.name?.value ?? "", variables]),
                printDirectives(operation.directives),
            ], " ")
        // Anonymous queries without directives or variables use the shorthand `{ … }`.
        return (prefix == "query" ? "" : prefix + " ") + print(operation.selectionSet)
    }

    public static func print(_ fragment: FragmentDefinition) -> String {
        "fragment \(fragment.name.value)" + wrap("(", join(fragment.variableDefinitions.map(print), ", "), ")")
            + " on \(fragment.typeCondition.name.value) "
            + wrap("", printDirectives(fragment.directives), " ") + print(fragment.selectionSet)
    }

    static func print(_ definition: VariableDefinition) -> String {
        "$" + definition.variable.name.value + ": " + print(definition.type)
            + wrap(" = ", definition.defaultValue.map(print) ?? "") + wrap(" ", printDirectives(definition.directives))
    }

    public static func print(_ selectionSet: SelectionSet) -> String {
        block(selectionSet.selections.map(print))
    }

    static func print(_ selection: Selection) -> String {
        switch selection {
        case .field(let field):
            return printField(
                alias: field.alias?.value, name: field.name.value, arguments: field.arguments.map(print),
                directives: printDirectives(field.directives), selectionSet: field.selectionSet.map(print))
        case .fragmentSpread(let spread):
            return "..." + spread.name.value + wrap("(", join(spread.arguments.map(print), ", "), ")")
                + wrap(" ", printDirectives(spread.directives))
        case .inlineFragment(let fragment):
            return join(
                [
                    "...", wrap("on ", fragment.typeCondition?.name.value ?? ""), printDirectives(fragment.directives),
                    print(fragment.selectionSet),
                ], " ")
        }
    }

    /// A field from its printed parts, breaking long argument lists as graphql-js does. Shared
    /// with printers of other representations of a document, so all print the same text.
    public static func printField(
        alias: String?, name: String, arguments: [String], directives: String, selectionSet: String?
    ) -> String {
        let prefix = wrap("", alias ?? "", ": ") + name
        var line = prefix + wrap("(", join(arguments, ", "), ")")
        if line.unicodeScalars.count > maxLineLength {
            line = prefix + wrap("(\n", indent(join(arguments, "\n")), "\n)")
        }
        return join([line, directives, selectionSet ?? ""], " ")
    }

    static func print(_ argument: Argument) -> String {
        argument.name.value + ": " + print(argument.value)
    }

    static func printDirectives(_ directives: NodeList<Directive>) -> String {
        join(directives.map { "@" + $0.name.value + wrap("(", join($0.arguments.map(print), ", "), ")") }, " ")
    }

    // MARK: Values and types

    public static func print(_ value: Value) -> String {
        switch value {
        case .variable(let variable): "$" + variable.name.value
        case .int(let int): int.text
        case .float(let float): float.text
        case .string(let string): printString(string)
        case .boolean(let boolean): boolean.value ? "true" : "false"
        case .null: "null"
        case .enumValue(let enumValue): enumValue.name.value
        case .list(let list): "[" + join(list.values.map(print), ", ") + "]"
        case .object(let object): "{" + join(object.fields.map { $0.name.value + ": " + print($0.value) }, ", ") + "}"
        }
    }

    public static func print(_ type: TypeReference) -> String {
        switch type {
        case .named(let named): named.name.value
        case .list(let list): "[" + print(list.type) + "]"
        case .nonNull(let nonNull): print(nonNull.type) + "!"
        }
    }

    /// A string literal as a block string or a quoted string, as it was written.
    static func printString(_ string: StringValue) -> String {
        string.isBlock ? BlockStrings.print(string.value) : printString(string.value)
    }

    /// A JSON-style quoted string with graphql-js's escapes.
    public static func printString(_ value: String) -> String {
        var output = "\""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x08: output += "\\b"
            case 0x09: output += "\\t"
            case 0x0A: output += "\\n"
            case 0x0C: output += "\\f"
            case 0x0D: output += "\\r"
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0x00...0x1F, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    // MARK: Combinators (graphql-js's join, wrap, block and indent)

    /// Joins the non-empty parts.
    public static func join(_ parts: [String], _ separator: String = "") -> String {
        parts.filter { !$0.isEmpty }.joined(separator: separator)
    }

    /// `start + text + end`, or nothing when `text` is empty.
    public static func wrap(_ start: String, _ text: String, _ end: String = "") -> String {
        text.isEmpty ? "" : start + text + end
    }

    /// `{`, the items one per line and indented, `}`; nothing when there are no items.
    public static func block(_ items: [String]) -> String {
        wrap("{\n", indent(join(items, "\n")), "\n}")
    }

    public static func indent(_ text: String) -> String {
        wrap("  ", text.replacingAll("\n", with: "\n  "))
    }

    static func hasMultilineItems(_ items: [String]) -> Bool {
        items.contains { $0.utf8.contains(UInt8(ascii: "\n")) }
    }
}
