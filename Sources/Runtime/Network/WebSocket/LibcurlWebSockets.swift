#if canImport(Glibc)
    import Glibc

    /// Whether the libcurl that swift-corelibs-foundation's URLSession uses on Linux can speak
    /// WebSocket (`ws` among the protocols `curl_version_info` lists). Many builds cannot
    /// (Debian 12's 7.88 among them), and a `URLSessionWebSocketTask` there fails in ways that
    /// can stop the process, so `GraphQLWebSocketNetwork.Client.foundation` asks first.
    enum LibcurlWebSockets {
        static let isSupported: Bool = protocols.contains("ws")

        /// The protocols of the libcurl in the process (or the system's), empty when there is none.
        static let protocols: Set<String> = {
            guard let library = dlopen("libcurl.so.4", RTLD_NOW) ?? dlopen("libcurl.so", RTLD_NOW),
                let symbol = dlsym(library, "curl_version_info")
            else { return [] }
            typealias VersionInfo = @convention(c) (Int32) -> UnsafeRawPointer?
            // CURLVERSION_FOURTH: every libcurl since 7.16 answers it; `protocols` is the ninth
            // field of `curl_version_info_data` in every version, after eight of pointer size.
            guard let info = unsafeBitCast(symbol, to: VersionInfo.self)(3),
                let list = info.load(
                    fromByteOffset: 8 * MemoryLayout<UnsafeRawPointer>.size,
                    as: UnsafePointer<UnsafePointer<CChar>?>?.self)
            else { return [] }
            var names: Set<String> = []
            var index = 0
            while let name = list[index], index < 256 {
                names.insert(String(cString: name))
                index += 1
            }
            return names
        }()
    }
#endif
