import GraphQLParser

/// Reads Relay's `@required(action:)` into the IR (`IRRequired` on the field, and
/// `childrenCanBubbleNull` where a null may bubble up to) and checks Relay's rules for it, one
/// document at a time, by response-key path: every selection of a field agrees on `@required`
/// and its action, a `@required` parent keeps its `@required` children everywhere, a child's
/// action is at least as severe as its `@required` parent's, and a `@required` field is never
/// inside an inline fragment on an abstract type (a null could not be told from a type that
/// did not match) or an `@inline` fragment. The directive leaves the server's text.
public enum RequiredTransform: ProgramTransform {
    public static let name = "RequiredDirective"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        var program = program
        var diagnostics: [Diagnostic] = []
        for index in program.operations.indices {
            var walker = Walker(schema: context.schema, inMutation: program.operations[index].kind == .mutation)
            walker.disallowsThrowOnSemanticallyNullable = context.checks.disallowsThrowOnSemanticallyNullableFields
            let operation = program.operations[index]
            program.operations[index].selections = walker.walk(operation.selections, parentType: operation.rootType)
            program.operations[index].childrenCanBubbleNull = walker.childrenCanBubbleNull
            diagnostics += walker.diagnostics
        }
        for index in program.fragments.indices {
            var walker = Walker(schema: context.schema, inInlineDataFragment: program.fragments[index].isInline)
            walker.disallowsThrowOnSemanticallyNullable = context.checks.disallowsThrowOnSemanticallyNullableFields
            let fragment = program.fragments[index]
            program.fragments[index].selections = walker.walk(fragment.selections, parentType: fragment.typeCondition)
            program.fragments[index].childrenCanBubbleNull = walker.childrenCanBubbleNull
            diagnostics += walker.diagnostics
        }
        return TransformOutput(program, diagnostics)
    }

    /// `@required` as written on one field.
    struct Written {
        var action: IRRequired.Action
        /// As written: `DANGEROUSLY_THROW_ON_SEMANTICALLY_NULLABLE_FIELD` acts as `THROW`.
        var actionName: String
        var actionLocation: SourceLocation
    }

    /// A field selected at a path, with its `@required` if any.
    struct Selected {
        var written: Written?
        var fieldName: String
        var location: SourceLocation
    }

    /// The state of one document's walk (Relay's `RequiredDirective` transform).
    struct Walker {
        let schema: Schema
        /// A mutation's response is written, not read by a view: nothing could catch a throw.
        var inMutation = false
        /// An `@inline` fragment's data is read by code that has no way to catch a `@required` null.
        var inInlineDataFragment = false
        /// relay.json's `disallow_required_action_throw_on_semantically_nullable_fields`.
        var disallowsThrowOnSemanticallyNullable = false
        var diagnostics: [Diagnostic] = []
        private var path: [String] = []
        private var withinAbstractInlineFragment = false
        /// Every path selected so far, with the first selection's `@required`.
        private var selectedByPath: [String: Selected] = [:]
        /// The `@required` children of the object being walked, by path.
        private var currentRequiredChildren: [String: Selected] = [:]
        /// The `@required` children each linked field had where it was walked, by its path.
        private var requiredChildrenByPath: [String: [String: Selected]] = [:]

        init(schema: Schema, inMutation: Bool = false, inInlineDataFragment: Bool = false) {
            self.schema = schema
            self.inMutation = inMutation
            self.inInlineDataFragment = inInlineDataFragment
        }

        /// True when a `@required` field right under the root bubbles its null (not `THROW`).
        var childrenCanBubbleNull: Bool { Self.canBubble(currentRequiredChildren) }

        static func canBubble(_ children: [String: Selected]) -> Bool {
            children.values.contains { ($0.written?.action ?? .throw) != .throw }
        }

        mutating func walk(_ selections: [IRSelection], parentType: String) -> [IRSelection] {
            selections.map { selection in
                switch selection {
                case .scalarField(var field):
                    path.append(field.responseKey)
                    let fieldPath = path.joined(separator: ".")
                    path.removeLast()
                    let written = required(
                        &field.directives, fieldName: field.responseKey, location: field.location, path: fieldPath,
                        definition: schema[field.parentType].flatMap { schema.field(field.name, on: $0) })
                    field.required = written.map { IRRequired(action: $0.action, path: fieldPath) }
                    return .scalarField(field)
                case .linkedField(var field):
                    path.append(field.responseKey)
                    defer { path.removeLast() }
                    let fieldPath = path.joined(separator: ".")
                    let written = required(
                        &field.directives, fieldName: field.responseKey, location: field.location, path: fieldPath,
                        definition: schema[field.parentType].flatMap { schema.field(field.name, on: $0) })
                    field.required = written.map { IRRequired(action: $0.action, path: fieldPath) }
                    let parentChildren = currentRequiredChildren
                    let wasWithinAbstract = withinAbstractInlineFragment
                    currentRequiredChildren = [:]
                    withinAbstractInlineFragment = false
                    field.selections = walk(field.selections, parentType: field.type.namedType)
                    checkRequiredChildren(of: field, at: fieldPath)
                    if let written { checkSeverity(of: written) }
                    field.childrenCanBubbleNull = Self.canBubble(currentRequiredChildren)
                    withinAbstractInlineFragment = wasWithinAbstract
                    requiredChildrenByPath[fieldPath] = currentRequiredChildren
                    currentRequiredChildren = parentChildren
                    return .linkedField(field)
                case .inlineFragment(var fragment) where fragment.alias != nil:
                    // An alias is a nullable object of its own: nulls inside bubble up to it.
                    path.append(fragment.alias?.name ?? "")
                    defer { path.removeLast() }
                    let parentChildren = currentRequiredChildren
                    let wasWithinAbstract = withinAbstractInlineFragment
                    currentRequiredChildren = [:]
                    withinAbstractInlineFragment = false
                    fragment.selections = walk(fragment.selections, parentType: fragment.typeCondition)
                    fragment.alias?.childrenCanBubbleNull = Self.canBubble(currentRequiredChildren)
                    withinAbstractInlineFragment = wasWithinAbstract
                    currentRequiredChildren = parentChildren
                    return .inlineFragment(fragment)
                case .inlineFragment(var fragment):
                    let wasWithinAbstract = withinAbstractInlineFragment
                    if fragment.typeCondition != parentType, let type = schema[fragment.typeCondition],
                        type.kind == .interface || type.kind == .union
                    {
                        withinAbstractInlineFragment = true
                    }
                    fragment.selections = walk(fragment.selections, parentType: fragment.typeCondition)
                    withinAbstractInlineFragment = wasWithinAbstract
                    return .inlineFragment(fragment)
                case .condition(var condition):
                    condition.selections = walk(condition.selections, parentType: parentType)
                    return .condition(condition)
                case .fragmentSpread:
                    // Each fragment is checked on its own: its fields are its business.
                    return selection
                }
            }
        }

        /// Takes `@required` off `directives` and checks it where it stands.
        private mutating func required(
            _ directives: inout [IRDirective], fieldName: String, location: SourceLocation, path: String,
            definition: SchemaField?
        ) -> Written? {
            let directive = directives.first { $0.name == "required" }
            directives.removeAll { $0.name == "required" }
            var written: Written?
            if let argument = directive?.argument("action"), case .variable = argument.value {
                diagnostics.append(
                    .error(
                        "Unexpected dynamic argument. required's 'action' argument must be a constant value because "
                            + "it is read by the Relay compiler.", at: argument.location))
            }
            if let directive, let argument = directive.argument("action"), case .enumValue(let name) = argument.value {
                let action: IRRequired.Action? =
                    switch name {
                    case "NONE": IRRequired.Action.none
                    case "LOG": .log
                    case "THROW", Self.dangerousThrow: .throw
                    default: nil
                    }
                // Validation has reported a missing or unknown action already.
                written = action.map { Written(action: $0, actionName: name, actionLocation: argument.location) }
            }
            if let written, let directive {
                if withinAbstractInlineFragment {
                    diagnostics.append(
                        .error(
                            "Unexpected @required within inline fragment on an abstract type. At runtime we cannot "
                                + "know if this field is null, or if it's missing because the inline fragment did not "
                                + "match. Consider using `@alias` to give your inline fragment a name.",
                            at: directive.location))
                }
                if inInlineDataFragment {
                    diagnostics.append(
                        .error("@required is not supported within @inline fragments.", at: directive.location))
                }
                if inMutation, written.action == .throw {
                    diagnostics.append(
                        .error(
                            "Unexpected `@required(action: THROW)` directive in mutation response. The use of "
                                + "`@required(action: THROW)` is not supported in mutations.", at: directive.location))
                }
                if written.actionName == Self.dangerousThrow, let definition, Self.isSemanticallyNonNull(definition) {
                    diagnostics.append(
                        .error(
                            "@required with action \(Self.dangerousThrow) is not allowed on non-nullable fields. "
                                + "Use action THROW instead.", at: written.actionLocation))
                }
                if disallowsThrowOnSemanticallyNullable, written.actionName == "THROW", let definition,
                    !Self.isSemanticallyNonNull(definition)
                {
                    diagnostics.append(
                        .error(
                            "@required with action THROW is not allowed on fields that are semantically nullable. "
                                + "Fields that can legitimately be null should not use the THROW action.",
                            at: written.actionLocation))
                }
                currentRequiredChildren[path] = Selected(written: written, fieldName: fieldName, location: location)
            }
            checkSameRequired(Selected(written: written, fieldName: fieldName, location: location), at: path)
            return written
        }

        static let dangerousThrow = "DANGEROUSLY_THROW_ON_SEMANTICALLY_NULLABLE_FIELD"

        /// Non-null in the schema, or `@semanticNonNull` at the outer level.
        static func isSemanticallyNonNull(_ field: SchemaField) -> Bool {
            if case .nonNull = field.type { return true }
            return SemanticNonNull.levels(of: field).contains(0)
        }

        /// Every selection of a path agrees on `@required` and its action.
        private mutating func checkSameRequired(_ current: Selected, at path: String) {
            guard let previous = selectedByPath[path] else {
                selectedByPath[path] = current
                return
            }
            switch (previous.written, current.written) {
            case (let before?, let now?) where before.action != now.action:
                diagnostics.append(
                    .error(
                        "All references to a @required field must have matching `action` arguments. The `action` "
                            + "used for '\(current.fieldName)'", at: before.actionLocation,
                        notes: [
                            DiagnosticNote("should be the same as the `action` declared here", at: now.actionLocation)
                        ]
                    ))
            case (_?, nil):
                diagnostics.append(
                    .error(
                        "All references to a field must have matching @required declarations. The field "
                            + "'\(current.fieldName)` is @required here", at: previous.location,
                        notes: [DiagnosticNote("but not @required here", at: current.location)]))
            case (nil, _?):
                diagnostics.append(
                    .error(
                        "All references to a field must have matching @required declarations. The field "
                            + "'\(current.fieldName)` is @required here", at: current.location,
                        notes: [DiagnosticNote("but not @required here", at: previous.location)]))
            default:
                break
            }
        }

        /// A field selected at several places has the same `@required` children at each.
        private mutating func checkRequiredChildren(of field: IRLinkedField, at fieldPath: String) {
            guard let previousChildren = requiredChildrenByPath[fieldPath] else { return }
            let otherParent = selectedByPath[fieldPath]?.location
            for childPath in currentRequiredChildren.keys.sorted() where previousChildren[childPath] == nil {
                guard let child = currentRequiredChildren[childPath] else { continue }
                diagnostics.append(missingChild(child, from: otherParent))
            }
            for childPath in previousChildren.keys.sorted() where currentRequiredChildren[childPath] == nil {
                guard let child = previousChildren[childPath] else { continue }
                diagnostics.append(missingChild(child, from: field.location))
            }
        }

        private func missingChild(_ child: Selected, from parent: SourceLocation?) -> Diagnostic {
            .error(
                "@required fields must be included in all instances of their parent. The field "
                    + "'\(child.fieldName)` is marked as @required here", at: child.location,
                notes: [DiagnosticNote("but is missing from", at: parent)])
        }

        /// A `@required` field's `@required` children are at least as severe as it is, since
        /// their null becomes its null.
        private mutating func checkSeverity(of parent: Written) {
            for path in currentRequiredChildren.keys.sorted() {
                guard let child = currentRequiredChildren[path]?.written, child.action < parent.action else { continue }
                diagnostics.append(
                    .error(
                        "A @required field may not have an `action` less severe than that of its @required parent. "
                            + "This @required directive should probably have `action: \(child.actionName)`",
                        at: parent.actionLocation,
                        notes: [DiagnosticNote("so that it can match its parent", at: child.actionLocation)]))
            }
        }
    }
}

