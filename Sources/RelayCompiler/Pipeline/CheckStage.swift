import GraphQLParser

extension Pipeline {
    /// The documents checked and turned into programs.
    struct CheckedProject {
        /// The partial compile planned from the session's file states; nil compiles everything.
        var plan: IncrementalPlan?
        /// The programs code generation reads; nil when any stage reported errors.
        var programs: Programs?
        /// What validation, the IR, the transforms and the operation-text check reported.
        var diagnostics: [Diagnostic] = []
    }

    /// Plans a partial compile (when the session has file states and nothing was reported so
    /// far, `earlier`) and checks the documents it covers (`check(_:schema:…)`).
    /// `sources.documents` are let go once the IR is built.
    func check(
        _ sources: inout ReadSources, schema: Schema, schemaIsMissing: Bool, earlier: [Diagnostic],
        timings: inout StageTimings
    ) -> CheckedProject {
        var checked = CheckedProject()
        let earlierErrors = earlier.containsErrors
        let nothingFailed = earlier.isEmpty
        // Relay Resolvers tie a definition to its fields' root fragments through the schema, not
        // through spreads the plan sees: a project with resolvers is compiled whole.
        let planable = nothingFailed && ResolverDefinition.byRootFragment(in: schema).isEmpty
        checked.plan =
            planable
            ? session.previous.flatMap {
                IncrementalPlan(
                    previous: $0, files: sources.swiftFiles, digests: sources.digests, outlines: sources.outlines,
                    documentFiles: sources.literals.map(\.source.name))
            } : nil
        // Suggestions for a misspelled spread come from every fragment, not only those checked.
        let fragmentNames = RelayValidation.fragmentNames(in: sources.documents)
        var documents = sources.documents
        sources.documents = []
        if let plan = checked.plan {
            documents = plan.documentIndices.map { documents[$0] }
            timings.end("planning (\(plan.affectedFiles.count) files affected)")
        }
        let documentCheck = Self.check(
            consume documents, schema: schema, schemaIsMissing: schemaIsMissing, earlierErrors: earlierErrors,
            fragmentNames: fragmentNames,
            context: TransformContext(
                schema: schema, enforcesFragmentAliases: configuration.enforcesFragmentAliases,
                requiresFileNamePrefix: configuration.requiresFileNamePrefix, checks: configuration.checks,
                compactQueryText: configuration.compactQueryText),
            timings: &timings)
        checked.diagnostics = documentCheck.diagnostics
        checked.programs = documentCheck.programs
        return checked
    }

    /// What checking documents gave: their programs, or why there are none.
    public struct CheckedDocuments: Sendable {
        /// The programs code generation reads; nil when any step reported errors.
        public var programs: Programs?
        /// What validation, the IR, the transforms and the operation-text check reported.
        public var diagnostics: [Diagnostic] = []
    }

    /// The check stage of parsed documents (let go once the IR is built), step by step: validation (skipped when the schema is
    /// missing: every type would be unknown), the IR (not built after earlier errors or failed
    /// validation), the transform phases, the operation texts printed (`OperationTexts`) and
    /// checked (`OperationTextCheck`), and the `Programs` made of both. Tests call it to compile
    /// documents as a compile does.
    public static func check(
        _ documents: consuming [Document], schema: Schema, schemaIsMissing: Bool = false,
        earlierErrors: Bool = false, fragmentNames: [String]? = nil, context: TransformContext,
        timings: inout StageTimings
    ) -> CheckedDocuments {
        var checked = CheckedDocuments()
        var documents = documents
        if !schemaIsMissing {
            checked.diagnostics += RelayValidation.validate(
                documents, schema: schema, fragmentNames: fragmentNames ?? RelayValidation.fragmentNames(in: documents),
                requiresFileNamePrefix: context.requiresFileNamePrefix, checks: context.checks)
        }
        timings.end("validation")
        guard !earlierErrors, !checked.diagnostics.containsErrors else { return checked }
        // The fragments resolver models read (Relay's generated `<Type>__id`, …), unless written;
        // the compiler's own, so not held to the naming rules.
        let written = Set(fragmentNames ?? RelayValidation.fragmentNames(in: documents))
        documents += ResolverModels.fragmentDocuments(schema, leavingOut: written)
        let (built, buildDiagnostics) = IRBuilder.build(documents, schema: schema)
        _ = consume documents  // let go before the transforms, where a compile's memory grows
        checked.diagnostics += buildDiagnostics
        timings.end("IR")
        let (transformed, transformDiagnostics) = TransformPipeline.run(built, context: context, timings: &timings)
        checked.diagnostics += transformDiagnostics
        guard let transformed, !checked.diagnostics.containsErrors else { return checked }
        let texts = OperationTexts(printing: transformed.operationText, compact: context.compactQueryText)
        timings.end("operation texts")
        checked.diagnostics += OperationTextCheck.diagnostics(
            texts, operations: transformed.reader.operations, schema: schema)
        timings.end("operation text check")
        checked.programs = checked.diagnostics.containsErrors ? nil : Programs(transformed, texts: texts)
        return checked
    }
}
