import Foundation
import GraphQLParser

/// Finds the source files of a project: its Swift files, and the GraphQL files of its
/// `documents` (executable documents that join its Swift literals).
public enum SourceDiscovery {
    /// The source files found (Swift files and GraphQL documents), and why any source could
    /// not be looked through.
    public struct Listing: Sendable {
        public var files: [String] = []
        /// A source that does not exist, cannot be read or is a link loop: the compile would
        /// otherwise check less than it was given, and say nothing.
        public var problems: [Diagnostic] = []
    }

    /// The `.swift` files under `directories`, sorted so output never depends on the file system's
    /// order. Build folders (`.build*`), `__generated__` folders, hidden folders and paths that
    /// contain any of `excludes` are skipped.
    public static func swiftFiles(in directories: [String], excludes: [String] = []) -> [String] {
        list(directories, excludes: excludes).files
    }

    /// The `.swift` files under `sources` (folders, or Swift files named directly), as
    /// `swiftFiles(in:excludes:)` finds them, with a problem for each source that does not
    /// exist, is not readable, or is a symbolic link loop, and for each unreadable folder or
    /// Swift file inside them. Links are followed; a link back to a folder that contains it is a
    /// problem, not a loop.
    /// `documents` (folders, or GraphQL files named directly) add their `.graphql` files,
    /// looked through the same way, but for `ignoring` (the schema's files).
    public static func list(
        _ sources: [String], excludes: [String] = [], documents: [String] = [], ignoring: Set<String> = []
    ) -> Listing {
        var walk = Walk(excludes: excludes)
        for (paths, suffix, kind) in [(sources, ".swift", "a Swift file"), (documents, ".graphql", "a GraphQL file")] {
            walk.suffix = suffix
            for source in paths {
                switch FileStatus(source) {
                case .directory(let identity):
                    if PseudoFileSystem.contains(source) {
                        walk.problem(
                            "source '\(source)' is on a pseudo file system (such as /proc or /dev), which is never searched"
                        )
                    }
                    walk.visit(folder: source, identity: identity, ancestors: [:])
                case .file:
                    if source.hasSuffix(suffix) {
                        walk.listing.files.append(source)
                    } else {
                        walk.problem("source '\(source)' is not a folder or \(kind)")
                    }
                case .special(let what):
                    walk.problem("source '\(source)' is \(what), not a folder or \(kind)")
                case .missing(let reason):
                    walk.problem("source '\(source)' \(reason)")
                }
            }
            walk.visited = []
        }
        walk.listing.files = Array(Set(walk.listing.files).subtracting(ignoring)).sorted()
        return walk.listing
    }

    /// Why a file could not be read, in a few words: what the file system says (`No such file
    /// or directory`, `Permission denied`), or that it is a folder or a broken link.
    public static func whyUnreadable(_ path: String) -> String {
        switch FileStatus(path) {
        case .directory: return "it is a folder"
        case .special(let what): return "it is \(what)"
        case .missing(let reason): return "it \(reason)"
        case .file:
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return String(cString: strerror(errno)) }
            close(descriptor)
            return "reading it failed"
        }
    }

    /// A source's kind, or why it cannot be used.
    enum FileStatus {
        case directory(FolderIdentity)
        /// A regular file.
        case file
        /// A device, pipe or socket ("a named pipe"): never read, since reading it may never
        /// end.
        case special(String)
        case missing(String)

        init(_ path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else {
                let code = errno
                var link = stat()
                if code == ENOENT, lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                    self = .missing("is a symbolic link to '\(target)', which does not exist")
                } else if code == ELOOP {
                    self = .missing("is a symbolic link loop")
                } else if code == ENOENT {
                    self = .missing("does not exist")
                } else {
                    self = .missing("cannot be read: \(String(cString: strerror(code)))")
                }
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: self = .directory(FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
            case S_IFREG: self = .file
            case S_IFCHR, S_IFBLK: self = .special("a device file")
            case S_IFIFO: self = .special("a named pipe")
            default: self = .special("a socket")
            }
        }
    }

    /// A folder as the file system knows it, whatever path or link reaches it.
    struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private struct Walk {
        let excludes: [ExcludePattern]
        var listing = Listing()
        var visited: Set<FolderIdentity> = []
        /// The ending of the files listed: `.swift`, or `.graphql` in documents.
        var suffix = ".swift"

        init(excludes: [String]) { self.excludes = [ExcludePattern](excludes) }

        mutating func problem(_ message: String) {
            listing.problems.append(.error(message, at: nil))
        }

        mutating func visit(folder: String, identity: FolderIdentity, ancestors: [FolderIdentity: String]) {
            guard visited.insert(identity).inserted, !PseudoFileSystem.contains(folder) else { return }
            guard let handle = opendir(folder) else {
                problem("cannot read folder '\(folder)': \(String(cString: strerror(errno)))")
                return
            }
            var names: [String] = []
            while let entry = readdir(handle) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if !name.hasPrefix("."), name != "__generated__" { names.append(name) }
            }
            closedir(handle)
            var inside = ancestors
            inside[identity] = folder
            for name in names.sorted() {
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                switch FileStatus(path) {
                case .directory(let child):
                    if let ancestor = inside[child] {
                        problem("'\(path)' links back to '\(ancestor)', a folder that contains it (a link loop)")
                    } else if !excludes.excludes(path + "/") {
                        visit(folder: path, identity: child, ancestors: inside)
                    }
                case .file:
                    if name.hasSuffix(suffix), !excludes.excludes(path) {
                        listing.files.append(path)
                    }
                case .special(let what):
                    if name.hasSuffix(suffix), !excludes.excludes(path) {
                        problem("cannot read '\(path)': it is \(what)")
                    }
                case .missing(let reason):
                    // A broken link or unreadable entry matters when it is a source or a loop.
                    if name.hasSuffix(suffix) || reason.hasSuffix("loop"),
                        !excludes.excludes(path)
                    {
                        problem("cannot read '\(path)': it \(reason)")
                    }
                }
            }
        }
    }
}
