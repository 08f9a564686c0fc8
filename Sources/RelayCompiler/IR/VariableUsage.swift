/// The variables a piece of IR passes to the server: in field and directive arguments and in
/// conditions. Store-only arguments (declarative edits' `connections`) are not counted.
enum VariableUsage {
    static func names(in selections: [IRSelection]) -> Set<String> {
        var names: Set<String> = []
        collect(selections, into: &names)
        return names
    }

    static func names(in directives: [IRDirective]) -> Set<String> {
        var names: Set<String> = []
        collect(directives, into: &names)
        return names
    }

    private static func collect(_ selections: [IRSelection], into names: inout Set<String>) {
        for selection in selections {
            collect(selection.directives, into: &names)
            switch selection {
            case .scalarField(let field):
                collect(field.arguments, into: &names)
            case .linkedField(let field):
                collect(field.arguments, into: &names)
                collect(field.selections, into: &names)
            case .inlineFragment(let fragment):
                collect(fragment.selections, into: &names)
            case .fragmentSpread(let spread):
                collect(spread.arguments, into: &names)
            case .condition(let condition):
                if case .variable(let name) = condition.value { names.insert(name) }
                collect(condition.selections, into: &names)
            }
        }
    }

    private static func collect(_ directives: [IRDirective], into names: inout Set<String>) {
        for directive in directives { collect(directive.arguments, into: &names) }
    }

    private static func collect(_ arguments: [IRArgument], into names: inout Set<String>) {
        for argument in arguments { collect(argument.value, into: &names) }
    }

    private static func collect(_ value: IRValue, into names: inout Set<String>) {
        switch value {
        case .variable(let name): names.insert(name)
        case .list(let items): for item in items { collect(item, into: &names) }
        case .object(let fields): for field in fields { collect(field.value, into: &names) }
        default: return
        }
    }
}
