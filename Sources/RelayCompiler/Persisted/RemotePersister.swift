import Foundation
import GraphQLParser
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Relay's remote persisting: POSTs each operation text to the persisting server and returns
/// the ids it answers with. Texts whose id an earlier compile learned (`RemotePersister.Cache`,
/// kept beside the build cache) are not sent again, as Relay reuses an unchanged artifact's id.
/// A failure is a diagnostic naming the operation and the server's message; the compile fails,
/// as Relay's does, rather than write artifacts with ids the server does not know.
struct RemotePersister {
    let configuration: RemotePersisting
    /// Where learned ids are kept between compiles (nil: nowhere, every text is sent).
    let cacheFile: String?

    /// Operation name → id, and the failures.
    func persist(_ texts: [String: String]) -> (ids: [String: String], diagnostics: [Diagnostic]) {
        var known = loadCache()
        var ids: [String: String] = [:]
        var pending: [(name: String, text: String)] = []
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            if let id = known[cacheKey(text)] { ids[name] = id } else { pending.append((name, text)) }
        }
        guard !pending.isEmpty else { return (ids, []) }
        guard let url = URL(string: configuration.url), url.scheme == "http" || url.scheme == "https" else {
            return (ids, [.error("persistConfig.url '\(configuration.url)' is not an http(s) URL", at: nil)])
        }
        let results = Mutex<[Int: Result<String, PersistFailure>]>([:])
        let slots = DispatchSemaphore(value: max(1, configuration.concurrency))
        let group = DispatchGroup()
        for (index, operation) in pending.enumerated() {
            slots.wait()
            group.enter()
            send(operation.text, to: url) { result in
                results.withLock { $0[index] = result }
                slots.signal()
                group.leave()
            }
        }
        group.wait()
        var diagnostics: [Diagnostic] = []
        let finished = results.withLock { $0 }
        for (index, operation) in pending.enumerated() {
            switch finished[index] {
            case .success(let id)?:
                ids[operation.name] = id
                known[cacheKey(operation.text)] = id
            case .failure(let failure)?:
                diagnostics.append(
                    .error("persisting \(operation.name) to \(configuration.url) failed: \(failure.message)", at: nil))
            case nil:
                diagnostics.append(.error("persisting \(operation.name) to \(configuration.url) failed", at: nil))
            }
        }
        saveCache(known)
        return (ids, diagnostics)
    }

    struct PersistFailure: Error {
        var message: String
    }

    /// One POST: the parameters, then `text`, form-encoded; the answer `{"id": "…"}`.
    private func send(
        _ text: String, to url: URL, completion: @escaping @Sendable (Result<String, PersistFailure>) -> Void
    ) {
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        for (name, value) in configuration.headers { request.setValue(value, forHTTPHeaderField: name) }
        let fields = configuration.parameters + [("text", text)]
        request.httpBody = Data(
            fields.map { Self.formEncoded($0) + "=" + Self.formEncoded($1) }.joined(separator: "&").utf8)
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                completion(.failure(PersistFailure(message: error.localizedDescription)))
                return
            }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let body = data ?? Data()
            let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
            if let id = json?["id"] as? String, !id.isEmpty {
                completion(.success(id))
            } else if let message = (json?["error"] as? [String: Any])?["message"] as? String {
                completion(.failure(PersistFailure(message: message)))
            } else {
                let snippet = String(decoding: body.prefix(200), as: UTF8.self)
                completion(.failure(PersistFailure(message: "HTTP \(status), no \"id\" in the answer: \(snippet)")))
            }
        }.resume()
    }

    /// `application/x-www-form-urlencoded`: unreserved bytes as they are, space as `+`, the rest
    /// percent-encoded.
    static func formEncoded(_ string: String) -> String {
        var output = ""
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "*"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "): output += "+"
            default: output += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// The server and its parameters are part of the key: another server knows other ids.
    private func cacheKey(_ text: String) -> String {
        SHA256.hexDigest(configuration.cacheKey + "\0" + text)
    }

    private func loadCache() -> [String: String] {
        guard let cacheFile, let data = FileManager.default.contents(atPath: cacheFile),
            let entries = try? JSONSerialization.jsonObject(with: data) as? [String: String]
        else { return [:] }
        return entries
    }

    private func saveCache(_ entries: [String: String]) {
        guard let cacheFile else { return }
        try? FileManager.default.createDirectory(
            atPath: (cacheFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let data = try? JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys])
        try? data?.write(to: URL(fileURLWithPath: cacheFile), options: .atomic)
    }
}
