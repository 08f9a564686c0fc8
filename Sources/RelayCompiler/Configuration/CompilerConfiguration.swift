import Foundation
import GraphQLParser

/// What a compile needs to know, from `relay.json` (keys mirror relay.config.json) and the
/// command line. Paths in a configuration file are relative to the file's folder.
public struct CompilerConfiguration: Equatable, Sendable {
    public var sourceDirectories: [String] = []
    /// Swift files to compile besides those of `sourceDirectories` (the build plugin lists a
    /// target's files; then the configuration file's `src` is not used).
    public var sourceFiles: [String] = []
    /// One artifact per Swift file instead of one per definition (see `ArtifactGenerator`).
    public var outputPerSourceFile = false
    /// The server's schema (`schema`).
    public var schemaFiles: [String] = []
    /// Client schema extensions (`schemaExtensions`): fields and types only the client's store
    /// has, for local state; never sent to the server.
    public var schemaExtensionFiles: [String] = []
    public var excludes: [String] = []
    public var customScalars: [String: CustomScalarType] = [:]
    public var artifactDirectory: String?
    /// Where to write the JSON map of persisted-query ids to operation texts.
    public var persistOutput: String?
    /// How the ids of that map and of the artifacts are computed: SHA-256 unless
    /// `persistConfig` says otherwise (then MD5 by default, as in Relay).
    public var persistAlgorithm = PersistedQueryAlgorithm.sha256
    /// `persistConfig` with a `url`: ids come from a persisting server instead.
    public var remotePersisting: RemotePersisting?
    /// Relay's `enforce_fragment_alias_where_ambiguous` feature flag, on unless `featureFlags`
    /// disables it.
    public var enforcesFragmentAliases = true
    /// Relay's `enable_fragment_argument_transform` feature flag, off unless `featureFlags`
    /// enables it: fragment variables in the syntax (`fragment F($size: Int = 10) on T`,
    /// `...F(size: 20)`), read as `@argumentDefinitions` and `@arguments`.
    public var allowsFragmentVariables = false
    /// Relay's `compact_query_text` feature flag: operation texts without optional spaces and
    /// line breaks (`OperationTextPrinter`).
    public var compactQueryText = false
    /// `testSupport` (relay-swift's own key): every operation's node carries each field's schema
    /// type and a `RelayDefinitions` file lists every definition, for `RelayTesting`'s
    /// generated-data check. Off: nothing of it reaches an app that does not ask.
    public var testSupport = false
    /// Relay's checks a project turns on: `featureFlags.enable_strict_custom_scalars`,
    /// `featureFlags.disallow_required_action_throw_on_semantically_nullable_fields`, `testPathRegex`,
    /// `schemaConfig.nonNodeIdFields`.
    public var checks = OptionalChecks()
    /// How documents are parsed under this configuration.
    public var parseOptions: ParseOptions {
        ParseOptions(allowsFragmentVariables: allowsFragmentVariables, maxSelections: Self.maxSelectionsPerSource)
    }
    /// The most selections one Swift literal or GraphQL document may hold (`docs/Limits.md`):
    /// five times a megabyte of real operations (GitHub's, about 48,000), so that a source
    /// repeating itself millions of times is one error rather than minutes and gigabytes.
    public static let maxSelectionsPerSource = 250_000
    /// `requireCustomScalarTypes`: an unmapped custom scalar is an error rather than
    /// `VariableValue` with a warning.
    public var requiresCustomScalarTypes = false
    /// `requireFileNamePrefix`: operation and fragment names start with their file's name (on
    /// by default; Relay 21 apps outside Meta turn it off).
    public var requiresFileNamePrefix = true
    /// Where data is read, a schema enum's field is `GraphQLEnum<Enum>`, which also carries values
    /// added to the schema after the app shipped; relay.json's `noFutureProofEnums` turns it off,
    /// so the field is the enum itself and an unknown value is a read error, as Relay's types say.
    public var futureProofEnums = true
    /// Where `relay.json` named each schema file (`schema`, `schemaExtensions`), so that a
    /// missing one is reported there.
    public var schemaFileLocations: [String: SourceLocation] = [:]
    /// Where the build cache lives (`BuildCache`); nil uses `.build/relay-swift-compiler` beside
    /// the configuration file, or in the current folder.
    public var cacheDirectory: String?
    /// GraphQL files, and folders of them, whose operations and fragments join the project's
    /// Swift literals (relay.json's `documents`): compiled, with artifacts, as literals are.
    public var documentPaths: [String] = []

