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
}
