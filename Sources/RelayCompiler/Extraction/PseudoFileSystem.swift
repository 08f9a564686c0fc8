import Foundation

/// The kernel's and the system's pseudo file systems (`/proc`, `/sys`, `/dev` and the like):
/// never walked for sources, however `src` reaches them (`"src": "/"`, a link). They hold no
/// sources, and walking them costs seconds and gigabytes, or never ends.
enum PseudoFileSystem {
    /// True for a folder on a pseudo file system: under one of the mount points the system
    /// lists with such a type, or under `/proc`, `/sys` or `/dev` wherever they are mounted from.
    static func contains(_ folder: String) -> Bool {
        let resolved = (folder as NSString).resolvingSymlinksInPath
        return mountPoints.contains { resolved == $0 || resolved.hasPrefix($0 + "/") }
    }

    /// The pseudo file systems' mount points: Linux lists them in `/proc/self/mounts`.
    static let mountPoints: [String] = {
        var points = ["/proc", "/sys", "/dev"]
        guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return points }
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2, types.contains(String(fields[2])) else { continue }
            // Spaces and tabs in a mount point are written as octal escapes.
            let point = String(fields[1]).replacingOccurrences(of: "\\040", with: " ")
                .replacingOccurrences(of: "\\011", with: "\t")
            if point != "/" { points.append(point) }
        }
        return points
    }()

    private static let types: Set<String> = [
        "proc", "sysfs", "devtmpfs", "devpts", "debugfs", "tracefs", "cgroup", "cgroup2", "securityfs", "bpf",
        "pstore", "binfmt_misc", "mqueue", "efivarfs", "configfs", "fusectl", "autofs", "rpc_pipefs", "nsfs",
        "hugetlbfs",
    ]
}
