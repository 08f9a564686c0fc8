/// Checks that a built schema is valid (graphql-js's `validateSchema`): root types are object
/// types, names do not start with `__`, types have fields, members or values, interfaces are
/// implemented faithfully, input objects hold input types and do not contain themselves
/// through non-null fields.
public enum SchemaValidator {
    public static func validate(_ schema: Schema) -> [Diagnostic] {
        validationErrors(schema).map(\.diagnostic).sortedByLocation()
    }

    public static func validationErrors(_ schema: Schema) -> [ValidationError] {
        var checker = Checker(schema: schema)
        checker.checkRootTypes()
        for name in schema.typeNames {
            guard let type = schema[name], type.definition != nil else { continue }
            checker.check(type)
        }
        for name in schema.directives.keys.sorted() {
            guard let directive = schema.directives[name], let definition = directive.definition else { continue }
            // Client compilers keep metadata under `__` names (Relay's `@__RelayResolverModel`).
            if definition.tree.sourceName != SchemaLoader.clientDirectivesSourceName, !directive.isClientExtension {
                checker.checkName(directive.name, at: definition)
            }
            for argument in directive.arguments {
                checker.checkArgument(argument, owner: "@\(directive.name)")
            }
        }
        return checker.errors
    }

    private struct Checker {
        let schema: Schema
        var errors: [ValidationError] = []

        init(schema: Schema) {
            self.schema = schema
        }

        mutating func report(_ message: String, at nodes: [(any SyntaxNode)?]) {
            errors.append(ValidationError(message: message, nodes: nodes.compactMap { $0 }))
        }

        mutating func checkRootTypes() {
            guard let query = schema.queryType.flatMap({ schema[$0] }) else {
                report("Query root type must be provided.", at: [])
                return
            }
            if query.kind != .object {
                report("Query root type must be Object type, it cannot be \(query.name).", at: [query.definition?.node])
            }
            for (label, name) in [("Mutation", schema.mutationType), ("Subscription", schema.subscriptionType)] {
                guard let type = name.flatMap({ schema[$0] }), type.kind != .object else { continue }
                report(
                    "\(label) root type must be Object type if provided, it cannot be \(type.name).",
                    at: [type.definition?.node])
            }
        }

        mutating func checkName(_ name: String, at node: (any SyntaxNode)?) {
            if name.hasPrefix("__") {
                report(
                    "Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL introspection.",
                    at: [node])
            }
        }

        /// The type's definition and extensions, where "must define…" errors point.
        private func allNodes(_ type: SchemaType) -> [(any SyntaxNode)?] {
            [type.definition?.node] + type.extensions.map(\.node)
        }

        mutating func check(_ type: SchemaType) {
            if !type.isClientExtension { checkName(type.name, at: type.definition?.node) }
            switch type.kind {
            case .object, .interface:
                if type.fields.isEmpty {
                    report("Type \(type.name) must define one or more fields.", at: allNodes(type))
                }
                for field in type.fields {
                    // A client extension's `__` fields are the client's own (Relay's
                    // `__relay_model_instance`); a server never sees them.
                    if !field.isClientExtension { checkName(field.name, at: field.definition) }
                    if schema.namedType(of: field)?.kind.isOutput == false {
                        report(
                            "The type of \(type.name).\(field.name) must be Output Type but got: \(field.type).",
                            at: [field.definition?.type.node])
                    }
                    for argument in field.arguments {
                        checkArgument(argument, owner: "\(type.name).\(field.name)")
                    }
                }
                checkInterfaces(of: type)
            case .union:
                if type.members.isEmpty {
                    report("Union type \(type.name) must define one or more member types.", at: allNodes(type))
                }
                var seen: Set<String> = []
                for member in type.members {
                    if !seen.insert(member).inserted {
                        report(
                            "Union type \(type.name) can only include type \(member) once.",
                            at: memberNodes(type, member))
                    } else if let memberType = schema[member], memberType.kind != .object {
                        report(
                            "Union type \(type.name) can only include Object types, it cannot include \(member).",
                            at: memberNodes(type, member))
                    }
                }
            case .enumType:
                if type.enumValues.isEmpty {
                    report("Enum type \(type.name) must define one or more values.", at: allNodes(type))
                }
                for value in type.enumValues { checkName(value.name, at: value.definition) }
            case .inputObject:
                if type.inputFields.isEmpty {
                    report("Input Object type \(type.name) must define one or more fields.", at: allNodes(type))
                }
                for field in type.inputFields {
                    checkName(field.name, at: field.definition)
                    if schema.namedType(of: field)?.kind.isInput == false {
                        report(
                            "The type of \(type.name).\(field.name) must be Input Type but got: \(field.type).",
                            at: [field.definition?.type.node])
                    }
                    if field.isRequired, field.deprecationReason != nil {
                        report(
                            "Required input field \(type.name).\(field.name) cannot be deprecated.",
                            at: [field.definition])
                    }
                    if type.isOneOf {
                        if field.type.isNonNull {
                            report(
                                "OneOf input field \(type.name).\(field.name) must be nullable.",
                                at: [field.definition?.type.node])
                        }
                        if field.defaultValue != nil {
                            report(
                                "OneOf input field \(type.name).\(field.name) cannot have a default value.",
                                at: [field.definition])
                        }
                    }
                }
                checkInputCycles(from: type)
            case .scalar:
                break
            }
        }

        mutating func checkArgument(_ argument: SchemaInputValue, owner: String) {
            checkName(argument.name, at: argument.definition)
            if schema.namedType(of: argument)?.kind.isInput == false {
                report(
                    "The type of \(owner)(\(argument.name):) must be Input Type but got: \(argument.type).",
                    at: [argument.definition?.type.node])
            }
            if argument.isRequired, argument.deprecationReason != nil {
                report("Required argument \(owner)(\(argument.name):) cannot be deprecated.", at: [argument.definition])
            }
        }

