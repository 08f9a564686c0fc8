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
    /// Relay's `enforce_fragment_alias_where_ambiguous` feature flag, on unless `featureFlags`
    /// disables it.
    public var enforcesFragmentAliases = true
    /// Where the build cache lives (`BuildCache`); nil uses `.build/relay-swift-compiler` beside
    /// the configuration file, or in the current folder.
    public var cacheDirectory: String?

    public init() {}

    /// The keys a configuration file may have; any other key is an error (a typo would otherwise
    /// be silently ignored).
    public static let keys: Set<String> = [
        "src", "schema", "schemaExtensions", "artifactDirectory", "excludes", "customScalarTypes", "persistOutput",
        "cacheDirectory", "featureFlags",
    ]

    /// The Relay feature flags `featureFlags` may set.
    public static let featureFlags: Set<String> = ["enforce_fragment_alias_where_ambiguous"]

    /// The server schema's files and the client extensions', for digests and change checks.
    public var allSchemaFiles: [String] { schemaFiles + schemaExtensionFiles }

    /// Every Swift file to compile, sorted, each once.
    public var swiftFiles: [String] {
        Array(Set(SourceDiscovery.swiftFiles(in: sourceDirectories, excludes: excludes) + sourceFiles)).sorted()
    }

    /// Reads a configuration file; every problem is a diagnostic naming the file.
    public static func load(path: String) -> Result<CompilerConfiguration, Diagnostic> {
        let location = SourceLocation(file: path, line: 1, column: 1)
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(.error("cannot read configuration file '\(path)'", at: nil))
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return .failure(.error("the configuration file is not a JSON object", at: location))
        }
        // From an absolute path: a URL relative to the current folder loses `..` when standardized.
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let folder = (absolute as NSString).deletingLastPathComponent
        func resolve(_ value: String) -> String {
            value.hasPrefix("/")
                ? value : ((folder as NSString).appendingPathComponent(value) as NSString).standardizingPath
        }
        func strings(_ key: String) throws(Diagnostic) -> [String]? {
            switch object[key] {
            case nil: return nil
            case let value as String: return [value]
            case let values as [String]: return values
            default: throw .error("\"\(key)\" must be a string or a list of strings", at: location)
            }
        }
        var configuration = CompilerConfiguration()
        do {
            if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
                throw Diagnostic.error(
                    "unknown configuration key \"\(unknown)\"; known keys: \(keys.sorted().joined(separator: ", "))",
                    at: location)
            }
            configuration.sourceDirectories = try strings("src")?.map(resolve) ?? []
            configuration.schemaFiles = try strings("schema")?.map(resolve) ?? []
            configuration.schemaExtensionFiles = try strings("schemaExtensions")?.map(resolve) ?? []
            configuration.excludes = try strings("excludes") ?? []
            configuration.artifactDirectory = try strings("artifactDirectory")?.first.map(resolve)
            configuration.persistOutput = try strings("persistOutput")?.first.map(resolve)
            configuration.cacheDirectory = try strings("cacheDirectory")?.first.map(resolve)
            if let scalars = object["customScalarTypes"] {
                configuration.customScalars = try Self.customScalarTypes(scalars, at: location)
            }
            if let flags = object["featureFlags"] {
                let enabled = try Self.featureFlags(flags, at: location)
                configuration.enforcesFragmentAliases = enabled["enforce_fragment_alias_where_ambiguous"] ?? true
            }
        } catch let diagnostic as Diagnostic {
            return .failure(diagnostic)
        } catch {
            return .failure(.error("\(error)", at: location))
        }
        return .success(configuration)
    }

    /// `featureFlags`, as in relay.config.json: each flag maps to `{"kind": "enabled"}` or
    /// `{"kind": "disabled"}`. Returns whether each flag given is enabled.
    static func featureFlags(_ value: Any, at location: SourceLocation) throws(Diagnostic) -> [String: Bool] {
        guard let entries = value as? [String: Any] else {
            throw .error("\"featureFlags\" must map flag names to {\"kind\": \"enabled\" | \"disabled\"}", at: location)
        }
        var flags: [String: Bool] = [:]
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            guard featureFlags.contains(name) else {
                throw .error(
                    "unknown feature flag \"\(name)\"; known flags: \(featureFlags.sorted().joined(separator: ", "))",
                    at: location)
            }
            switch (entry as? [String: Any])?["kind"] as? String {
            case "enabled": flags[name] = true
            case "disabled": flags[name] = false
            default:
                throw .error(
                    "\"featureFlags\".\(name) must be {\"kind\": \"enabled\"} or {\"kind\": \"disabled\"}",
                    at: location)
            }
        }
        return flags
    }

    /// `customScalarTypes`: each scalar maps to a type name string or to `{"name", "module"}`.
    static func customScalarTypes(_ value: Any, at location: SourceLocation) throws(Diagnostic)
        -> [String: CustomScalarType]
    {
        guard let entries = value as? [String: Any] else {
            throw .error("\"customScalarTypes\" must map scalar names to Swift type names", at: location)
        }
        var types: [String: CustomScalarType] = [:]
        // In name order, so the entry a diagnostic names is the same on every run.
        for (scalar, entry) in entries.sorted(by: { $0.key < $1.key }) {
            if let name = entry as? String, !name.isEmpty {
                types[scalar] = CustomScalarType(name)
            } else if let object = entry as? [String: Any], let name = object["name"] as? String, !name.isEmpty,
                object["module"] == nil || object["module"] is String,
                Set(object.keys).isSubset(of: ["name", "module"])
            {
                types[scalar] = CustomScalarType(name: name, module: object["module"] as? String)
            } else {
                throw .error(
                    "\"customScalarTypes\".\(scalar) must be a type name or {\"name\": \"Type\", \"module\": \"Module\"}",
                    at: location)
            }
        }
        return types
    }
}
