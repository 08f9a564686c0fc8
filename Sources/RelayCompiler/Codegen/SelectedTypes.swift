import GraphQLParser

extension Array where Element == IRSelection {
    /// The types of the scalar and enum fields these selections pick, through linked fields,
    /// inline fragments and conditions but not into spread (or `@inline`) fragments (they have
    /// files of their own): what a definition's generated `Data` names besides its own nested types.
    var scalarFieldTypes: [TypeRef] {
        var types: [TypeRef] = []
        func visit(_ selections: [IRSelection]) {
            for selection in selections {
                switch selection {
                case .scalarField(let field): types.append(field.type)
                case .linkedField(let field): visit(field.selections)
                case .inlineFragment(let fragment) where fragment.inlineData != nil: continue
                case .inlineFragment(let fragment): visit(fragment.selections)
                case .condition(let condition): visit(condition.selections)
                case .fragmentSpread: continue
                }
            }
        }
        visit(self)
        return types
    }
}
