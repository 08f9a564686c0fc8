import GraphQLParser

/// Every transform, in phase order, as the Relay compiler's `apply_transforms` lists them: the
/// common transforms, then one list per program code generation reads. `run` applies them once
/// per compile and returns the programs together; code generation only reads them.
public enum TransformPipeline {
    /// Relay's directives read into the IR (with their checks) and the document normalized:
    /// every program below starts from this one.
    public static var common: [any ProgramTransform.Type] {
        [
            FragmentArgumentsTransform.self,
            ProvidedVariablesTransform.self,
            UpdatableDirectivesTransform.self,
            RelayDirectivesTransform.self,
            NoInlineTransform.self,
            FieldHandlesTransform.self,
            ClientEdgesTransform.self,
            DeclarativeEditsTransform.self,
            RefetchableTransform.self,
            ConditionTransform.self,
            DeferStreamTransform.self,
            FragmentAliasTransform.self,
            MatchTransform.self,
            MaskTransform.self,
            RequiredTransform.self,
            CatchTransform.self,
            RelayResolversTransform.self,
            TypenameTransform.self,
            ClientExtensionsTransform.self,
        ]
    }

    /// What app code reads: the program as written (fragments stay spreads, but `@inline` ones are
    /// read with their parent; connections are read through their handle fields by code generation).
    public static var reader: [any ProgramTransform.Type] {
        [InlineDataFragmentTransform.self, DeferredSpreadsTransform.self, ModuleComponentTransform.self]
    }

    /// What the server and the store see of an operation, shared by the normalization and the
    /// operation-text programs.
    public static var server: [any ProgramTransform.Type] {
        [
            UpdatableSpreadsTransform.self,
            RemoveAliasedInlineFragmentsTransform.self,
            SkipClientFieldsTransform.self,
            ApplyFragmentArgumentsTransform.self,
            ConnectionFieldsTransform.self,
            GenerateIdentityFieldsTransform.self,
        ]
    }

    /// How the store writes a response: after `server`, fragments inlined and selections merged.
    public static var normalization: [any ProgramTransform.Type] { [InlineFragmentsTransform.self] }

    /// The text a server receives: after `server`, without client schema extensions and literal
    /// nulls, with Relay's `__isX` type discriminators, flattened, and without the variables only the store uses.
    public static var operationText: [any ProgramTransform.Type] {
        [
            SkipClientExtensionsTransform.self, TypeDiscriminatorTransform.self, SkipNullArgumentsTransform.self,
            FlattenTransform.self, SkipClientVariablesTransform.self,
        ]
    }

    /// What `Data` types are generated from: the reader program (types follow what code reads;
    /// an `@inline` fragment's data is a key's).
    public static var typegen: [any ProgramTransform.Type] { [] }

    /// Applies every phase to `program`. Programs are nil when a transform reported an error
    /// (later phases would only repeat it); each transform's time goes into `timings`.
    public static func run(_ program: IRProgram, context: TransformContext, timings: inout StageTimings)
        -> (TransformedPrograms?, [Diagnostic])
    {
        let common = applyCommon(program, context: context, timings: &timings)
        guard !common.diagnostics.containsErrors else { return (nil, common.diagnostics) }
        let (programs, diagnostics) = programs(fromCommon: common.program, context: context, timings: &timings)
        return (diagnostics.containsErrors ? nil : programs, common.diagnostics + diagnostics)
    }

    /// The common phase alone: the program every other phase starts from.
    public static func applyCommon(_ program: IRProgram, context: TransformContext, timings: inout StageTimings)
        -> TransformOutput
    {
        var diagnostics: [Diagnostic] = []
        let result = apply(common, to: program, context, &diagnostics, &timings)
        return TransformOutput(result, diagnostics)
    }

    /// The phases after the common one, from its result.
    public static func programs(fromCommon common: IRProgram, context: TransformContext, timings: inout StageTimings)
        -> (TransformedPrograms, [Diagnostic])
    {
        var diagnostics: [Diagnostic] = []
        let reader = apply(reader, to: common, context, &diagnostics, &timings)
        let server = apply(server, to: common, context, &diagnostics, &timings)
        let normalization = apply(normalization, to: server, context, &diagnostics, &timings)
        let operationText = apply(operationText, to: server, context, &diagnostics, &timings)
        let typegen = apply(typegen, to: reader, context, &diagnostics, &timings)
        let programs = TransformedPrograms(
            reader: reader, normalization: normalization, operationText: operationText, typegen: typegen)
        return (programs, diagnostics)
    }

