import Foundation
import RelayCompiler
import Testing

final class ArtifactWriterTests {
    /// This test's folder, removed with it.
    private let directory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("artifacts-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    private func artifact(_ name: String, _ body: String) -> Artifact {
        Artifact(path: directory + "/" + name, contents: ArtifactGenerator.header + "\n" + body + "\n")
    }

    private func modificationDate(_ name: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.modificationDate] as? Date
    }

    @Test func writesOnlyWhatChanged() throws {
        let writer = ArtifactWriter(outputDirectories: [directory])
        let first = writer.write([artifact("A.graphql.swift", "a"), artifact("B.graphql.swift", "b")])
        #expect(first.written.count == 2)
        let before = try modificationDate("A.graphql.swift")
        Thread.sleep(forTimeInterval: 0.05)
        let second = writer.write([artifact("A.graphql.swift", "a"), artifact("B.graphql.swift", "b2")])
        #expect(second.unchanged == [directory + "/A.graphql.swift"])
        #expect(second.written == [directory + "/B.graphql.swift"])
        #expect(try modificationDate("A.graphql.swift") == before)
        #expect(
            FileManager.default.contents(atPath: directory + "/B.graphql.swift")
                == Data((ArtifactGenerator.header + "\nb2\n").utf8))
        // No temporary files are left behind.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
                "A.graphql.swift", "B.graphql.swift",
            ])
    }

    @Test func deletesOnlyStaleGeneratedFiles() throws {
        let writer = ArtifactWriter(outputDirectories: [directory])
        _ = writer.write([artifact("A.graphql.swift", "a"), artifact("Old.graphql.swift", "old")])
        try "// written by a person\n".write(
            toFile: directory + "/Handwritten.graphql.swift", atomically: true, encoding: .utf8)
        try (ArtifactGenerator.header + "\n").write(
            toFile: directory + "/Notes.swift", atomically: true, encoding: .utf8)
        let report = writer.write([artifact("A.graphql.swift", "a")])
        #expect(report.deleted == [directory + "/Old.graphql.swift"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
                "A.graphql.swift", "Handwritten.graphql.swift", "Notes.swift",
            ])
    }

    @Test func validateListsMissingOutdatedAndExtraWithoutWriting() throws {
        let writer = ArtifactWriter(outputDirectories: [directory])
        _ = writer.write([
            artifact("Same.graphql.swift", "same"), artifact("Changed.graphql.swift", "v1"),
            artifact("Gone.graphql.swift", "x"),
        ])
        let differences = writer.differences(from: [
            artifact("Same.graphql.swift", "same"), artifact("Changed.graphql.swift", "v2"),
            artifact("New.graphql.swift", "n"),
        ])
        #expect(differences.missing == [directory + "/New.graphql.swift"])
        #expect(differences.outdated == [directory + "/Changed.graphql.swift"])
        #expect(differences.extra == [directory + "/Gone.graphql.swift"])
        #expect(!FileManager.default.fileExists(atPath: directory + "/New.graphql.swift"))
    }

    @Test func unwritableOutputIsADiagnosticNotACrash() throws {
        // A regular file where a folder should be: creating the folder fails even for root.
        try "not a folder".write(toFile: directory + "/blocker", atomically: true, encoding: .utf8)
        let writer = ArtifactWriter(outputDirectories: [directory + "/blocker/__generated__"])
        let report = writer.write([Artifact(path: directory + "/blocker/__generated__/A.graphql.swift", contents: "x")])
        #expect(report.written.isEmpty)
        #expect(report.diagnostics.count == 1)
        #expect(
            report.diagnostics.first?.message.hasPrefix(
                "cannot write '\(directory)/blocker/__generated__/A.graphql.swift'") == true)
    }

    @Test func missingOutputFoldersAreCreated() throws {
        let nested = directory + "/not/there/yet"
        let writer = ArtifactWriter(outputDirectories: [nested])
        let report = writer.write([Artifact(path: nested + "/A.graphql.swift", contents: "a")])
        #expect(report.diagnostics.isEmpty)
        #expect(FileManager.default.contents(atPath: nested + "/A.graphql.swift") == Data("a".utf8))
    }

    @Test func anArtifactThatIsASymbolicLinkIsAnErrorAndTheLinkAndItsTargetAreKept() throws {
        let manager = FileManager.default
        let target = directory + "/elsewhere.swift"
        try "// a person's file\n".write(toFile: target, atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: directory + "/A.graphql.swift", withDestinationPath: target)
        let report = ArtifactWriter(outputDirectories: [directory]).write([artifact("A.graphql.swift", "a")])
        #expect(report.written.isEmpty)
        #expect(
            report.diagnostics.map(\.message) == [
                "cannot write '\(directory)/A.graphql.swift': it is a symbolic link; generated files are never written through links"
            ])
        #expect(try manager.destinationOfSymbolicLink(atPath: directory + "/A.graphql.swift") == target)
        #expect(manager.contents(atPath: target) == Data("// a person's file\n".utf8))
    }

    @Test func cleanupNeverRemovesALinkEvenToAGeneratedFile() throws {
        let manager = FileManager.default
        let other = directory + "/other"
        let writer = ArtifactWriter(outputDirectories: [other])
        _ = writer.write([Artifact(path: other + "/Kept.graphql.swift", contents: ArtifactGenerator.header + "\n")])
        try manager.createSymbolicLink(
            atPath: other + "/Link.graphql.swift", withDestinationPath: other + "/Kept.graphql.swift")
        let report = writer.write([
            Artifact(path: other + "/Kept.graphql.swift", contents: ArtifactGenerator.header + "\n")
        ])
        #expect(report.deleted.isEmpty)
        #expect(
            try manager.destinationOfSymbolicLink(atPath: other + "/Link.graphql.swift") == other
                + "/Kept.graphql.swift")
    }

    @Test func anOutputFolderThatIsASymbolicLinkLoopIsAnError() throws {
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: directory + "/loop-a", withDestinationPath: directory + "/loop-b")
        try manager.createSymbolicLink(atPath: directory + "/loop-b", withDestinationPath: directory + "/loop-a")
        let report = ArtifactWriter(outputDirectories: [directory + "/loop-a"])
            .write([Artifact(path: directory + "/loop-a/A.graphql.swift", contents: "a")])
        #expect(report.written.isEmpty)
        #expect(report.diagnostics.count == 1)
        #expect(
            report.diagnostics.first?.message.hasPrefix("cannot write '\(directory)/loop-a/A.graphql.swift': ") == true)
    }

    @Test func anOutputFolderThatIsALinkToAFolderIsWrittenThrough() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory + "/real", withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: directory + "/linked", withDestinationPath: directory + "/real")
        let report = ArtifactWriter(outputDirectories: [directory + "/linked"])
            .write([Artifact(path: directory + "/linked/A.graphql.swift", contents: "a")])
        #expect(report.diagnostics.isEmpty)
        #expect(manager.contents(atPath: directory + "/real/A.graphql.swift") == Data("a".utf8))
    }
}
