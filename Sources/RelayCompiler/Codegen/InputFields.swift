/// What generated input objects and `Variables` share: a memberwise initializer whose optional
/// parameters default to nil, and the dictionary that turns the fields into input values (nil
/// fields are left out by the runtime's `omittingNil` initializers).
struct InputFields {
    var fields: [(name: String, swiftType: String)]
    /// Members the generated type declares itself (`variableValue`, `variableData`): a field
    /// with one of these names is stored as `<name>_`, its initializer label unchanged.
    var reservedNames: Set<String> = []
    /// Parameter defaults other than nil (the defaults an operation declares), by field.
    var defaults: [String: SwiftExpression] = [:]
    /// Optional fields whose nil is a value (null) rather than an absent field: their parameter
    /// has no default, and nil is written as null (a raw response's nullable fields).
    var nullWhenNil: Set<String> = []

    /// The stored property of a field.
    func propertyName(_ field: String) -> String {
        reservedNames.contains(field) ? unusedName(field + "_") : field
    }

    /// `public var <property>: Type` for a field, with its documentation and attributes.
    func storedProperty(
        _ field: String, type: String, documentation: String? = nil, attributes: [String] = []
    ) -> SwiftDeclaration {
        SwiftDeclaration(
            .variable(SwiftVariable(access: .public, isMutable: true, name: propertyName(field), type: type)),
            documentation: documentation, attributes: attributes)
    }

    /// `name: Type` parameters, `= nil` for optionals left out when nil (or the field's declared
    /// default).
    var parameters: [SwiftParameter] {
        fields.map {
            let internalName = parameterName($0.name)
            return SwiftParameter(
                label: $0.name, name: internalName == $0.name ? nil : internalName, type: $0.swiftType,
                defaultValue: defaults[$0.name] ?? (isOmittedWhenNil($0) ? .nil : nil))
        }
    }

    /// True for an optional field left out of the values when nil.
    private func isOmittedWhenNil(_ field: (name: String, swiftType: String)) -> Bool {
        field.swiftType.hasSuffix("?") && !nullWhenNil.contains(field.name)
    }

    /// The name a field's value has inside the initializer: the field's own, except for a field
    /// named `self`, whose parameter would hide `self` itself (`self.self = self`).
    func parameterName(_ field: String) -> String {
        field == "self" ? unusedName("selfValue") : field
    }

    /// `candidate`, with underscores added until no field has that name.
    private func unusedName(_ candidate: String) -> String {
        var name = candidate
        while fields.contains(where: { $0.name == name }) { name += "_" }
        return name
    }

    /// `public init(…) { self.a = a … }`.
    var initializer: SwiftDeclaration {
        SwiftDeclaration(
            .function(
                SwiftFunction(
                    .initializer(failable: false), access: .public, parameters: parameters,
                    body: fields.map {
                        .assignment(
                            .member(.identifier("self"), propertyName($0.name)),
                            .identifier(SwiftNames.identifier(parameterName($0.name))))
                    })))
    }

    /// `public var variableValue: VariableValue { .object(omittingNil: values) }`: the value of a
    /// type made of these fields (an input object, a raw response).
    var variableValueProperty: SwiftDeclaration {
        SwiftDeclaration(
            .variable(
                SwiftVariable(
                    access: .public, name: "variableValue", type: "VariableValue",
                    getter: [.return(.call(.member(nil, "object"), [("omittingNil", values)]))])))
    }

    /// `["a": a.variableValue, "b": b?.variableValue, …]` (`b.variableValue`, null when nil, for
    /// a field in `nullWhenNil`).
    var values: SwiftExpression {
        .dictionary(
            fields.map {
                // A field named `self` is read through `self.`, or it would be the value itself.
                let access =
                    ($0.name == "self" ? "self." : "") + SwiftNames.identifier(propertyName($0.name))
                    + (isOmittedWhenNil($0) ? "?" : "")
                return (.string($0.name), .member(.identifier(access), "variableValue"))
            })
    }
}