// MARK: What this feature keeps on IR nodes

extension IROperation {
    /// A `@required` field directly under the root may bubble its null up to the whole data.
    public var childrenCanBubbleNull: Bool {
        get { metadata[OperationChildrenCanBubbleNullKey.self] }
        set { metadata[OperationChildrenCanBubbleNullKey.self] = newValue }
    }
}

private enum OperationChildrenCanBubbleNullKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

extension IRFragment {
    /// A `@required` field directly under the root may bubble its null up to the whole data.
    public var childrenCanBubbleNull: Bool {
        get { metadata[FragmentChildrenCanBubbleNullKey.self] }
        set { metadata[FragmentChildrenCanBubbleNullKey.self] = newValue }
    }
}

private enum FragmentChildrenCanBubbleNullKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

extension IRScalarField {
    /// `@required(action:)`: a null makes the enclosing object null instead.
    public var required: IRRequired? {
        get { metadata[ScalarFieldRequiredKey.self] }
        set { metadata[ScalarFieldRequiredKey.self] = newValue }
    }
}

private enum ScalarFieldRequiredKey: IRMetadataKey {
    static let defaultValue: IRRequired? = nil
}

extension IRLinkedField {
    /// `@required(action:)`: a null makes the enclosing object null instead.
    public var required: IRRequired? {
        get { metadata[LinkedFieldRequiredKey.self] }
        set { metadata[LinkedFieldRequiredKey.self] = newValue }
    }
}