        private func memberNodes(_ union: SchemaType, _ member: String) -> [(any SyntaxNode)?] {
            var nodes: [(any SyntaxNode)?] = []
            for definition in [union.definition].compactMap({ $0 }) + union.extensions {
                switch definition {
                case .union(let node): nodes += node.types.filter { $0.name.value == member }.map { $0 }
                case .unionExtension(let node): nodes += node.types.filter { $0.name.value == member }.map { $0 }
                default: break
                }
            }
            return nodes
        }

        /// The `implements X` nodes naming `interface` in a type's definition and extensions.
        private func implementsNodes(_ type: SchemaType, _ interface: String) -> [(any SyntaxNode)?] {
            var nodes: [(any SyntaxNode)?] = []
            for definition in [type.definition].compactMap({ $0 }) + type.extensions {
                switch definition {
                case .object(let node), .interface(let node):
                    nodes += node.interfaces.filter { $0.name.value == interface }.map { $0 }
                case .objectExtension(let node), .interfaceExtension(let node):
                    nodes += node.interfaces.filter { $0.name.value == interface }.map { $0 }
                default: break
                }
            }
            return nodes
        }

        mutating func checkInterfaces(of type: SchemaType) {
            var seen: Set<String> = []
            for interfaceName in type.interfaces {
                guard let interface = schema[interfaceName] else { continue }
                guard interface.kind == .interface else {
                    report(
                        "Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).",
                        at: implementsNodes(type, interfaceName))
                    continue
                }
                if interface.name == type.name {
                    report(
                        "Type \(type.name) cannot implement itself because it would create a circular reference.",
                        at: implementsNodes(type, interfaceName))
                    continue
                }
                if !seen.insert(interfaceName).inserted {
                    report(
                        "Type \(type.name) can only implement \(interfaceName) once.",
                        at: implementsNodes(type, interfaceName))
                    continue
                }
                // A client extension's type may leave out what an interface has (Relay's
                // compiler does not check it: the client's own objects are not the server's).
                for transitive in interface.interfaces
                where !type.interfaces.contains(transitive) && (!type.isClientExtension || transitive == type.name) {
                    let message =
                        transitive == type.name
                        ? "Type \(type.name) cannot implement \(interfaceName) because it would create a circular reference."
                        : "Type \(type.name) must implement \(transitive) because it is implemented by \(interfaceName)."
                    report(message, at: implementsNodes(interface, transitive) + implementsNodes(type, interfaceName))
                }
                checkImplementation(of: interface, by: type)
            }
        }

        mutating func checkImplementation(of interface: SchemaType, by type: SchemaType) {
            for interfaceField in interface.fields {
                let name = interfaceField.name
                guard let field = type.field(name) else {
                    if type.isClientExtension { continue }
                    report(
                        "Interface field \(interface.name).\(name) expected but \(type.name) does not provide it.",
                        at: [interfaceField.definition] + allNodes(type))
                    continue
                }
                if !schema.isSubType(field.type, of: interfaceField.type) {
                    report(
                        "Interface field \(interface.name).\(name) expects type \(interfaceField.type) but \(type.name).\(name) is type \(field.type).",
                        at: [interfaceField.definition?.type.node, field.definition?.type.node])
                }
                for interfaceArgument in interfaceField.arguments {
                    let argumentName = interfaceArgument.name
                    guard let argument = field.argument(argumentName) else {
                        report(
                            "Interface field argument \(interface.name).\(name)(\(argumentName):) expected but \(type.name).\(name) does not provide it.",
                            at: [interfaceArgument.definition, field.definition])
                        continue
                    }
                    if argument.type != interfaceArgument.type {
                        report(
                            "Interface field argument \(interface.name).\(name)(\(argumentName):) expects type \(interfaceArgument.type) but \(type.name).\(name)(\(argumentName):) is type \(argument.type).",
                            at: [interfaceArgument.definition?.type.node, argument.definition?.type.node])
                    }
                }
                for argument in field.arguments
                where interfaceField.argument(argument.name) == nil && argument.isRequired {
                    report(
                        "Object field \(type.name).\(name) includes required argument \(argument.name) that is missing from the Interface field \(interface.name).\(name).",
                        at: [argument.definition, interfaceField.definition])
                }
            }
        }

        /// Input objects may not contain themselves through a chain of non-null fields: no
        /// finite value could be written. Each cycle is reported once, from the first input
        /// object (in definition order) that reaches it.
        private var visitedInputTypes: Set<String> = []
        private var inputFieldPath: [SchemaInputValue] = []
        private var pathIndexByType: [String: Int] = [:]

        mutating func checkInputCycles(from type: SchemaType) {
            guard visitedInputTypes.insert(type.name).inserted else { return }
            pathIndexByType[type.name] = inputFieldPath.count
            for field in type.inputFields {
                guard case .nonNull(let inner) = field.type, case .named(let name) = inner,
                    let fieldType = schema[name], fieldType.kind == .inputObject
                else { continue }
                inputFieldPath.append(field)
                if let cycleStart = pathIndexByType[name] {
                    let cycle = Array(inputFieldPath[cycleStart...])
                    report(
                        "Cannot reference Input Object \"\(name)\" within itself through a series of non-null fields: \"\(cycle.map(\.name).joined(separator: "."))\".",
                        at: cycle.map(\.definition))
                } else {
                    checkInputCycles(from: fieldType)
                }
                inputFieldPath.removeLast()
            }
            pathIndexByType[type.name] = nil
        }
    }
}
