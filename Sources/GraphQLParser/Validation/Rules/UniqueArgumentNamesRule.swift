/// A field or directive gets each argument once.
public final class UniqueArgumentNamesRule: FieldVisitor, DirectiveVisitor {
    public static let name = "UniqueArgumentNamesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterField(_ field: Field) {
        check(field.arguments)
    }

    public func enterDirective(_ directive: Directive, at location: DirectiveLocation) {
        check(directive.arguments)
    }

    private func check(_ arguments: NodeList<Argument>) {
        guard arguments.count > 1 else { return }
        let names = arguments.map(\.name)
        guard containsDuplicateNames(names) else { return }
        for (name, names) in groupedByName(names) where names.count > 1 {
            context.report("There can be only one argument named \"\(name)\".", at: names)
        }
    }
}