private enum LinkedFieldRequiredKey: IRMetadataKey {
    static let defaultValue: IRRequired? = nil
}

extension IRLinkedField {
    /// A `@required` child may bubble its null up to this field's value, so code reads it as
    /// optional even when the schema says it is never null.
    public var childrenCanBubbleNull: Bool {
        get { metadata[LinkedFieldChildrenCanBubbleNullKey.self] }
        set { metadata[LinkedFieldChildrenCanBubbleNullKey.self] = newValue }
    }
}

private enum LinkedFieldChildrenCanBubbleNullKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

/// `@required(action:)` on a field: what a null there does (Relay's `RequiredField`). The
/// field's Swift type becomes non-optional; a null bubbles to the nearest parent that may be
/// null (`none`, `log`) or fails the read (`throw`).
public struct IRRequired: Hashable, Sendable {
    /// By severity, as Relay orders them.
    public enum Action: Int, Hashable, Sendable, Comparable {
        case none, log, `throw`

        public static func < (lhs: Action, rhs: Action) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The name in the directive and in artifacts (`NONE`, `LOG`, `THROW`).
        public var name: String {
            switch self {
            case .none: "NONE"
            case .log: "LOG"
            case .throw: "THROW"
            }
        }
    }

    public var action: Action
    /// Response keys from the document's root to the field (`viewer.name`), for messages.
    public var path: String

    public init(action: Action, path: String) {
        self.action = action
        self.path = path
    }
}
