import GraphQLParser
@_spi(RelayGenerated) import RelayContract

extension DataTypeGenerator {
    /// The object types that selections on an abstract type single out with inline fragments or
    /// fragment spreads, sorted by name; empty when the type is not abstract.
    func concreteTypes(in selections: [IRSelection], of abstractType: String) -> [String] {
        guard let abstract = schema[abstractType], abstract.kind.isAbstract else { return [] }
        var names: Set<String> = []
        func visit(_ selections: [IRSelection]) {
            for selection in selections {
                var condition: String?
                switch selection {
                case .inlineFragment(let fragment) where fragment.alias != nil:
                    // An alias is a property of its own, nil where its type does not match.
                    continue
                case .inlineFragment(let fragment) where fragment.inlineData != nil:
                    // An `@inline` fragment's key, like a spread's.
                    condition = fragment.inlineData.flatMap { fragmentTypes[$0.fragmentName] }
                case .inlineFragment(let fragment):
                    condition = fragment.typeCondition
                    visit(fragment.selections)
                case .fragmentSpread(let spread): condition = fragmentTypes[spread.name]
                case .condition(let inner): visit(inner.selections)
                case .scalarField, .linkedField: break
                }
                if let condition, let type = schema[condition], type.kind == .object, schema.isSubType(abstract, type) {
                    names.insert(condition)
                }
            }
        }
        visit(selections)
        return names.sorted()
    }

    /// An enum with a case per singled-out object type plus a fallback, read by `__typename`
    /// (which the reader selects on abstract fields): each case's struct has exactly the fields
    /// that apply to its type.
    func dataEnum(
        named name: String, abstractType: String, concreteTypes: [String], selections: [IRSelection],
        diagnostics: inout [Diagnostic]
    ) -> SwiftDeclaration {
        let caseNames = SchemaTypesGenerator.caseNames(concreteTypes)
        let fallbackCase = SchemaTypesGenerator.unknownCaseName(avoiding: Set(caseNames))
        var members: [SwiftDeclaration] = zip(concreteTypes, caseNames).map { type, caseName in
            SwiftDeclaration(
                .enumCase(name: caseName, associatedValues: [SwiftParameter(type: "As" + type)], rawValue: nil))
        }
        members.append(
            SwiftDeclaration(
                .enumCase(name: fallbackCase, associatedValues: [SwiftParameter(type: "Fallback")], rawValue: nil)))
        members += concreteTypes.map {
            dataStruct(named: "As" + $0, parentType: $0, selections: selections, diagnostics: &diagnostics)
        }
        members.append(
            dataStruct(
                named: "Fallback", parentType: abstractType, selections: selections, skipsConditional: true,
                diagnostics: &diagnostics))
        let readTypename = SwiftExpression.try(.identifier("data[\"__typename\"] as String"))
        func decodeCase(_ caseName: String, _ structName: String) -> [SwiftStatement] {
            [
                .assignment(
                    .identifier("self"),
                    .call(
                        .member(nil, caseName),
                        [
                            (
                                nil,
                                .try(
                                    .call(
                                        .member(.identifier("data"), "object"),
                                        [(nil, .identifier(structName + ".self"))]))
                            )
                        ]))
            ]
        }
        members.append(
            Self.readingInitializer(
                [
                    .switch(
                        readTypename,
                        cases: zip(concreteTypes, caseNames).map { type, caseName in
                            (SwiftNames.stringLiteral(type), decodeCase(caseName, "As" + type))
                        }, default: decodeCase(fallbackCase, "Fallback"))
                ]))
        return SwiftDeclaration(
            .type(
                SwiftTypeDeclaration(
                    .enum, access: .public, name: name, conformances: ["Relay.SelectionObject"],
                    members: members, isCompact: true)))
    }
}
