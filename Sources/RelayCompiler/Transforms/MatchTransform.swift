import GraphQLParser

/// Relay's data-driven dependencies (its `match` transform): `@match` on a field whose type is
/// a union or interface, and `@module(name:)` on the fragment spreads under it.
///
/// - A `@match` field gets the argument `supported:` listing the type conditions of its
///   `@module` spreads, so the server answers only with branches the app can show.
/// - A `@module` spread becomes an inline fragment on the fragment's type (carrying
///   `IRModuleImport`) holding the spread and two aliased `js` fields: the server names the
///   branch's component and normalization there, or answers null when it did not send the branch.
///
/// Relay loads the component and the fragment's normalization when they arrive; a Swift app has
/// every type compiled in, so the branch's normalization is part of the operation's and the
/// reader gives the fragment's key with the component's name (`__module_component`).
public enum MatchTransform: ProgramTransform {
    public static let name = "Match"
    static let matchName = "match"
    static let moduleName = "module"
    /// The field the server answers `@module` branches with, and its type.
    static let jsField = "js"
    static let jsType = "JSDependency"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        var program = program
        var diagnostics: [Diagnostic] = []
        for index in program.operations.indices {
            let operation = program.operations[index]
            var walker = Walker(
                schema: context.schema, fragments: fragments, documentName: operation.name,
                rootType: operation.rootType)
            program.operations[index].selections = walker.walk(operation.selections)
            diagnostics += walker.diagnostics
        }
        for index in program.fragments.indices {
            let fragment = program.fragments[index]
            var walker = Walker(
                schema: context.schema, fragments: fragments, documentName: fragment.name,
                rootType: fragment.typeCondition)
            program.fragments[index].selections = walker.walk(fragment.selections)
            diagnostics += walker.diagnostics
        }
        if diagnostics.isEmpty { diagnostics = MatchConsistency.diagnostics(program) }
        return TransformOutput(program, diagnostics)
    }

    /// One document's walk: the response keys down to the current field, and the `@module`
    /// branches found at each path.
    struct Walker {
        let schema: Schema
        let fragments: [String: IRFragment]
        let documentName: String
        var diagnostics: [Diagnostic] = []
        private var path: [(key: String, location: SourceLocation)] = []
        /// The type of each selection set down to the current one.
        private var parentTypes: [String]
        /// The `key:` of the `@match` being walked; nil outside one (the document's name applies).
        private var matchKey: String?
        /// True while the selections of a `@match` field are walked (not those of its subfields).
        private var inMatchField = false
        /// Per path, its match key and, per type condition, the branch chosen there.
        private var branchesByPath: [[String]: (key: String, branches: [String: Branch])] = [:]

        struct Branch {
            let fragmentName: String
            let componentName: String
            let location: SourceLocation
        }

        init(schema: Schema, fragments: [String: IRFragment], documentName: String, rootType: String) {
            self.schema = schema
            self.fragments = fragments
            self.documentName = documentName
            parentTypes = [rootType]
        }

        mutating func walk(_ selections: [IRSelection]) -> [IRSelection] {
            selections.map { selection in
                switch selection {
                case .scalarField(let field):
                    checkNotDirectJS(field)
                    return selection
                case .linkedField(let field):
                    checkStaticSupported(field)
                    let (outerKey, outerMatch) = (matchKey, inMatchField)
                    (matchKey, inMatchField) = (nil, false)
                    defer { (matchKey, inMatchField) = (outerKey, outerMatch) }
                    if let directive = field.directives.first(where: { $0.name == MatchTransform.matchName }) {
                        return .linkedField(match(field, directive))
                    }
                    var field = field
                    field.selections = walk(field, field.selections)
                    return .linkedField(field)
                case .inlineFragment(var fragment):
                    if fragment.hasTypeCondition { parentTypes.append(fragment.typeCondition) }
                    defer { if fragment.hasTypeCondition { parentTypes.removeLast() } }
                    // An `@alias` of its own (not the one a deferred spread is read through).
                    guard let alias = fragment.alias, alias.deferred == nil, fragment.selections.containsModuleSpread
                    else {
                        fragment.selections = walk(fragment.selections)
                        return .inlineFragment(fragment)
                    }
                    // An aliased `@module` spread is a match of its own, keyed by the alias.
                    let (outerKey, outerMatch) = (matchKey, inMatchField)
                    (matchKey, inMatchField) = (documentName + "_" + alias.name, false)
                    path.append((alias.name, fragment.location))
                    fragment.selections = walk(fragment.selections)
                    path.removeLast()
                    (matchKey, inMatchField) = (outerKey, outerMatch)
                    return .inlineFragment(fragment)
                case .condition(var condition):
                    condition.selections = walk(condition.selections)
                    return .condition(condition)
                case .fragmentSpread(let spread):
                    guard let directive = spread.directives.first(where: { $0.name == MatchTransform.moduleName })
                    else {
                        return selection
                    }
                    return module(spread, directive) ?? selection
                }
            }
        }

        /// `selections` of `field`, walked one step further down the path.
        private mutating func walk(_ field: IRLinkedField, _ selections: [IRSelection]) -> [IRSelection] {
            path.append((field.responseKey, field.location))
            parentTypes.append(field.type.namedType)
            defer {
                path.removeLast()
                parentTypes.removeLast()
            }
            return walk(selections)
        }

        // MARK: @match

        private mutating func match(_ field: IRLinkedField, _ directive: IRDirective) -> IRLinkedField {
            var field = field
            field.directives.removeAll { $0.name == MatchTransform.matchName }
            let keyArgument = directive.argument("key")
            if let keyArgument {
                switch keyArgument.value {
                case .string(let key) where key.hasPrefix(documentName):
                    matchKey = key
                case .variable:
                    return report(
                        "Unexpected dynamic argument. match's 'key' argument must be a constant value because it is "
                            + "read by the Relay compiler.", at: keyArgument.location, field)
                default:
                    return report(
                        "Expected the 'key' argument of @match to be a literal string starting with the document "
                            + "name, e.g. '\(documentName)_<localName>'.", at: keyArgument.location, field)
                }
            }
            let original = field.selections
            inMatchField = true
            field.selections = walk(field, field.selections)
            guard let definition = schema[field.parentType].flatMap({ schema.field(field.name, on: $0) }) else {
                return field
            }
            guard let supported = definition.arguments.first(where: { $0.name == "supported" }) else {
                if keyArgument == nil {
                    return report(
                        "@match without a `key` argument and on a field without the `supported` argument is a "
                            + "no-op, please remove the `@match`.", at: directive.location, field)
                }
                return field
            }
            guard case .list(let item) = supported.type.nullable, item.nullable == .named("String") else {
                return report(
                    "@match used on incompatible field '\(field.name)'. @match may only be used with fields that "
                        + "accept a 'supported: [String]' argument.", at: field.location, field)
            }
            guard schema[field.type.namedType]?.kind.isAbstract == true else {
                return report(
                    "@match used on incompatible field '\(field.name)'. @match may only be used with fields that "
                        + "return a union or interface.", at: field.location, field)
            }
            if let given = field.arguments.first(where: { $0.name == "supported" }) {
                return report(
                    "Invalid @match selection: the 'supported' argument is automatically added and cannot be "
                        + "supplied explicitly.'", at: given.location, field)
            }
            let types = supportedTypes(original)
            guard !types.isEmpty else {
                return report(
                    "Invalid @match selection: expected at least one @module selection. Remove @match or add a "
                        + "'...Fragment @module()' selection.", at: directive.location, field)
            }
            field.arguments.append(
                IRArgument(
                    name: "supported", value: .list(types.map { .string($0) }), type: supported.type,
                    location: field.location))
            return field
        }

        /// The type conditions of the `@module` spreads a `@match` field selects, in order (its
        /// other selections are `MatchSelectionsRule`'s to report).
        private func supportedTypes(_ selections: [IRSelection]) -> [String] {
            var types: [String] = []
            for case .fragmentSpread(let spread) in selections
            where spread.directives.contains(where: { $0.name == MatchTransform.moduleName }) {
                if let type = fragments[spread.name]?.typeCondition, !types.contains(type) { types.append(type) }
            }
            return types
        }

        // MARK: @module

        /// The inline fragment a `@module` spread becomes; nil (reported) when it is not valid.
        private mutating func module(_ spread: IRFragmentSpread, _ directive: IRDirective) -> IRSelection? {
            if let argument = spread.arguments.first {
                return reportNil("@module does not support @arguments.", at: argument.location)
            }
            let others = spread.directives.filter {
                $0.name != MatchTransform.moduleName && $0.name != DeferStreamTransform.deferName
            }
            if let other = others.first {
                return reportNil(
                    "@module used on invalid fragment spread '...\(spread.name)'. @module may not have additional "
                        + "directives.", at: other.location)
            }
            if let fragment = fragments[spread.name], let type = schema[fragment.typeCondition],
                type.isClientExtension
            {
                return clientModule(spread, directive, fragment: fragment)
            }
            guard let jsType = schema[MatchTransform.jsType], !jsType.isClientExtension else {
                return reportNil("'\(jsField)' should be defined on the server schema.", at: spread.location)
            }
            guard jsType.kind == .scalar else {
                return reportNil(
                    "Using @module requires the schema to define a scalar '\(MatchTransform.jsType)' type.",
                    at: spread.location)
            }
            guard let fragment = fragments[spread.name] else { return nil }
            if fragment.isInline {
                return reportNil("@module does not support @inline fragments.", at: directive.location)
            }
            guard let nameArgument = directive.argument("name") else {
                return reportNil("Expected the 'name' argument to be defined.", at: spread.location)
            }
            guard case .string(let componentName) = nameArgument.value else {
                return reportNil(
                    "Expected the 'name' argument of @module to be a literal string.", at: nameArgument.location)
            }
            guard let js = jsFieldDefinition(on: fragment, spread: spread) else { return nil }
            let key = matchKey ?? documentName
            guard recordBranch(of: fragment, componentName: componentName, key: key, at: spread.location) else {
                return nil
            }
            let id = ([documentName] + path.map(\.key)).joined(separator: ".")
            let moduleImport = IRModuleImport(
                key: key, fragmentName: fragment.name, componentName: componentName, isMatchBranch: inMatchField)
            var innerSpread = spread
            innerSpread.directives.removeAll { $0.name == MatchTransform.moduleName }
            var inline = IRInlineFragment(
                typeCondition: fragment.typeCondition, directives: [],
                selections: [
                    .fragmentSpread(innerSpread),
                    js.selection(
                        alias: moduleImport.operationField, module: "\(fragment.name)$normalization.graphql", id: id,
                        branch: fragment.typeCondition, at: directive.location),
                    js.selection(
                        alias: moduleImport.componentField, module: componentName, id: id,
                        branch: fragment.typeCondition, at: directive.location),
                ], location: spread.location)
            inline.moduleImport = moduleImport
            return .inlineFragment(inline)
        }

        /// A `@module` spread of a fragment on a client type (Relay's client 3D): no server is asked,
        /// the branch is the record's type and the component the one named. Under an interface or
        /// union every possible type must be a resolver model.
        private mutating func clientModule(_ spread: IRFragmentSpread, _ directive: IRDirective, fragment: IRFragment)
            -> IRSelection?
        {
            if let parent = parentTypes.last.flatMap({ schema[$0] }), parent.kind.isAbstract,
                schema.possibleTypes(of: parent).contains(where: { !ResolverModels.isModel($0) })
            {
                let kind = parent.kind == .union ? "union" : "interface"
                return reportNil(
                    "Invalid fragment spread '...\(spread.name)'. Fragments for \(kind) '\(parent.name)' should be "
                        + "backed by relay resolver models.", at: spread.location)
            }
            guard case .string(let componentName)? = directive.argument("name")?.value else {
                return reportNil("Expected the 'name' argument of @module to be a literal string.", at: spread.location)
            }
            var innerSpread = spread
            innerSpread.directives.removeAll { $0.name == MatchTransform.moduleName }
            var inline = IRInlineFragment(
                typeCondition: fragment.typeCondition, directives: [], selections: [.fragmentSpread(innerSpread)],
                location: spread.location)
            inline.moduleImport = IRModuleImport(
                key: matchKey ?? documentName, fragmentName: fragment.name, componentName: componentName,
                isMatchBranch: inMatchField, isClient: true)
            return .inlineFragment(inline)
        }

        /// The `js(module: String!, id: String, branch: String)` field of the fragment's type,
        /// which must be an object type.
        private mutating func jsFieldDefinition(on fragment: IRFragment, spread: IRFragmentSpread) -> JSField? {
            guard let type = schema[fragment.typeCondition], type.kind == .object else {
                return reportNil(
                    "@module used on invalid fragment spread '...\(spread.name)'. @module may only be used with "
                        + "fragments on a concrete (object) type, but the fragment has abstract type "
                        + "'\(fragment.typeCondition)'.", at: spread.location)
            }
            let field = type.field(MatchTransform.jsField)
            let arguments = field?.arguments ?? []
            func isString(_ name: String, required: Bool) -> Bool {
                guard let argument = arguments.first(where: { $0.name == name }) else { return !required }
                return argument.type.nullable == .named("String")
            }
            guard let field, isString("module", required: true), isString("id", required: false),
                isString("branch", required: false)
            else {
                return reportNil(
                    "@module used on invalid fragment spread '...\(spread.name)'. @module requires the fragment type "
                        + "'\(fragment.typeCondition)' to have a 'js(module: String!, id: String): JSDependency' "
                        + "field (your schema may choose to omit the 'id'  argument but if present it must accept a "
                        + "'String').", at: spread.location)
            }
            return JSField(field: field)
        }

        /// Keeps the branch a type condition takes at the current path; false (reported) when the
        /// path already has another branch for it, or another path has the same match key.
        private mutating func recordBranch(
            of fragment: IRFragment, componentName: String, key: String, at location: SourceLocation
        ) -> Bool {
            let keys = path.map(\.key)
            if branchesByPath[keys] == nil {
                if branchesByPath.values.contains(where: { $0.key == key }), let parent = path.last {
                    diagnostics.append(
                        .error(
                            "Invalid @module selection: documents with multiple fields containing 3D selections must "
                                + "specify a unique 'key' value for each field: use '\(parent.key) @match(key: "
                                + "\"\(documentName)_<localName>\")'.", at: parent.location))
                    return false
                }
                branchesByPath[keys] = (key, [:])
            }
            if let earlier = branchesByPath[keys]?.branches[fragment.typeCondition] {
                guard earlier.fragmentName == fragment.name, earlier.componentName == componentName else {
                    diagnostics.append(
                        .error(
                            "Invalid @module selection: concrete type '\(fragment.typeCondition)' was matched "
                                + "multiple times at path '\(keys.joined(separator: "."))' but with a different "
                                + "fragment or module name.", at: location,
                            notes: [DiagnosticNote("related location", at: earlier.location)]))
                    return false
                }
                return true
            }
            branchesByPath[keys]?.branches[fragment.typeCondition] = Branch(
                fragmentName: fragment.name, componentName: componentName, location: location)
            return true
        }

        /// The `supported` argument of a data-driven field is read by the compiler: no variables.
        private mutating func checkStaticSupported(_ field: IRLinkedField) {
            guard let supported = field.arguments.first(where: { $0.name == "supported" }),
                !supported.value.isConstant
            else { return }
            diagnostics.append(
                .error(
                    "Variables cannot be passed to the `supported` argument for data driven dependency fields, "
                        + "please use literal values like `\"ExampleValue\"`.", at: supported.location))
        }

        /// A selected `js` field of the schema's `JSDependency` type is the server's side of
        /// `@module`: documents may not select it themselves.
        private mutating func checkNotDirectJS(_ field: IRScalarField) {
            guard field.name == MatchTransform.jsField, field.type.namedType == MatchTransform.jsType,
                schema[MatchTransform.jsType]?.kind == .scalar
            else { return }
            diagnostics.append(
                .error(
                    "Direct use of the '\(MatchTransform.jsField)' field is not allowed, use '@match/@module instead.",
                    at: field.location))
        }

        private mutating func report(_ message: String, at location: SourceLocation, _ field: IRLinkedField)
            -> IRLinkedField
        {
            diagnostics.append(.error(message, at: location))
            return field
        }

        private mutating func reportNil<T>(_ message: String, at location: SourceLocation) -> T? {
            diagnostics.append(.error(message, at: location))
            return nil
        }
    }

    /// The schema's `js` field of a `@module` fragment's type, and the arguments it takes.
    struct JSField {
        let field: SchemaField

        /// The field aliased `alias`, with the arguments it takes of `module`, `id` and `branch`.
        func selection(alias: String, module: String, id: String, branch: String, at location: SourceLocation)
            -> IRSelection
        {
            let arguments = [("module", module), ("id", id), ("branch", branch)].compactMap { name, value in
                field.arguments.first { $0.name == name }.map {
                    IRArgument(name: name, value: .string(value), type: $0.type, location: location)
                }
            }
            return .scalarField(
                IRScalarField(
                    alias: alias, name: MatchTransform.jsField, parentType: branch, type: field.type,
                    arguments: arguments, directives: [], location: location))
        }
    }
}

extension [IRSelection] {
    /// Whether one of the selections is a `@module` spread.
    fileprivate var containsModuleSpread: Bool {
        contains { selection in
            guard case .fragmentSpread(let spread) = selection else { return false }
            return spread.directives.contains { $0.name == MatchTransform.moduleName }
        }
    }
}
