import GraphQLParser

/// Where a compile's files come from, for the project driver: the disk (the command line and
/// the plugins), or the disk under an editor's unsaved buffers (the language server).
public protocol CompilerInputs: Sendable {
    /// The configuration's source files, sorted, and the sources that could not be listed.
    func sources(of configuration: CompilerConfiguration) -> SourceDiscovery.Listing
    /// Texts read instead of the disk, by path.
    var buffers: [String: String] { get }
}

/// The files on disk, listed as the configuration says.
public struct DiskInputs: CompilerInputs {
    public init() {}

    public func sources(of configuration: CompilerConfiguration) -> SourceDiscovery.Listing {
        configuration.sourceListing
    }

    public var buffers: [String: String] { [:] }
}

/// An editor's view of the project: the files it listed (those on disk and new ones it has
/// open, listed again only when the editor opens or closes one, so a keystroke walks no
/// folder) and the text of each, unsaved edits included.
public struct EditorInputs: CompilerInputs {
    public var listing: SourceDiscovery.Listing
    public var buffers: [String: String]

    public init(listing: SourceDiscovery.Listing, buffers: [String: String]) {
        self.listing = listing
        self.buffers = buffers
    }

    public func sources(of configuration: CompilerConfiguration) -> SourceDiscovery.Listing { listing }
}
