import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// Reads Relay's `@catch(to:)` and `@throwOnFieldError` into the IR and checks Relay's rules for
/// them (its catch-directive and client-schema-extensions-use-catch validations): `@catch` on a
/// field, an aliased inline fragment or a whole fragment or operation; never with `@required` on
/// the same field, never on an inline fragment without `@alias`; and within `@throwOnFieldError`
/// every client-defined field is under a `@catch`, since a field no one set reads as an error.
/// Both directives leave the server's text.
public enum CatchTransform: ProgramTransform {
    public static let name = "CatchDirective"

    static let catchDirective = "catch"
    static let throwDirective = "throwOnFieldError"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        var program = program
        var diagnostics: [Diagnostic] = []
        for index in program.operations.indices {
            var operation = program.operations[index]
            (operation.catchTo, operation.throwOnFieldError) = read(
                &operation.directives, &operation.selections, on: operation.rootType, context.schema, &diagnostics)
            program.operations[index] = operation
        }
        for index in program.fragments.indices {
            var fragment = program.fragments[index]
            (fragment.catchTo, fragment.throwOnFieldError) = read(
                &fragment.directives, &fragment.selections, on: fragment.typeCondition, context.schema, &diagnostics)
            if fragment.isInline, fragment.catchTo != nil {
                // Its data is read with its parent's, into the key: there is no read of its own.
                diagnostics.append(
                    .error("@catch on an @inline fragment is not supported by relay-swift yet.", at: fragment.location))
            }
            program.fragments[index] = fragment
        }
        return TransformOutput(program, diagnostics)
    }

    /// One definition: its own `@catch` and `@throwOnFieldError`, then its selections.
    private static func read(
        _ directives: inout [IRDirective], _ selections: inout [IRSelection], on rootType: String, _ schema: Schema,
        _ diagnostics: inout [Diagnostic]
    ) -> (CatchTo?, Bool) {
        let catchTo = definitionCatch(&directives, &diagnostics)
        let throwOnFieldError = takeThrowOnFieldError(&directives)
        var walker = Walker(schema: schema, throwOnFieldError: throwOnFieldError)
        selections = walker.walk(selections, parentType: rootType, withinCatch: catchTo != nil)
        diagnostics += walker.diagnostics
        return (catchTo, throwOnFieldError)
    }

    private static func definitionCatch(_ directives: inout [IRDirective], _ diagnostics: inout [Diagnostic])
        -> CatchTo?
    {
        guard let directive = directives.first(where: { $0.name == catchDirective }) else { return nil }
        directives.removeAll { $0.name == catchDirective }
        return catchTo(directive, &diagnostics)
    }

    private static func takeThrowOnFieldError(_ directives: inout [IRDirective]) -> Bool {
        let found = directives.contains { $0.name == throwDirective }
        directives.removeAll { $0.name == throwDirective }
        return found
    }

    /// `to:` of a `@catch`; `RESULT` when left out.
    static func catchTo(_ directive: IRDirective, _ diagnostics: inout [Diagnostic]) -> CatchTo {
        guard let argument = directive.argument("to") else { return .result }
        guard case .enumValue(let name) = argument.value else {
            diagnostics.append(
                .error(
                    "Unexpected dynamic argument. catch's 'to' argument must be a constant value because it is read "
                        + "by the Relay compiler.", at: argument.location))
            return .result
        }
        // Validation has reported an unknown value already.
        return CatchTo(rawValue: name) ?? .result
    }

    struct Walker {
        let schema: Schema
        let throwOnFieldError: Bool
        var diagnostics: [Diagnostic] = []

        mutating func walk(_ selections: [IRSelection], parentType: String, withinCatch: Bool) -> [IRSelection] {
            selections.map { selection in
                switch selection {
                case .scalarField(var field):
                    field.catchTo = fieldCatch(
                        &field.directives, isRequired: field.required != nil, location: field.location)
                    let caught = withinCatch || field.catchTo != nil
                    checkClientField(field.name, on: parentType, caught: caught, at: field.location)
                    field.semanticType = semanticType(field.name, on: parentType, field.type, caught: caught)
                    return .scalarField(field)
                case .linkedField(var field):
                    field.catchTo = fieldCatch(
                        &field.directives, isRequired: field.required != nil, location: field.location)
                    let caught = withinCatch || field.catchTo != nil
                    let reported = checkClientField(field.name, on: parentType, caught: caught, at: field.location)
                    field.semanticType = semanticType(field.name, on: parentType, field.type, caught: caught)
                    // Relay reports an uncaught client object once, not its fields too.
                    field.selections = walk(
                        field.selections, parentType: field.type.namedType, withinCatch: caught || reported)
                    return .linkedField(field)
                case .inlineFragment(var fragment):
                    var caught = withinCatch
                    if let directive = fragment.directives.first(where: { $0.name == CatchTransform.catchDirective }) {
                        fragment.directives.removeAll { $0.name == CatchTransform.catchDirective }
                        if fragment.alias == nil {
                            diagnostics.append(
                                .error("Unexpected `@catch` on unaliased inline fragment.", at: directive.location))
                        } else {
                            fragment.alias?.catchTo = CatchTransform.catchTo(directive, &diagnostics)
                            caught = true
                        }
                    }
                    fragment.selections = walk(
                        fragment.selections, parentType: fragment.typeCondition, withinCatch: caught)
                    return .inlineFragment(fragment)
                case .condition(var condition):
                    condition.selections = walk(condition.selections, parentType: parentType, withinCatch: withinCatch)
                    return .condition(condition)
                case .fragmentSpread:
                    // Each fragment handles its own errors.
                    return selection
                }
            }
        }

        /// The type code reads the field as where its errors are handled: a throw or a `@catch`
        /// keeps the nulls of `@semanticNonNull` levels from reaching code.
        private func semanticType(_ name: String, on parentType: String, _ type: TypeRef, caught: Bool) -> TypeRef? {
            guard throwOnFieldError || caught, let parent = schema[parentType],
                let definition = schema.field(name, on: parent)
            else { return nil }
            let levels = SemanticNonNull.levels(of: definition)
            return levels.isEmpty ? nil : SemanticNonNull.applying(levels, to: type)
        }

        /// Takes `@catch` off a field's directives.
        private mutating func fieldCatch(_ directives: inout [IRDirective], isRequired: Bool, location: SourceLocation)
            -> CatchTo?
        {
            guard let directive = directives.first(where: { $0.name == CatchTransform.catchDirective }) else {
                return nil
            }
            directives.removeAll { $0.name == CatchTransform.catchDirective }
            if isRequired {
                diagnostics.append(
                    .error("@catch and @required directives cannot be on the same field", at: directive.location))
            }
            return CatchTransform.catchTo(directive, &diagnostics)
        }

        /// Within `@throwOnFieldError`, a client-defined field is under a `@catch`: one no
        /// update has set yet reads as a field error. True when it reported the field.
        @discardableResult
        private mutating func checkClientField(
            _ name: String, on parentType: String, caught: Bool, at location: SourceLocation
        ) -> Bool {
            guard throwOnFieldError, !caught, !name.hasPrefix("__"), let type = schema[parentType],
                schema.field(name, on: type)?.isClientExtension == true
            else { return false }
            diagnostics.append(
                .error(
                    "Expected client-defined field within `@throwOnFieldError` to be annotated with `@catch`. "
                        + "Accessing an unset field is treated as a field error, but Relay cannot guarantee that "
                        + "client field will be set before they are read. Add `@catch` to explicitly handle the "
                        + "case where the field is unset.", at: location))
            return true
        }
    }
}

