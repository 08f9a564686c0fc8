// Printing of type-system definitions and extensions.
extension Printer {
    static func printDescription(_ description: StringValue?) -> String {
        wrap("", description.map(printString) ?? "", "\n")
    }

    static func printSchema(_ node: SchemaDefinition) -> String {
        printDescription(node.description)
            + join(["schema", printDirectives(node.directives), block(node.operationTypes.map(print))], " ")
    }

    static func print(_ node: OperationTypeDefinition) -> String {
        node.operation.rawValue + ": " + node.type.name.value
    }

    static func printScalar(_ node: ScalarTypeDefinition) -> String {
        printDescription(node.description) + join(["scalar", node.name.value, printDirectives(node.directives)], " ")
    }

    static func printObject(_ node: ObjectTypeDefinition, keyword: String) -> String {
        printDescription(node.description)
            + join(
                [
                    keyword, node.name.value, printInterfaces(node.interfaces), printDirectives(node.directives),
                    block(node.fields.map(print)),
                ], " ")
    }

    static func printInterfaces(_ interfaces: NodeList<NamedType>) -> String {
        wrap("implements ", join(interfaces.map(\.name.value), " & "))
    }

    static func print(_ node: FieldDefinition) -> String {
        printDescription(node.description) + node.name.value + printArgumentDefinitions(node.arguments) + ": "
            + print(node.type) + wrap(" ", printDirectives(node.directives))
    }

    /// Arguments on one line, or one per line when any of them spans lines (a description).
    static func printArgumentDefinitions(_ arguments: NodeList<InputValueDefinition>) -> String {
        let printed = arguments.map(print)
        if hasMultilineItems(printed) {
            return wrap("(\n", indent(join(printed, "\n")), "\n)")
        }
        return wrap("(", join(printed, ", "), ")")
    }

    static func print(_ node: InputValueDefinition) -> String {
        join(
            [
                printDescription(node.description) + node.name.value + ": " + print(node.type),
                wrap("= ", node.defaultValue.map(print) ?? ""), printDirectives(node.directives),
            ], " ")
    }

    static func printUnion(_ node: UnionTypeDefinition) -> String {
        printDescription(node.description)
            + join(["union", node.name.value, printDirectives(node.directives), printMembers(node.types)], " ")
    }

    static func printMembers(_ types: NodeList<NamedType>) -> String {
        wrap("= ", join(types.map(\.name.value), " | "))
    }

    static func printEnum(_ node: EnumTypeDefinition) -> String {
        printDescription(node.description)
            + join(["enum", node.name.value, printDirectives(node.directives), block(node.values.map(print))], " ")
    }

    static func print(_ node: EnumValueDefinition) -> String {
        printDescription(node.description) + join([node.name.value, printDirectives(node.directives)], " ")
    }

    static func printInputObject(_ node: InputObjectTypeDefinition) -> String {
        printDescription(node.description)
            + join(["input", node.name.value, printDirectives(node.directives), block(node.fields.map(print))], " ")
    }

    static func printDirectiveDefinition(_ node: DirectiveDefinition) -> String {
        printDescription(node.description) + "directive @" + node.name.value
            + printArgumentDefinitions(node.arguments) + (node.isRepeatable ? " repeatable" : "") + " on "
            + join(node.locations.map(\.value), " | ")
    }

    static func printSchemaExtension(_ node: SchemaExtension) -> String {
        join(["extend schema", printDirectives(node.directives), block(node.operationTypes.map(print))], " ")
    }

    static func printScalarExtension(_ node: ScalarTypeExtension) -> String {
        join(["extend scalar", node.name.value, printDirectives(node.directives)], " ")
    }

    static func printObjectExtension(_ node: ObjectTypeExtension, keyword: String) -> String {
        join(
            [
                keyword, node.name.value, printInterfaces(node.interfaces), printDirectives(node.directives),
                block(node.fields.map(print)),
            ], " ")
    }

    static func printUnionExtension(_ node: UnionTypeExtension) -> String {
        join(["extend union", node.name.value, printDirectives(node.directives), printMembers(node.types)], " ")
    }

    static func printEnumExtension(_ node: EnumTypeExtension) -> String {
        join(["extend enum", node.name.value, printDirectives(node.directives), block(node.values.map(print))], " ")
    }

    static func printInputObjectExtension(_ node: InputObjectTypeExtension) -> String {
        join(["extend input", node.name.value, printDirectives(node.directives), block(node.fields.map(print))], " ")
    }
}