    public init() {}

    /// The keys a configuration file may have; any other key is an error (a typo would otherwise
    /// be silently ignored).
    public static let keys: Set<String> = Set([
        "src", "schema", "schemaExtensions", "artifactDirectory", "excludes", "customScalarTypes", "persistOutput",
        "cacheDirectory", "featureFlags", "requireCustomScalarTypes", "requireFileNamePrefix", "testPathRegex",
        "schemaConfig", "persistConfig", "documents", "testSupport", "noFutureProofEnums",
    ]).union(javaScriptOutputKeys)

    /// relay.config.json's keys about the JavaScript it writes (Relay 21's single-project file and
    /// its typegen options), which a Relay app's configuration may carry over: accepted and
    /// ignored (relay-swift writes Swift).
    public static let javaScriptOutputKeys: Set<String> = [
        "$schema", "language", "eagerEsModules", "jsModuleFormat", "useImportTypeSyntax",
        "isDevVariableName", "codegenCommand", "relativizeJsModulePaths", "moduleImportConfig",
        "resolversSchemaModule", "noSourceControl", "extra", "enumModuleSuffix", "optionalInputFields",
        "typescriptExcludeUndefinedFromNullableUnion", "experimentalEmitSemanticNullabilityTypes", "customErrorType",
        "flowEnums",
    ]

    /// Relay's `excludes` when a configuration file gives none.
    public static let defaultExcludes = ["**/node_modules/**", "**/__mocks__/**", "**/__generated__/**"]

    /// Relay 21's feature flags, all of which `featureFlags` may name (`RelayFeatureFlags`).
    public static let featureFlags: Set<String> = Set(RelayFeatureFlags.treatments.keys)

    /// The server schema's files and the client extensions', for digests and change checks.
    public var allSchemaFiles: [String] { schemaFiles + schemaExtensionFiles }

    /// Every source file to compile, sorted, each once: the Swift files, and the GraphQL files
    /// of `documentPaths`.
    public var swiftFiles: [String] { sourceListing.files }

    /// True for a source file the project includes, whether or not it exists yet: a Swift file
    /// named in `sourceFiles` or under a source folder, or a GraphQL file (not the schema's)
    /// named in `documentPaths` or under one of its folders; outside hidden and `__generated__`
    /// folders and not excluded (as `SourceDiscovery` lists them).
    public func includesSource(_ path: String) -> Bool {
        let folders: [String]
        if path.hasSuffix(".swift") {
            if sourceFiles.contains(path) { return true }
            folders = sourceDirectories
        } else if path.hasSuffix(".graphql"), !allSchemaFiles.contains(path) {
            if documentPaths.contains(path) { return true }
            folders = documentPaths
        } else {
            return false
        }
        guard ![ExcludePattern](excludes).excludes(path) else { return false }
        return folders.contains { directory in
            let folder = directory.hasSuffix("/") ? directory : directory + "/"
            guard path.hasPrefix(folder) else { return false }
            let inside = path.dropFirst(folder.count).split(separator: "/").dropLast()
            return !inside.contains { $0.hasPrefix(".") || $0 == "__generated__" }
        }
    }

