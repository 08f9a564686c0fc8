import RelayCompiler

/// What a `relay-swift-compiler` command line asks for, read from its arguments; a mistake in
/// them is a usage error (exit code 2) saying which.
struct CommandLineArguments {
    /// What the arguments ask for.
    enum Request {
        case compile(CommandLineArguments)
        case help
        case version
        /// A usage mistake, described without the `error: ` prefix.
        case usageError(String)
    }

    /// `.graphql` files named on the command line (parse, print or check them).
    var documentFiles: [String] = []
    var schemaFiles: [String] = []
    var schemaExtensionFiles: [String] = []
    /// The project options given as flags, over `relay.json`'s.
    var flags = CompilerConfiguration()
    var configurationPath: String?
    /// `--project`: the projects of a multi-project configuration file to compile.
    var projectNames: [String] = []
    var validatesOnly = false
    var watches = false
    var usesCache = true
    var printsDocuments = true
    var verbosity = CommandLineTool.Verbosity.normal

    /// True when sources or documents are named, so `./relay.json` is not looked for.
    var namesInputs: Bool {
        !documentFiles.isEmpty || !flags.sourceDirectories.isEmpty || !flags.sourceFiles.isEmpty
    }

    static func parse(_ arguments: [String]) -> Request {
        var parsed = CommandLineArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--src", "--exclude", "--schema", "--schema-extension", "--artifact-directory", "--persist-output",
                "--config", "--cache-directory", "--source-file", "--project":
                guard let value = remaining.popFirst() else { return .usageError("\(argument) needs a value") }
                parsed.set(argument, value)
            case "--custom-scalar":
                let parts = remaining.popFirst()?.split(separator: "=", maxSplits: 1).map(String.init) ?? []
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    return .usageError("--custom-scalar needs NAME=TYPE, e.g. DateTime=String")
                }
                parsed.flags.customScalars[parts[0]] = CustomScalarType(parts[1])
            case "-h", "--help": return .help
            case "--version": return .version
            case "--validate": parsed.validatesOnly = true
            case "--output-per-source": parsed.flags.outputPerSourceFile = true
            case "--require-custom-scalar-types": parsed.flags.requiresCustomScalarTypes = true
            case "--test-support": parsed.flags.testSupport = true
            case "--no-cache": parsed.usesCache = false
            case "--watch": parsed.watches = true
            case "--quiet": parsed.verbosity = .quiet
            case "--verbose": parsed.verbosity = .verbose
            case "--print": parsed.printsDocuments = true
            case "--check": parsed.printsDocuments = false
            default:
                if argument.hasPrefix("-") { return .usageError("unknown option '\(argument)'") }
                parsed.documentFiles.append(argument)
            }
        }
        return .compile(parsed)
    }

    /// An option that takes a value.
    private mutating func set(_ option: String, _ value: String) {
        switch option {
        case "--src": flags.sourceDirectories.append(value)
        case "--source-file": flags.sourceFiles.append(value)
        case "--exclude": flags.excludes.append(value)
        case "--schema": schemaFiles.append(value)
        case "--schema-extension": schemaExtensionFiles.append(value)
        case "--artifact-directory": flags.artifactDirectory = value
        case "--persist-output": flags.persistOutput = value
        case "--cache-directory": flags.cacheDirectory = value
        case "--project": projectNames.append(value)
        default: configurationPath = value
        }
    }

    /// `configuration` (read from `relay.json`, or empty) with the options given on the command
    /// line over it: sources, schema files and extensions given replace its lists; excludes and
    /// custom scalars add to them.
    func applied(to configuration: CompilerConfiguration) -> CompilerConfiguration {
        var configuration = configuration
        if namesInputs {
            // A GraphQL file named is a document; named ones replace relay.json's `documents`.
            let documents = flags.sourceFiles.filter { $0.hasSuffix(".graphql") }
            configuration.sourceDirectories = flags.sourceDirectories
            configuration.sourceFiles = flags.sourceFiles.filter { !$0.hasSuffix(".graphql") }
            if !documents.isEmpty { configuration.documentPaths = documents }
        }
        configuration.outputPerSourceFile = flags.outputPerSourceFile
        configuration.requiresCustomScalarTypes =
            configuration.requiresCustomScalarTypes || flags.requiresCustomScalarTypes
        configuration.testSupport = configuration.testSupport || flags.testSupport
        if !schemaFiles.isEmpty { configuration.schemaFiles = schemaFiles }
        if !schemaExtensionFiles.isEmpty { configuration.schemaExtensionFiles = schemaExtensionFiles }
        configuration.excludes += flags.excludes
        configuration.customScalars.merge(flags.customScalars) { _, flag in flag }
        configuration.artifactDirectory = flags.artifactDirectory ?? configuration.artifactDirectory
        configuration.persistOutput = flags.persistOutput ?? configuration.persistOutput
        configuration.cacheDirectory = flags.cacheDirectory ?? configuration.cacheDirectory
        return configuration
    }
}
