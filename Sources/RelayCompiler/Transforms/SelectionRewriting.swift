import GraphQLParser

/// The traversal every transform shares: rewrite each selection after its children, where one
/// selection may become none, itself, or several.
extension IRProgram {
    public func rewritingSelections(_ rewrite: (IRSelection) -> [IRSelection]) -> IRProgram {
        var program = self
        for index in program.operations.indices {
            program.operations[index].selections = Self.rewrite(program.operations[index].selections, rewrite)
        }
        for index in program.fragments.indices {
            program.fragments[index].selections = Self.rewrite(program.fragments[index].selections, rewrite)
        }
        return program
    }

    /// `rewritingSelections` for a rewrite without side effects: definitions are rewritten in
    /// parallel.
    public func rewritingSelectionsConcurrently(_ rewrite: @escaping @Sendable (IRSelection) -> [IRSelection])
        -> IRProgram
    {
        var program = self
        program.operations = operations.concurrentMap { operation in
            var operation = operation
            operation.selections = Self.rewrite(operation.selections, rewrite)
            return operation
        }
        program.fragments = fragments.concurrentMap { fragment in
            var fragment = fragment
            fragment.selections = Self.rewrite(fragment.selections, rewrite)
            return fragment
        }
        return program
    }

    static func rewrite(_ selections: [IRSelection], _ rewrite: (IRSelection) -> [IRSelection]) -> [IRSelection] {
        selections.flatMap { selection -> [IRSelection] in
            var selection = selection
            switch selection {
            case .linkedField(var field):
                field.selections = Self.rewrite(field.selections, rewrite)
                selection = .linkedField(field)
            case .inlineFragment(var fragment):
                fragment.selections = Self.rewrite(fragment.selections, rewrite)
                selection = .inlineFragment(fragment)
            case .condition(var condition):
                condition.selections = Self.rewrite(condition.selections, rewrite)
                selection = .condition(condition)
            case .scalarField, .fragmentSpread:
                break
            }
            return rewrite(selection)
        }
    }
}

extension IRSelection {
    /// Where the selection is written.
    var location: SourceLocation {
        switch self {
        case .scalarField(let field): field.location
        case .linkedField(let field): field.location
        case .inlineFragment(let fragment): fragment.location
        case .fragmentSpread(let spread): spread.location
        case .condition(let condition): condition.location
        }
    }

    /// The directives written on the selection (none on a condition).
    public var directives: [IRDirective] {
        get {
            switch self {
            case .scalarField(let field): field.directives
            case .linkedField(let field): field.directives
            case .inlineFragment(let fragment): fragment.directives
            case .fragmentSpread(let spread): spread.directives
            case .condition: []
            }
        }
        set {
            switch self {
            case .scalarField(var field):
                field.directives = newValue
                self = .scalarField(field)
            case .linkedField(var field):
                field.directives = newValue
                self = .linkedField(field)
            case .inlineFragment(var fragment):
                fragment.directives = newValue
                self = .inlineFragment(fragment)
            case .fragmentSpread(var spread):
                spread.directives = newValue
                self = .fragmentSpread(spread)
            case .condition:
                break
            }
        }
    }
}
