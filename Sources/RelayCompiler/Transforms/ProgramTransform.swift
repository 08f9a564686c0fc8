import GraphQLParser

/// The one shape of a transform: a program and a context in, a program and diagnostics out.
/// `TransformPipeline` lists every transform in phase order; a new one is a file conforming to
/// this protocol and a line in that list.
public protocol ProgramTransform {
    /// Shown with the transform's time by `--verbose` (Relay's transform names, where it has one).
    static var name: String { get }

    static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput
}

/// What every transform may read besides the program.
public struct TransformContext: Sendable {
    public let schema: Schema
    /// Relay's `enforce_fragment_alias_where_ambiguous` (on by default since Relay 21): a spread
    /// that may not match needs `@alias`.
    public let enforcesFragmentAliases: Bool
    /// Definition names start with their file's name (relay.json's `requireFileNamePrefix`),
    /// checked with the documents.
    public let requiresFileNamePrefix: Bool
    /// Relay's checks the project turned on.
    public let checks: OptionalChecks
    /// Relay's `compact_query_text`: operation texts printed without optional layout.
    public let compactQueryText: Bool

    public init(
        schema: Schema, enforcesFragmentAliases: Bool = true, requiresFileNamePrefix: Bool = true,
        checks: OptionalChecks = OptionalChecks(), compactQueryText: Bool = false
    ) {
        self.schema = schema
        self.enforcesFragmentAliases = enforcesFragmentAliases
        self.requiresFileNamePrefix = requiresFileNamePrefix
        self.checks = checks
        self.compactQueryText = compactQueryText
    }
}

/// A transform's result: the new program and the problems it found in the old one.
public struct TransformOutput: Sendable {
    public var program: IRProgram
    public var diagnostics: [Diagnostic]

    public init(_ program: IRProgram, _ diagnostics: [Diagnostic] = []) {
        self.program = program
        self.diagnostics = diagnostics
    }
}

extension IRProgram {
    /// The program with every definition's selections replaced by `transform(selections, type)`,
    /// where `type` is the definition's root or condition type; definitions run in parallel.
    func transformingDefinitions(_ transform: @escaping @Sendable ([IRSelection], String) -> [IRSelection])
        -> IRProgram
    {
        var program = self
        program.operations = operations.concurrentMap { operation in
            var operation = operation
            operation.selections = transform(operation.selections, operation.rootType)
            return operation
        }
        program.fragments = fragments.concurrentMap { fragment in
            var fragment = fragment
            fragment.selections = transform(fragment.selections, fragment.typeCondition)
            return fragment
        }
        return program
    }
}