    /// What each file this compile reads is ("a Swift source", "the schema"…), for the artifact
    /// writer, which never writes over one: `sources` as `sourceListing` listed them.
    public func inputRoles(sources: [String]) -> [String: String] {
        var roles: [String: String] = [:]
        for file in sources { roles[file] = file.hasSuffix(".graphql") ? "a GraphQL document" : "a Swift source" }
        for file in schemaFiles { roles[file] = "a schema file" }
        for file in schemaExtensionFiles { roles[file] = "a schema extension" }
        return roles
    }

    /// Every source file to compile (Swift files and GraphQL documents, sorted together), each
    /// once, and the sources that could not be looked through (missing, unreadable, link loops).
    public var sourceListing: SourceDiscovery.Listing {
        SourceDiscovery.list(
            sourceDirectories + sourceFiles, excludes: excludes, documents: documentPaths,
            ignoring: Set(allSchemaFiles))
    }

    /// The configuration file of a folder: its `relay.json`, or else a Relay app's
    /// `relay.config.json` (read the same way); `relay.json` when it has neither.
    public static func fileName(in folder: String) -> String {
        let preferred = (folder as NSString).appendingPathComponent("relay.json")
        let relays = (folder as NSString).appendingPathComponent("relay.config.json")
        let manager = FileManager.default
        return !manager.fileExists(atPath: preferred) && manager.fileExists(atPath: relays) ? relays : preferred
    }

    /// Reads a configuration file; the first problem in it is a diagnostic at its line and
    /// column: JSON's own rules (no trailing commas, no comments), an unknown key (with the
    /// keys it may have meant), a value of the wrong type (named). A file in relay.config.json's
    /// multi-project form gives its one project; one with several projects is an error naming
    /// them (`loadProjects(path:)` reads them all).
    public static func load(path: String) -> Result<CompilerConfiguration, Diagnostic> {
        loadProjects(path: path).flatMap { projects in
            if projects.count == 1 { return .success(projects[0].configuration) }
            let names = projects.compactMap(\.name).joined(separator: ", ")
            return .failure(
                .error(
                    "the configuration file defines \(projects.count) projects (\(names)); choose one with --project NAME",
                    at: SourceLocation(file: path, line: 1, column: 1)))
        }
    }

