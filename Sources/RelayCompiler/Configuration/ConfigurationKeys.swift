import Foundation
import GraphQLParser

/// Reads the keys of one configuration object into a `CompilerConfiguration`: the whole file in
/// the single-project form, or one entry of `projects` in the multi-project form (where Relay
/// names the artifact folder `output` and the persisting `persist`). Paths resolve against
/// `folder`; the first mistake is a diagnostic where it is written.
struct ConfigurationKeys {
    let object: ConfigurationJSON
    let folder: String

    func resolve(_ value: String) -> String {
        value.hasPrefix("/")
            ? value : ((folder as NSString).appendingPathComponent(value) as NSString).standardizingPath
    }

    /// A string or a list of strings, each with where it was written.
    func strings(_ key: String) throws(Diagnostic) -> [(String, SourceLocation)] {
        guard let value = object[key] else { return [] }
        switch value.value {
        case .string(let text): return [(text, value.location)]
        case .array(let items):
            var texts: [(String, SourceLocation)] = []
            for item in items {
                guard let text = item.string else {
                    throw .error("\"\(key)\" must list strings, not \(item.kind)", at: item.location)
                }
                texts.append((text, item.location))
            }
            return texts
        default:
            throw .error("\"\(key)\" must be a string or a list of strings, not \(value.kind)", at: value.location)
        }
    }

    func string(_ key: String) throws(Diagnostic) -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value.string else {
            throw .error("\"\(key)\" must be a string, not \(value.kind)", at: value.location)
        }
        return text
    }

    func bool(_ key: String) throws(Diagnostic) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let flag) = value.value else {
            throw .error("\"\(key)\" must be true or false, not \(value.kind)", at: value.location)
        }
        return flag
    }

    /// Fails on the first key not in `allowed`, suggesting the keys it may have meant.
    func checkKeys(_ allowed: Set<String>, what: String = "configuration key") throws(Diagnostic) {
        guard case .object(let members) = object.value else { return }
        for member in members where !allowed.contains(member.key) {
            let suggestions = Suggestions.suggestionList(member.key, allowed.filter { !$0.hasPrefix("$") }.sorted())
            throw .error(
                "unknown \(what) \"\(member.key)\".\(Suggestions.didYouMean(suggestions))"
                    + (suggestions.isEmpty ? " Known keys: \(allowed.sorted().joined(separator: ", "))." : ""),
                at: member.keyLocation)
        }
    }

    /// Sets what the object's keys say, leaving the rest of `configuration` as it is (a
    /// project's keys over what the whole file says).
    func read(allowing allowed: Set<String>, into configuration: inout CompilerConfiguration) throws(Diagnostic) {
        try checkKeys(allowed)
        if object["src"] != nil { configuration.sourceDirectories = try strings("src").map { resolve($0.0) } }
        for (schema, location) in try strings("schema") + strings("schemaDir") {
            for file in Self.graphQLFiles(at: resolve(schema)) {
                configuration.schemaFiles.append(file)
                configuration.schemaFileLocations[file] = location
            }
        }
        for (schema, location) in try strings("schemaExtensions") {
            for file in Self.graphQLFiles(at: resolve(schema)) {
                configuration.schemaExtensionFiles.append(file)
                configuration.schemaFileLocations[file] = location
            }
        }
        configuration.excludes += try strings("excludes").map(\.0)
        if object["documents"] != nil { configuration.documentPaths = try strings("documents").map { resolve($0.0) } }
        for key in ["artifactDirectory", "output"] {
            if let folder = try string(key) { configuration.artifactDirectory = resolve(folder) }
        }
        if let file = try string("persistOutput") { configuration.persistOutput = resolve(file) }
        for key in ["persistConfig", "persist"] {
            if let persistConfig = object[key] {
                let persisting = try CompilerConfiguration.persisting(in: persistConfig)
                configuration.persistOutput = persisting.file.map(resolve)
                // As Relay's config loader: a local query map must exist (Relay merges into it).
                if let file = configuration.persistOutput, !FileManager.default.fileExists(atPath: file) {
                    throw .error(
                        "The file `\(persisting.file ?? file)` for the local query persisting does not exist "
                            + "(create it holding `{}` to start an empty query map)",
                        at: persistConfig["file"]?.location ?? persistConfig.location)
                }
                configuration.persistAlgorithm = persisting.algorithm
                configuration.remotePersisting = persisting.remote
            }
        }
        if let cache = try string("cacheDirectory") { configuration.cacheDirectory = resolve(cache) }
        if let scalars = object["customScalarTypes"] {
            configuration.customScalars = try CompilerConfiguration.customScalarTypes(scalars)
        }
        configuration.requiresCustomScalarTypes =
            try bool("requireCustomScalarTypes") ?? configuration.requiresCustomScalarTypes
        configuration.requiresFileNamePrefix = try bool("requireFileNamePrefix") ?? configuration.requiresFileNamePrefix
        configuration.testSupport = try bool("testSupport") ?? configuration.testSupport
        if let noFutureProofEnums = try bool("noFutureProofEnums") {
            configuration.futureProofEnums = !noFutureProofEnums
        }
        if let schemaConfig = object["schemaConfig"] {
            configuration.checks.nonNodeIdFields = try CompilerConfiguration.nonNodeIdFields(in: schemaConfig)
        }
        if let pattern = try string("testPathRegex") {
            guard (try? Regex(pattern)) != nil else {
                throw .error(
                    "\"testPathRegex\" is not a regular expression: \(pattern)", at: object["testPathRegex"]?.location)
            }
            configuration.checks.testPathRegex = pattern
        }
        if let flags = object["featureFlags"] {
            try Self.apply(CompilerConfiguration.featureFlags(flags), to: &configuration)
        }
    }

    /// The flags given, over what `configuration` has (its defaults are Relay's).
    static func apply(_ flags: [String: Bool], to configuration: inout CompilerConfiguration) {
        for (flag, enabled) in flags {
            switch flag {
            case "enforce_fragment_alias_where_ambiguous": configuration.enforcesFragmentAliases = enabled
            case "enable_fragment_argument_transform": configuration.allowsFragmentVariables = enabled
            case "compact_query_text": configuration.compactQueryText = enabled
            case "enable_strict_custom_scalars": configuration.checks.strictCustomScalars = enabled
            case "disallow_required_action_throw_on_semantically_nullable_fields":
                configuration.checks.disallowsThrowOnSemanticallyNullableFields = enabled
            default: continue
            }
        }
    }

    /// A schema path as relay.config.json allows it: a file, or a folder whose `.graphql` files
    /// (in nested folders too, sorted) make up the schema. A path that does not exist is kept,
    /// to be reported where it is named.
    static func graphQLFiles(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return [path]
        }
        let files = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".graphql") || $0.hasSuffix(".graphqls") }
            .sorted()
            .map { (path as NSString).appendingPathComponent($0) }
        return files.isEmpty ? [path] : files
    }
}
