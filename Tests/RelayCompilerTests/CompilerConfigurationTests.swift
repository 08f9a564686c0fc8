import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// `relay.json`'s paths: relative to the file's folder, whether the file itself was named by an
/// absolute path or one relative to the current folder (`--config relay.json`, or no argument).
struct CompilerConfigurationTests {
    @Test func relativePathsResolveAgainstTheFilesFolder() throws {
        let manager = FileManager.default
        let name = "config-test-\(UUID().uuidString)"
        let root = URL(fileURLWithPath: manager.currentDirectoryPath).appendingPathComponent(".build/\(name)")
        try manager.createDirectory(at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: root) }
        try #"{"src": "Sources", "schema": "../server/schema.graphql", "schemaExtensions": ["./local.graphql"]}"#
            .write(to: root.appendingPathComponent("App/relay.json"), atomically: true, encoding: .utf8)
        for path in [".build/\(name)/App/relay.json", root.appendingPathComponent("App/relay.json").path] {
            let configuration = try CompilerConfiguration.load(path: path).get()
            #expect(configuration.schemaFiles == [root.appendingPathComponent("server/schema.graphql").path], "\(path)")
            #expect(configuration.schemaExtensionFiles == [root.appendingPathComponent("App/local.graphql").path])
            #expect(configuration.sourceDirectories == [root.appendingPathComponent("App/Sources").path])
        }
    }

    /// Writes `text` as a relay.json in a folder of its own; the configuration or the diagnostic.
    static func load(_ text: String, files: [String: String] = [:]) throws -> (
        Result<CompilerConfiguration, Diagnostic>, folder: URL
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, contents) in files {
            try contents.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let path = folder.appendingPathComponent("relay.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (CompilerConfiguration.load(path: path), folder)
    }

    /// Each mistake is one diagnostic, at the line and column of the mistake.
    @Test(arguments: [
        ("{\n  \"src\": \"Sources\",\n}", 2, 19, "trailing comma: JSON allows no comma after the last member"),
        ("{\"src\": [\"A\", \"B\",]}", 1, 18, "trailing comma: JSON allows no comma after the last item"),
        ("{\n  // the app\n  \"src\": \"Sources\"\n}", 2, 3, "comments are not allowed in JSON"),
        ("{\"src\": \"Sources\" /* x */}", 1, 19, "comments are not allowed in JSON"),
        (
            "{\n  \"src\": \"Sources\",\n  \"shema\": \"schema.graphql\"\n}", 3, 3,
            "unknown configuration key \"shema\". Did you mean \"schema\"?"
        ),
        ("{\"artifactDirectory\": 3}", 1, 23, "\"artifactDirectory\" must be a string, not a number"),
        ("{\"src\": [\"A\", true]}", 1, 15, "\"src\" must list strings, not a boolean"),
        ("{\"src\": {\"a\": 1}}", 1, 9, "\"src\" must be a string or a list of strings, not an object"),
        (
            "{\"customScalarTypes\": {\"Date\": 1}}", 1, 32,
            "\"customScalarTypes\".Date must be a type name or {\"name\": \"Type\", \"module\": \"Module\"}"
        ),
        ("{\"src\": \"A\", \"src\": \"B\"}", 1, 14, "duplicate key \"src\""),
        (
            "{\"requireCustomScalarTypes\": \"yes\"}", 1, 30,
            "\"requireCustomScalarTypes\" must be true or false, not a string"
        ),
        ("{\"src\": 'A'}", 1, 9, "JSON strings take double quotes"),
        ("{\"src\": \"A\"", 1, 12, "expected ',' or '}' after the member"),
        ("[\"src\"]", 1, 1, "the configuration file must be a JSON object, not a list"),
        ("{\"src\": \"A\"} x", 1, 14, "unexpected text after the JSON value"),
        ("{\"testPathRegex\": \"(\"}", 1, 19, "\"testPathRegex\" is not a regular expression: ("),
        (
            "{\"schemaConfig\": {\"nodeInterfaceIdField\": \"key\"}}", 1, 19,
            "unknown \"schemaConfig\" key \"nodeInterfaceIdField\"; relay-swift reads \"nonNodeIdFields\""
        ),
        (
            "{\"featureFlags\": {\"enable_strict_custom_scalars\": 1}}", 1, 51,
            "\"featureFlags\".enable_strict_custom_scalars must be {\"kind\": \"enabled\"}, {\"kind\": \"disabled\"} or a boolean"
        ),
    ])
    func aMistakeIsOneDiagnosticAtItsPlace(text: String, line: Int, column: Int, message: String) throws {
        let (result, folder) = try Self.load(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        expectDiagnostic(result, for: text, line: line, column: column, message: message)
    }

    @Test func aWellFormedFileIsReadWithItsValues() throws {
        let (result, folder) = try Self.load(
            #"{"src": ["A", "B"], "schema": "s.graphql", "customScalarTypes": {"Date": "Date", "URL": {"name": "URL", "module": "Foundation"}}, "featureFlags": {"enforce_fragment_alias_where_ambiguous": {"kind": "disabled"}}, "excludes": "**/Tests/**", "persistOutput": "p.json", "requireCustomScalarTypes": true, "requireFileNamePrefix": false, "noFutureProofEnums": true}"#
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = try result.get()
        #expect(configuration.sourceDirectories.map { ($0 as NSString).lastPathComponent } == ["A", "B"])
        #expect(configuration.customScalars["Date"] == CustomScalarType(name: "Date", module: "Foundation"))
        #expect(configuration.customScalars["URL"] == CustomScalarType(name: "URL", module: "Foundation"))
        #expect(!configuration.enforcesFragmentAliases)
        #expect(configuration.requiresCustomScalarTypes)
        #expect(!configuration.requiresFileNamePrefix)
        #expect(!configuration.futureProofEnums)
        #expect(configuration.excludes == ["**/Tests/**"])
        let schema = try #require(configuration.schemaFiles.first)
        #expect(configuration.schemaFileLocations[schema]?.line == 1)
        #expect(configuration.schemaFileLocations[schema]?.column == 31)
    }

    /// Relay's optional checks: its boolean flag as a boolean, its `{"kind"}` flag, `testPathRegex`.
    @Test func relaysOptionalChecksAreRead() throws {
        let (result, folder) = try Self.load(
            #"{"featureFlags": {"enable_strict_custom_scalars": true, "disallow_required_action_throw_on_semantically_nullable_fields": {"kind": "enabled"}}, "testPathRegex": "/__tests__/", "schemaConfig": {"nonNodeIdFields": {"allowedIdTypes": {"LegacyUser": "String"}}}}"#
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = try result.get()
        let checks = configuration.checks
        #expect(Pipeline(configuration: configuration).configuration.checks == checks)
        #expect(checks.strictCustomScalars && checks.disallowsThrowOnSemanticallyNullableFields)
        #expect(checks.testPathRegex == "/__tests__/")
        #expect(checks.nonNodeIdFields == ["LegacyUser": "String"])
        #expect(CompilerConfiguration().checks == OptionalChecks())
    }

    /// A Relay app's relay.config.json: its JavaScript output keys are ignored, its local
    /// `persistConfig` writes the query map with Relay's default MD5 ids.
    @Test func aRelayAppsConfigurationIsRead() throws {
        let (result, folder) = try Self.load(
            #"{"src": "./", "schema": "./schema/schema.graphql", "artifactDirectory": "./__generated__", "excludes": ["**/node_modules/**"], "language": "typescript", "eagerEsModules": true, "persistConfig": {"file": "./queryMap.json"}}"#,
            files: ["queryMap.json": "{}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = try result.get()
        #expect(configuration.persistOutput?.hasSuffix("/queryMap.json") == true)
        #expect(configuration.persistAlgorithm == .md5)
        #expect(configuration.remotePersisting == nil)
        #expect(configuration.excludes == ["**/node_modules/**"])
    }

    /// `persistConfig` as Relay's config loader reads it: `algorithm` picks the digest, a `url`
    /// makes it remote, and what Relay refuses is an error at its place.
    @Test func persistConfigIsReadAsRelayReadsIt() throws {
        for (algorithm, expected) in [("SHA1", PersistedQueryAlgorithm.sha1), ("SHA256", .sha256), ("MD5", .md5)] {
            let (result, folder) = try Self.load(
                #"{"persistConfig": {"file": "q.json", "algorithm": "\#(algorithm)", "includeQueryText": true}}"#,
                files: ["q.json": "{}"])
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try result.get().persistAlgorithm == expected)
        }
        let (remote, remoteFolder) = try Self.load(
            #"{"persistConfig": {"url": "http://127.0.0.1:9/persist", "params": {"app": "todo", "v": "2"}, "headers": {"Authorization": "Bearer x"}, "concurrency": 3, "includeQueryText": false}}"#
        )
        defer { try? FileManager.default.removeItem(at: remoteFolder) }
        let persisting = try #require(try remote.get().remotePersisting)
        #expect(persisting.url == "http://127.0.0.1:9/persist")
        #expect(persisting.parameters.map { "\($0)=\($1)" } == ["app=todo", "v=2"])
        #expect(persisting.headers.map { "\($0): \($1)" } == ["Authorization: Bearer x"])
        #expect(persisting.concurrency == 3)
        #expect(try remote.get().persistOutput == nil)

        for (text, message) in [
            (#"{"persistConfig": {"file": "missing.json"}}"#, "for the local query persisting does not exist"),
            (#"{"persistConfig": {"file": "q.json", "algorithm": "CRC32"}}"#, #"must be "MD5", "SHA1" or "SHA256""#),
            (#"{"persistConfig": {"url": "http://x", "concurrency": 0}}"#, "Invalid `persistConfig.concurrency` value"),
            (#"{"persistConfig": {"url": "http://x", "retries": 2}}"#, "unknown field `retries` in remote"),
            (#"{"persistConfig": {"file": "q.json", "url2": "x"}}"#, "unknown field `url2`"),
            (#"{"persistConfig": {}}"#, #"needs a "file""#),
        ] {
            let (result, folder) = try Self.load(text, files: ["q.json": "{}"])
            defer { try? FileManager.default.removeItem(at: folder) }
            guard case .failure(let diagnostic) = result else {
                Issue.record("accepted: \(text)")
                continue
            }
            #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
        }
    }

    /// A schema file that does not exist is one error, at the `schema` value: not the file's
    /// absence followed by every type of every document being unknown.
    @Test func aMissingSchemaFileIsOneErrorAtItsName() throws {
        let (result, folder) = try Self.load("{\n  \"src\": \"Sources\",\n  \"schema\": \"missing.graphql\"\n}")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = try result.get()
        var pipeline = Pipeline(schemaFiles: configuration.schemaFiles, sourceDirectories: [])
        pipeline.configuration.schemaFileLocations = configuration.schemaFileLocations
        pipeline.swiftFiles = ["App.swift"]
        pipeline.inMemoryFiles = [
            "App.swift": #"let q = graphql("query AppQuery { viewer { name friends { id } } }")"#
        ]
        let diagnostics = pipeline.run().diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message == "schema file '\(configuration.schemaFiles[0])' does not exist")
        #expect(diagnostics.first?.location?.line == 3 && diagnostics.first?.location?.column == 13)
    }
}
