import Foundation
import GraphQLParser

extension SourceDiscovery {
    /// A Swift target of a SwiftPM package, with the folder of its sources.
    public struct PackageTarget: Hashable, Sendable {
        public var name: String
        public var folder: String
    }

    /// The Swift targets `Package.swift` in `root` declares (`.target`, `.executableTarget`,
    /// `.testTarget`, `.macro`), each with its folder: its `path:`, or SwiftPM's default
    /// (`Sources/<name>`, `Tests/<name>` for a test target); only folders that exist. Nil when
    /// `root` has no manifest. The manifest is read through its Swift index, not run, so an
    /// editor never waits for SwiftPM; the packages it depends on (`.package(path: …)`, remote
    /// ones checked out under `.build`) are never the app's targets.
    public static func packageTargets(in root: String) -> [PackageTarget]? {
        let manifest = (root as NSString).appendingPathComponent("Package.swift")
        guard let data = FileManager.default.contents(atPath: manifest) else { return nil }
        var seen: Set<String> = []
        return declaredTargets(in: String(decoding: data, as: UTF8.self)).compactMap { target in
            let relative = target.path ?? (target.isTest ? "Tests/" : "Sources/") + target.name
            let folder = ((root as NSString).appendingPathComponent(relative) as NSString).standardizingPath
            var isDirectory: ObjCBool = false
            guard !relative.hasPrefix("/"), FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
                isDirectory.boolValue, seen.insert(folder).inserted
            else { return nil }
            return PackageTarget(name: target.name, folder: folder)
        }
    }

    /// The targets a manifest's text declares with Swift sources: name, `path:` and whether
    /// it is a test target.
    static func declaredTargets(in manifest: String) -> [(name: String, path: String?, isTest: Bool)] {
        let code = SwiftCode(text: manifest, file: "Package.swift")
        let (index, bytes) = (code.index, code.bytes)
        let kinds = ["target", "executableTarget", "testTarget", "macro"]
        var targets: [(String, String?, Bool)] = []
        for (position, token) in index.tokens.enumerated() where token.kind == .identifier {
            let word = index.text(of: position, in: bytes)
            guard kinds.contains(word), index.isPunctuation(position - 1, UInt8(ascii: "."), in: bytes),
                index.isPunctuation(position + 1, UInt8(ascii: "("), in: bytes),
                let close = index.closingBracket(of: position + 1, in: bytes)
            else { continue }
            var arguments: [String: String] = [:]
            var depth = 0
            for argument in (position + 2)..<close {
                if index.isPunctuation(argument, UInt8(ascii: "("), in: bytes)
                    || index.isPunctuation(argument, UInt8(ascii: "["), in: bytes)
                {
                    depth += 1
                } else if index.isPunctuation(argument, UInt8(ascii: ")"), in: bytes)
                    || index.isPunctuation(argument, UInt8(ascii: "]"), in: bytes)
                {
                    depth -= 1
                }
                guard depth == 0, index.tokens[argument].kind == .identifier,
                    index.isPunctuation(argument + 1, UInt8(ascii: ":"), in: bytes),
                    argument + 2 < close, index.tokens[argument + 2].kind == .string,
                    let value = plainStringValue(index.tokens[argument + 2], in: bytes)
                else { continue }
                arguments[index.text(of: argument, in: bytes)] = value
            }
            if let name = arguments["name"] { targets.append((name, arguments["path"], word == "testTarget")) }
        }
        return targets
    }

    /// The value of a one-line string literal without escapes or interpolations (`"Sources/App"`,
    /// `#"…"#`); nil for any other.
    private static func plainStringValue(_ token: SwiftSourceIndex.Token, in bytes: [UInt8]) -> String? {
        var start = Int(token.start)
        var end = Int(token.end)
        while start < end, bytes[start] == UInt8(ascii: "#"), bytes[end - 1] == UInt8(ascii: "#") {
            start += 1
            end -= 1
        }
        guard end - start >= 2, bytes[start] == UInt8(ascii: "\""), bytes[end - 1] == UInt8(ascii: "\"") else {
            return nil
        }
        let content = bytes[(start + 1)..<(end - 1)]
        guard !content.contains(UInt8(ascii: "\\")), !content.contains(UInt8(ascii: "\"")),
            !content.contains(UInt8(ascii: "\n"))
        else { return nil }
        return String(decoding: content, as: UTF8.self)
    }
}

extension RelayProject {
    /// The projects of a configuration that names no sources (the build plugin's minimal
    /// `relay.json`, only `schema`): one per Swift target of the package in `folder` (the
    /// configuration file's), named after it, with the target's folder as its sources — as the
    /// build plugin and `swift package relay-compile` compile them, a target with a `relay.json`
    /// of its own (beside its sources) reading that one instead; outside a package, `folder`
    /// itself. The command line and the language server both read a configuration this way. The
    /// first problem of a target's own configuration file is the failure.
    public static func sourcesImplied(by configuration: CompilerConfiguration, in folder: String) -> Result<
        [RelayProject], Diagnostic
    > {
        guard configuration.sourceDirectories.isEmpty, configuration.sourceFiles.isEmpty,
            configuration.documentPaths.isEmpty
        else { return .success([RelayProject(name: nil, configuration: configuration)]) }
        guard let targets = SourceDiscovery.packageTargets(in: folder) else {
            var whole = configuration
            whole.sourceDirectories = [folder]
            return .success([RelayProject(name: nil, configuration: whole)])
        }
        var projects: [RelayProject] = []
        for target in targets {
            var project = configuration
            let own = CompilerConfiguration.fileName(in: target.folder)
            if FileManager.default.fileExists(atPath: own) {
                switch CompilerConfiguration.loadProjects(path: own) {
                case .success(let loaded): project = loaded.first?.configuration ?? project
                case .failure(let problem): return .failure(problem)
                }
            }
            // Its own file may name sources; otherwise the target's folder is its sources.
            if project.sourceDirectories.isEmpty, project.sourceFiles.isEmpty, project.documentPaths.isEmpty {
                project.sourceDirectories = [target.folder]
            }
            projects.append(RelayProject(name: target.name, configuration: project))
        }
        return .success(projects)
    }
}
