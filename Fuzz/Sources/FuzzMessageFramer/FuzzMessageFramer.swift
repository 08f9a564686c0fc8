import FuzzSupport
import RelayLanguageServer

/// The language server's JSON-RPC framing on arbitrary bytes: nothing may crash or hang, and
/// the frames read do not depend on how the bytes arrive: appended whole, or in pieces whose
/// size the input's first byte chooses, the same messages and unreadable messages come out.
@_cdecl("FuzzMessageFramer_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        guard size > 0 else { return 0 }
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        let whole = frames(of: bytes[1...], inPiecesOf: bytes.count)
        let pieces = frames(of: bytes[1...], inPiecesOf: Int(bytes[0] % 32) + 1)
        if whole != pieces { fatalError("framing depends on how the bytes arrive: \(whole) vs \(pieces)") }
        return 0
    }
}

private func frames(of bytes: ArraySlice<UInt8>, inPiecesOf chunk: Int) -> [MessageFramer.Frame] {
    var framer = MessageFramer()
    var frames: [MessageFramer.Frame] = []
    var offset = bytes.startIndex
    while offset < bytes.endIndex {
        let end = min(bytes.endIndex, offset + chunk)
        framer.append(bytes[offset..<end])
        offset = end
        while let frame = framer.next() { frames.append(frame) }
    }
    return frames
}
