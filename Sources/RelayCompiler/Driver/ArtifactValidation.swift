/// `--validate`'s last stage: the generated files compared with the disk, nothing written.
struct ArtifactValidation {
    func run(_ result: Pipeline.Result) -> ArtifactWriter.Differences {
        ArtifactWriter(outputDirectories: result.outputFolders).differences(from: result.artifacts)
    }
}