    /// Reads a configuration file in either of relay.config.json's forms: the single-project
    /// one (`src`, `schema`, …) gives one project without a name; the multi-project one (`root`,
    /// `sources`, `projects`) one project per entry of `projects`, in the file's order.
    public static func loadProjects(path: String) -> Result<[RelayProject], Diagnostic> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(.error("cannot read configuration file '\(path)'", at: nil))
        }
        do {
            return .success(try projects(in: ConfigurationJSON.parse(Array(data), file: path), path: path))
        } catch {
            return .failure(error)
        }
    }

    private static func projects(in file: ConfigurationJSON, path: String) throws(Diagnostic) -> [RelayProject] {
        guard case .object = file.value else {
            throw .error("the configuration file must be a JSON object, not \(file.kind)", at: file.location)
        }
        // From an absolute path: a URL relative to the current folder loses `..` when standardized.
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let folder = (absolute as NSString).deletingLastPathComponent
        if file["projects"] != nil {
            return try MultiProjectConfiguration.projects(in: file, folder: folder)
        }
        var configuration = CompilerConfiguration()
        try ConfigurationKeys(object: file, folder: folder).read(allowing: keys, into: &configuration)
        if file["excludes"] == nil { configuration.excludes = defaultExcludes }
        return [RelayProject(name: nil, configuration: configuration)]
    }

    /// `featureFlags`, as Relay's config loader reads it: each flag maps to `{"kind": "enabled"}`,
    /// `{"kind": "disabled"}` (or a boolean), or one of Relay's partial kinds; a flag Relay does
    /// not have is an error. Returns whether each honoured flag given is on; what relay-swift
    /// does not support is refused by name when it is turned on.
    static func featureFlags(_ value: ConfigurationJSON) throws(Diagnostic) -> [String: Bool] {
        guard case .object(let entries) = value.value else {
            throw .error(
                "\"featureFlags\" must map flag names to {\"kind\": \"enabled\" | \"disabled\"}, not \(value.kind)",
                at: value.location)
        }
        var flags: [String: Bool] = [:]
        for entry in entries {
            guard let treatment = RelayFeatureFlags.treatments[entry.key] else {
                let suggestions = Suggestions.suggestionList(entry.key, featureFlags.sorted())
                throw .error(
                    "unknown feature flag \"\(entry.key)\" (Relay 21 has no such flag).\(Suggestions.didYouMean(suggestions))",
                    at: entry.keyLocation)
            }
            guard let state = RelayFeatureFlags.isOn(entry.value) else {
                throw .error(
                    "\"featureFlags\".\(entry.key) must be {\"kind\": \"enabled\"}, {\"kind\": \"disabled\"} or a boolean",
                    at: entry.value.location)
            }
            switch (treatment, state) {
            case (.javaScriptOnly, _), (.alwaysOn, _), (.unsupported, false?): continue
            case (.unsupported(let why), _):
                throw .error(
                    "\"featureFlags\".\(entry.key) cannot be turned on in relay-swift: \(why)", at: entry.value.location
                )
            case (.honoured, let on?): flags[entry.key] = on
            case (.honoured, nil):
                throw .error(
                    "\"featureFlags\".\(entry.key): relay-swift reads {\"kind\": \"enabled\"} or {\"kind\": \"disabled\"}, "
                        + "not a partial rollout", at: entry.value.location)
            }
        }
        return flags
    }

    /// relay.config.json's `persistConfig`, read as Relay reads it: with a `url`, remote
    /// persisting (`params` and `headers` string maps, `concurrency` at least 1,
    /// `includeQueryText`); else local, `{"file", "algorithm": "MD5" | "SHA1" | "SHA256",
    /// "includeQueryText"}` with MD5 by default. Artifacts keep their text either way, so
    /// `includeQueryText` changes nothing here. Other keys are errors, as in Relay.
    static func persisting(in persistConfig: ConfigurationJSON) throws(Diagnostic) -> (
        file: String?, algorithm: PersistedQueryAlgorithm, remote: RemotePersisting?
    ) {
        guard case .object(let members) = persistConfig.value else {
            throw .error("\"persistConfig\" must be an object, not \(persistConfig.kind)", at: persistConfig.location)
        }
        if let url = persistConfig["url"] {
            guard let address = url.string, !address.isEmpty else {
                throw .error("\"persistConfig\".url must be the persisting server's URL", at: url.location)
            }
            var remote = RemotePersisting(url: address)
            for member in members {
                switch member.key {
                case "url", "includeQueryText": continue
                case "params": remote.parameters = try stringPairs(member, of: "params")
                case "headers": remote.headers = try stringPairs(member, of: "headers")
                case "concurrency":
                    guard case .number(let number) = member.value.value, number >= 1, number < 1e6,
                        number == number.rounded()
                    else {
                        throw .error(
                            "Invalid `persistConfig.concurrency` value: a number of concurrent requests of at least 1",
                            at: member.value.location)
                    }
                    remote.concurrency = Int(number)
                default:
                    throw .error(
                        "unknown field `\(member.key)` in remote \"persistConfig\"; expected one of `url`, `params`, "
                            + "`headers`, `concurrency`, `includeQueryText`", at: member.keyLocation)
                }
            }
            return (nil, .sha256, remote)
        }
        var path: String?
        var algorithm = PersistedQueryAlgorithm.md5
        for member in members {
            switch member.key {
            case "file":
                guard let file = member.value.string else {
                    throw .error("\"persistConfig\".file must be the query map's path", at: member.value.location)
                }
                path = file
            case "algorithm":
                guard let name = member.value.string, let chosen = PersistedQueryAlgorithm(rawValue: name) else {
                    throw .error(
                        "\"persistConfig\".algorithm must be \"MD5\", \"SHA1\" or \"SHA256\"", at: member.value.location
                    )
                }
                algorithm = chosen
            case "includeQueryText": continue
            default:
                throw .error(
                    "unknown field `\(member.key)` in \"persistConfig\"; expected `file`, `algorithm` and "
                        + "`includeQueryText` (local) or `url`, `params`, `headers`, `concurrency` (remote)",
                    at: member.keyLocation)
            }
        }
        guard let path else {
            throw .error(
                "\"persistConfig\" needs a \"file\" (a local query map) or a \"url\" (a persisting server)",
                at: persistConfig.location)
        }
        return (path, algorithm, nil)
    }

    /// A `persistConfig` map of strings, in the order written.
    private static func stringPairs(_ member: ConfigurationJSON.Member, of key: String) throws(Diagnostic)
        -> [(String, String)]
    {
        guard case .object(let entries) = member.value.value else {
            throw .error("\"persistConfig\".\(key) must map names to strings", at: member.value.location)
        }
        var pairs: [(String, String)] = []
        for entry in entries {
            guard let value = entry.value.string else {
                throw .error("\"persistConfig\".\(key).\(entry.key) must be a string", at: entry.value.location)
            }
            pairs.append((entry.key, value))
        }
        return pairs
    }

    /// `schemaConfig`, as in relay.config.json; relay-swift reads its `nonNodeIdFields`
    /// (`{"allowedIdTypes": {"Type": "Scalar"}}`), and any other key is an error.
    static func nonNodeIdFields(in schemaConfig: ConfigurationJSON) throws(Diagnostic) -> [String: String]? {
        guard case .object(let members) = schemaConfig.value else {
            throw .error("\"schemaConfig\" must be an object, not \(schemaConfig.kind)", at: schemaConfig.location)
        }
        var allowed: [String: String]?
        for member in members {
            guard member.key == "nonNodeIdFields" else {
                throw .error(
                    "unknown \"schemaConfig\" key \"\(member.key)\"; relay-swift reads \"nonNodeIdFields\"",
                    at: member.keyLocation)
            }
            let types = member.value["allowedIdTypes"]
            guard case .object(let entries) = types?.value ?? .object([]) else {
                throw .error(
                    "\"schemaConfig\".nonNodeIdFields.allowedIdTypes must map type names to scalar names",
                    at: types?.location ?? member.value.location)
            }
            allowed = [:]
            for entry in entries {
                guard let scalar = entry.value.string else {
                    throw .error(
                        "\"schemaConfig\".nonNodeIdFields.allowedIdTypes.\(entry.key) must be a scalar's name",
                        at: entry.value.location)
                }
                allowed?[entry.key] = scalar
            }
        }
        return allowed
    }

    /// `customScalarTypes`: each scalar maps to a type name string or to `{"name", "module"}`.
    static func customScalarTypes(_ value: ConfigurationJSON) throws(Diagnostic) -> [String: CustomScalarType] {
        guard case .object(let entries) = value.value else {
            throw .error(
                "\"customScalarTypes\" must map scalar names to Swift type names, not \(value.kind)", at: value.location
            )
        }
        var types: [String: CustomScalarType] = [:]
        for entry in entries {
            let name = entry.value.string ?? entry.value["name"]?.string
            let module = entry.value["module"]
            var isWellFormed = name.map { !$0.isEmpty } ?? false
            if case .object(let fields) = entry.value.value {
                isWellFormed =
                    isWellFormed && (module == nil || module?.string != nil)
                    && fields.allSatisfy { ["name", "module"].contains($0.key) }
            }
            guard isWellFormed, let name else {
                throw .error(
                    "\"customScalarTypes\".\(entry.key) must be a type name or {\"name\": \"Type\", \"module\": \"Module\"}",
                    at: entry.value.location)
            }
            types[entry.key] =
                entry.value.string != nil
                ? CustomScalarType(name) : CustomScalarType(name: name, module: module?.string)
        }
        return types
    }
}