    private static func apply(
        _ transforms: [any ProgramTransform.Type], to program: IRProgram, _ context: TransformContext,
        _ diagnostics: inout [Diagnostic], _ timings: inout StageTimings
    ) -> IRProgram {
        var program = program
        for transform in transforms {
            let output = transform.transform(program, context)
            program = output.program
            diagnostics += output.diagnostics
            timings.end(transform.name)
        }
        return program
    }
}

/// What the transform phases give: one program per consumer, before the operation texts are
/// printed from the operation-text one.
public struct TransformedPrograms: Sendable {
    /// What app code reads; reader selections come from here.
    public var reader: IRProgram
    /// Each operation as the store writes its response: fragment arguments applied, identity and
    /// connection fields added, fragments inlined, selections merged. Operations only.
    public var normalization: IRProgram
    /// What servers receive: the operations without store-only variables, and the fragments
    /// (applied to their arguments) they spread.
    public var operationText: IRProgram
    /// What `Data` types are generated from.
    public var typegen: IRProgram

    public init(reader: IRProgram, normalization: IRProgram, operationText: IRProgram, typegen: IRProgram) {
        self.reader = reader
        self.normalization = normalization
        self.operationText = operationText
        self.typegen = typegen
    }
}

/// The programs code generation reads (Relay's `Programs`): the transformed programs with the
/// operation texts printed from them (`OperationTexts`), made once per compile.
public struct Programs: Sendable {
    public var reader: IRProgram
    public var normalization: IRProgram
    public var operationText: IRProgram
    public var typegen: IRProgram
    /// Each operation's server text, by operation name. An operation of client schema
    /// extensions only has none: it is never sent.
    public let texts: [String: String]
    /// Persisted-query ids by operation name, when the project persists with Relay's MD5 or
    /// SHA-1 or with a server (`persistConfig`); nil means the SHA-256 of each text.
    public var persistedIDs: [String: String]?
    /// The operations whose text has `@defer` or `@stream`: their response may come in parts.
    public let incrementalOperations: Set<String>
    private let normalizationByName: [String: IROperation]
    private let clientVariablesByName: [String: [String]]

    public init(_ transformed: TransformedPrograms, texts: OperationTexts) {
        reader = transformed.reader
        normalization = transformed.normalization
        operationText = transformed.operationText
        typegen = transformed.typegen
        self.texts = texts.texts
        incrementalOperations = texts.incrementalOperations
        normalizationByName = Dictionary(
            normalization.operations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let sent = Dictionary(
            operationText.operations.map { ($0.name, Set($0.variables.map(\.name))) },
            uniquingKeysWith: { first, _ in first })
        clientVariablesByName = normalizationByName.mapValues { operation in
            operation.variables.map(\.name).filter { !(sent[operation.name]?.contains($0) ?? false) }
        }
    }

    /// The persisted-query id of operation `name`, nil when it has no text.
    public func persistedID(of name: String) -> String? {
        if let persistedIDs { return persistedIDs[name] }
        return texts[name].map(SHA256.hexDigest)
    }

    /// Operation `name` of the normalization program.
    public func normalizationOperation(named name: String) -> IROperation? { normalizationByName[name] }

    /// The variables of operation `name` that only the store uses (declarative edits'
    /// `connections`): declared, but left out of its text and of the variables sent.
    public func clientVariables(of name: String) -> [String] { clientVariablesByName[name] ?? [] }
}

extension Array where Element == IRSelection {
    /// Whether a selection here or below carries one of the directives `names`.
    func containsDirective(named names: Set<String>) -> Bool {
        contains { selection in
            if selection.directives.contains(where: { names.contains($0.name) }) { return true }
            switch selection {
            case .linkedField(let field): return field.selections.containsDirective(named: names)
            case .inlineFragment(let fragment): return fragment.selections.containsDirective(named: names)
            case .condition(let condition): return condition.selections.containsDirective(named: names)
            case .scalarField, .fragmentSpread: return false
            }
        }
    }
}
