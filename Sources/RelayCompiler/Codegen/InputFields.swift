/// What generated input objects and `Variables` share: a memberwise initializer whose optional
/// parameters default to nil, and the dictionary that turns the fields into input values (nil
/// fields are left out by the runtime's `omittingNil` initializers).
struct InputFields {
    var fields: [(name: String, swiftType: String)]

    /// `name: Type` parameters, `= nil` for optionals.
    var parameters: [SwiftParameter] {
        fields.map {
            SwiftParameter(label: $0.name, type: $0.swiftType, defaultValue: $0.swiftType.hasSuffix("?") ? .nil : nil)
        }
    }

    /// `public init(…) { self.a = a … }`.
    var initializer: SwiftDeclaration {
        SwiftDeclaration(
            .function(
                SwiftFunction(
                    .initializer(failable: false), access: .public, parameters: parameters,
                    body: fields.map {
                        .assignment(.member(.identifier("self"), $0.name), .identifier(SwiftNames.identifier($0.name)))
                    })))
    }

    /// `["a": a.variableValue, "b": b?.variableValue, …]`.
    var values: SwiftExpression {
        .dictionary(
            fields.map {
                let access = SwiftNames.identifier($0.name) + ($0.swiftType.hasSuffix("?") ? "?" : "")
                return (.string($0.name), .member(.identifier(access), "variableValue"))
            })
    }
}
