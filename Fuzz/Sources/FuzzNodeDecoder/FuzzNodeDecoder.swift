import FuzzSupport
@_spi(RelayGenerated) import Relay

/// Arbitrary bytes as a generated node and as a response: the JSON parser and the node decoder
/// must never crash or hang, a node either decodes or says why, and a node that decodes writes
/// back (with `NodeEncoder`) to JSON that decodes to the same node and the same bytes.
@_cdecl("FuzzNodeDecoder_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        guard let data else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: data, count: size)
        _ = try? VariableValue(parsingJSON: bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        if let request = try? NodeDecoder.request(json: text) {
            let json = NodeEncoder.json(request)
            guard let again = try? NodeDecoder.request(json: json), again == request, NodeEncoder.json(again) == json
            else { fatalError("a decoded request does not survive its round trip: \(json)") }
        } else if ConcreteRequest(json: text).artifactProblem == nil {
            fatalError("a request that does not decode has no problem")
        }
        if let fragment = try? NodeDecoder.readerFragment(json: text) {
            let json = NodeEncoder.json(fragment)
            guard let again = try? NodeDecoder.readerFragment(json: json), again == fragment,
                NodeEncoder.json(again) == json
            else { fatalError("a decoded fragment does not survive its round trip: \(json)") }
        }
        return 0
    }
}