// MARK: What this feature keeps on IR nodes

extension IROperation {
    /// `@catch(to:)` on the operation: errors anywhere in its data are caught there.
    package var catchTo: CatchTo? {
        get { metadata[OperationCatchToKey.self] }
        set { metadata[OperationCatchToKey.self] = newValue }
    }
}

private enum OperationCatchToKey: IRMetadataKey {
    static let defaultValue: CatchTo? = nil
}

extension IROperation {
    /// `@throwOnFieldError`: a field in error fails the read; `@semanticNonNull` fields are
    /// non-optional.
    public var throwOnFieldError: Bool {
        get { metadata[OperationThrowOnFieldErrorKey.self] }
        set { metadata[OperationThrowOnFieldErrorKey.self] = newValue }
    }
}

private enum OperationThrowOnFieldErrorKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

extension IRFragment {
    /// `@catch(to:)` on the fragment: errors anywhere in its data are caught there.
    package var catchTo: CatchTo? {
        get { metadata[FragmentCatchToKey.self] }
        set { metadata[FragmentCatchToKey.self] = newValue }
    }
}

private enum FragmentCatchToKey: IRMetadataKey {
    static let defaultValue: CatchTo? = nil
}

extension IRFragment {
    /// `@throwOnFieldError`: a field in error fails the read; `@semanticNonNull` fields are
    /// non-optional.
    public var throwOnFieldError: Bool {
        get { metadata[FragmentThrowOnFieldErrorKey.self] }
        set { metadata[FragmentThrowOnFieldErrorKey.self] = newValue }
    }
}

private enum FragmentThrowOnFieldErrorKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

extension IRScalarField {
    /// `@catch(to:)`: errors found in the field stay in it.
    package var catchTo: CatchTo? {
        get { metadata[ScalarFieldCatchToKey.self] }
        set { metadata[ScalarFieldCatchToKey.self] = newValue }
    }
}

private enum ScalarFieldCatchToKey: IRMetadataKey {
    static let defaultValue: CatchTo? = nil
}

extension IRScalarField {
    /// The type code reads where the field's errors are handled (`@throwOnFieldError`, `@catch`):
    /// `type` with its `@semanticNonNull` levels non-null; nil elsewhere.
    public var semanticType: TypeRef? {
        get { metadata[ScalarFieldSemanticTypeKey.self] }
        set { metadata[ScalarFieldSemanticTypeKey.self] = newValue }
    }
}

private enum ScalarFieldSemanticTypeKey: IRMetadataKey {
    static let defaultValue: TypeRef? = nil
}

extension IRLinkedField {
    /// `@catch(to:)`: errors found in the field stay in it.
    package var catchTo: CatchTo? {
        get { metadata[LinkedFieldCatchToKey.self] }
        set { metadata[LinkedFieldCatchToKey.self] = newValue }
    }
}

private enum LinkedFieldCatchToKey: IRMetadataKey {
    static let defaultValue: CatchTo? = nil
}

extension IRLinkedField {
    /// The type code reads where the field's errors are handled (`@throwOnFieldError`, `@catch`):
    /// `type` with its `@semanticNonNull` levels non-null; nil elsewhere.
    public var semanticType: TypeRef? {
        get { metadata[LinkedFieldSemanticTypeKey.self] }
        set { metadata[LinkedFieldSemanticTypeKey.self] = newValue }
    }
}

private enum LinkedFieldSemanticTypeKey: IRMetadataKey {
    static let defaultValue: TypeRef? = nil
}
