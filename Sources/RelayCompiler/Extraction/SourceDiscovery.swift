import Foundation

/// Finds the Swift files of a project.
public enum SourceDiscovery {
    /// The `.swift` files under `directories`, sorted so output never depends on the file system's
    /// order. Build folders (`.build*`), `__generated__` folders, hidden folders and paths that
    /// contain any of `excludes` are skipped.
    public static func swiftFiles(in directories: [String], excludes: [String] = []) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: directory, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                if directory.hasSuffix(".swift") { files.append(directory) }
                continue
            }
            guard let enumerator = manager.enumerator(atPath: directory) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let components = relative.split(separator: "/")
                if components.contains(where: { $0.hasPrefix(".") || $0 == "__generated__" }) {
                    enumerator.skipDescendants()
                    continue
                }
                let path = directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
                guard relative.hasSuffix(".swift"), !excludes.contains(where: { path.contains($0) }) else { continue }
                files.append(path)
            }
        }
        return Array(Set(files)).sorted()
    }

    /// The folders of a SwiftPM package's targets, for a `relay.json` without `"src"` (the
    /// build plugin's minimum, where each target's own folder is its sources): `Sources` and
    /// `Tests` (the folders SwiftPM looks in by default) and every existing folder a
    /// `path: "…"` in `Package.swift` names. A folder that is not a package is its own source.
    /// The manifest is read as text, not run, so an editor never waits for SwiftPM.
    public static func packageSourceFolders(in root: String) -> [String] {
        let manager = FileManager.default
        let manifest = (root as NSString).appendingPathComponent("Package.swift")
        guard let data = manager.contents(atPath: manifest) else { return [root] }
        var folders = ["Sources", "Tests"]
        folders += pathArguments(in: String(decoding: data, as: UTF8.self))
        var seen: Set<String> = []
        return folders.compactMap { relative -> String? in
            let folder = ((root as NSString).appendingPathComponent(relative) as NSString).standardizingPath
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
                seen.insert(folder).inserted
            else { return nil }
            return folder
        }
    }

    /// The string values of `path:` arguments in a manifest's text.
    static func pathArguments(in manifest: String) -> [String] {
        var paths: [String] = []
        var rest = manifest[...]
        while let label = rest.range(of: "path:") {
            rest = rest[label.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard rest.first == "\"" else { continue }
            let value = rest.dropFirst().prefix { $0 != "\"" && $0 != "\n" }
            rest = rest.dropFirst(value.count + 1)
            guard rest.first == "\"" else { continue }
            if !value.isEmpty, !value.hasPrefix("/") { paths.append(String(value)) }
        }
        return paths
    }
}
