import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output the user has made unwritable: the compiler reports each file it cannot write at its
/// path with the system's reason, exits 1, and leaves every existing file as it was. Run as the
/// built CLI; as root (which ignores permissions) under an unprivileged user via `setpriv`.
struct OutputPermissionTests {
    /// The command prefix that runs a program without root's override of permissions, or nil
    /// when this machine cannot (root without `setpriv`).
    static var unprivileged: [String]? {
        guard geteuid() == 0 else { return [] }
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
        return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    }

    /// A project whose one query selects `fields`, compiled once so that its artifact exists;
    /// every folder and file is readable by everyone.
    static func project(fields: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("permissions-\(UUID().uuidString)")
        try KillDuringWriteTests.writeProject(in: root, count: 1, fields: fields)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        return root
    }

    /// Runs the compiler in `directory` as `prefix` says; returns its exit code and stderr.
    static func compile(_ compiler: String, in directory: URL, prefix: [String]) throws -> (Int32, String) {
        let process = Process()
        let command = prefix + [compiler, "--src", "Sources", "--schema", "schema.graphql", "--no-cache"]
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Compiles once (as root or the user), edits the query, makes `locked` read-only, and
    /// compiles again as an unprivileged user.
    func compileAfterLocking(_ locked: (URL) -> String) throws -> (
        code: Int32, errors: String, artifact: String, before: Data?, after: Data?
    )? {
        guard let compiler = KillDuringWriteTests.compiler else {
            Issue.record("relay-swift-compiler is not built beside the tests; run `swift build` first")
            return nil
        }
        guard let prefix = Self.unprivileged else {
            print("OutputPermissionTests: skipped: running as root without /usr/bin/setpriv to drop privileges")
            return nil
        }
        let project = try Self.project(fields: "a")
        let (firstCode, firstErrors) = try Self.compile(compiler, in: project, prefix: [])
        #expect(firstCode == 0, "\(firstErrors)")
        let generated = project.appendingPathComponent("Sources/__generated__")
        let artifact = generated.appendingPathComponent("Screen0Query.graphql.swift").path
        let before = FileManager.default.contents(atPath: artifact)
        // Everything readable and the folder writable by everyone, then lock what the test names.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: generated.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: artifact)
        try KillDuringWriteTests.writeProject(in: project, count: 1, fields: "a b")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked(project))
        let (code, errors) = try Self.compile(compiler, in: project, prefix: prefix)
        let after = FileManager.default.contents(atPath: artifact)
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: generated.path)
        try? FileManager.default.removeItem(at: project)
        return (code, errors, artifact, before, after)
    }

    @Test func aReadOnlyOutputFolderIsAnErrorAtEachFile() throws {
        guard let result = try compileAfterLocking({ $0.appendingPathComponent("Sources/__generated__").path }) else {
            return
        }
        #expect(result.code == 1)
        #expect(result.errors.contains("error: cannot write '"), "\(result.errors)")
        #expect(result.errors.contains("Screen0Query.graphql.swift': Permission denied"), "\(result.errors)")
        #expect(result.after == result.before)
    }

    @Test func aReadOnlyArtifactIsAnErrorAndKeepsItsContent() throws {
        guard
            let result = try compileAfterLocking({
                $0.appendingPathComponent("Sources/__generated__/Screen0Query.graphql.swift").path
            })
        else { return }
        #expect(result.code == 1)
        #expect(result.errors.contains("Screen0Query.graphql.swift': the file is read-only"), "\(result.errors)")
        #expect(result.after == result.before)
    }

    /// An unreadable folder or Swift file among the sources is an error naming it, with the
    /// system's reason; the compile exits 1 instead of checking less and saying nothing.
    @Test func unreadableSourcesAreErrors() throws {
        guard let compiler = KillDuringWriteTests.compiler else {
            Issue.record("relay-swift-compiler is not built beside the tests; run `swift build` first")
            return
        }
        guard let prefix = Self.unprivileged else {
            print("OutputPermissionTests: skipped: running as root without /usr/bin/setpriv to drop privileges")
            return
        }
        let root = try Self.project(fields: "a")
        defer { try? FileManager.default.removeItem(at: root) }
        let locked = root.appendingPathComponent("Sources/Locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try "let q = graphql(\"query LockedQuery { b }\")\n".write(
            to: locked.appendingPathComponent("Locked.swift"), atomically: true, encoding: .utf8)
        let secret = root.appendingPathComponent("Sources/Secret.swift")
        try "let q = graphql(\"query SecretQuery { c }\")\n".write(to: secret, atomically: true, encoding: .utf8)
        for path in [root.path, root.appendingPathComponent("Sources").path] {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }

        let (code, errors) = try Self.compile(compiler, in: root, prefix: prefix)
        #expect(code == 1)
        #expect(errors.contains("error: cannot read folder 'Sources/Locked': Permission denied"), "\(errors)")
        #expect(errors.contains("error: cannot read 'Sources/Secret.swift': Permission denied"), "\(errors)")
    }
}
