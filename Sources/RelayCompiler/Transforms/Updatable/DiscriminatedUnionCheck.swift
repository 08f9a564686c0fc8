import GraphQLParser

/// What Relay asks of a linked field whose values an updater tells apart by type (an updatable
/// or assignable fragment spread inside one of its inline fragments): the field's type is an
/// interface or union, and every selection is an inline fragment without directives, on a
/// concrete type no other one names, with an unaliased `__typename`. Generated code then has one
/// case per type, each with only the fields that type has.
enum DiscriminatedUnionCheck {
    static func diagnostics(_ field: IRLinkedField, schema: Schema, reason: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let typeName = field.type.namedType
        if let type = schema[typeName], !type.kind.isAbstract {
            diagnostics.append(
                .error(
                    "Because \(reason), this linked field must have an abstract type, meaning its type must be an "
                        + "Interface or a Union. However, `\(typeName)` is a `\(variantName(type.kind))`.",
                    at: field.location))
        }
        let union =
            "Because \(reason), each of this linked field's selections must be an inline fragment with no "
            + "directives, refining the type to a unique concrete type and containing an unaliased __typename field "
            + "with no directives. However, "
        var seen: Set<String> = []
        for selection in field.selections {
            guard case .inlineFragment(let fragment) = selection, !fragment.isCondition else {
                diagnostics.append(
                    .error(
                        "Because \(reason), this linked field can only contain inline fragments, and any inline "
                            + "fragments cannot have @skip or @include.", at: field.location))
                continue
            }
            if !fragment.hasTypeCondition || schema[fragment.typeCondition]?.kind.isAbstract != false {
                diagnostics.append(
                    .error(
                        union + "an inline fragment in this linked field does not refine to a concrete type.",
                        at: field.location))
            } else if !seen.insert(fragment.typeCondition).inserted {
                diagnostics.append(
                    .error(
                        union + "multiple inline fragments in this linked field refine to the concrete type "
                            + "`\(fragment.typeCondition)`.", at: field.location))
            }
            if !fragment.selections.contains(where: \.isPlainTypename) {
                diagnostics.append(
                    .error(
                        union + "an inline fragment in this linked field does not contain an unaliased __typename "
                            + "selection with no directives.", at: field.location))
            }
            if !fragment.directives.isEmpty {
                diagnostics.append(
                    .error(union + "an inline fragment in this linked field contains directives.", at: field.location))
            }
        }
        return diagnostics
    }

    private static func variantName(_ kind: TypeKind) -> String {
        switch kind {
        case .scalar: "Scalar"
        case .object: "Object"
        case .interface: "Interface"
        case .union: "Union"
        case .enumType: "Enum"
        case .inputObject: "InputObject"
        }
    }
}

extension IRSelection {
    /// An unaliased `__typename` without directives: what tells an updater a record's type.
    var isPlainTypename: Bool {
        guard case .scalarField(let field) = self else { return false }
        return field.name == "__typename" && field.alias == nil && field.directives.isEmpty
    }
}

extension IRInlineFragment {
    /// Written with `@include` or `@skip`: a condition, as Relay's IR has it, until
    /// `ConditionTransform` makes it one.
    var isCondition: Bool { directives.contains { $0.isCondition } }
}

extension IRDirective {
    /// `@include` or `@skip`.
    var isCondition: Bool { name == "include" || name == "skip" }
}
