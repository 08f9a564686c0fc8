import Foundation
import GraphQLParser
import RelayCompiler

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CommandLineTool {
    /// `fetch-schema --url URL [--header "Name: value"]... --output FILE`: the server's schema by
    /// introspection, written as SDL (only when it changed). Exit 1 when the server cannot be
    /// asked or its answer is not a schema, 2 for a usage error.
    func fetchSchema(_ arguments: [String]) -> Int32 {
        let usage = "usage: relay-swift-compiler fetch-schema --url URL [--header \"Name: value\"]... --output FILE"
        var url: URL?
        var output: String?
        var headers: [(String, String)] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard let value = remaining.popFirst() else {
                standardError("error: \(argument) needs a value\n\(usage)")
                return 2
            }
            switch argument {
            case "--url": url = URL(string: value)
            case "--output": output = value
            case "--header":
                guard let colon = value.firstIndex(of: ":") else {
                    standardError("error: a header is \"Name: value\", not \"\(value)\"")
                    return 2
                }
                headers.append(
                    (String(value[..<colon]), value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            default:
                standardError("error: unknown option \(argument)\n\(usage)")
                return 2
            }
        }
        guard let url, let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()), let output else {
            standardError("error: fetch-schema needs an http(s) --url and --output\n\(usage)")
            return 2
        }
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = try? JSONSerialization.data(withJSONObject: [
            "query": IntrospectionSchema.query, "operationName": "IntrospectionQuery",
        ])
        let answer = Self.send(request)
        let sdl: String
        switch answer {
        case .failure(let error):
            standardError("error: \(url.absoluteString): \(error)")
            return 1
        case .success(let (status, data)):
            guard (200..<300).contains(status) else {
                standardError(
                    "error: \(url.absoluteString) answered HTTP \(status): \(String(decoding: data.prefix(500), as: UTF8.self))"
                )
                return 1
            }
            do {
                sdl = try IntrospectionSchema.printedSDL(fromJSON: data)
            } catch {
                standardError("error: \(url.absoluteString): \(error)")
                return 1
            }
        }
        if FileManager.default.contents(atPath: output) == Data(sdl.utf8) {
            standardError("\(output) is up to date")
            return 0
        }
        do {
            try Data(sdl.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            standardError("error: cannot write \(output): \(error.localizedDescription)")
            return 1
        }
        standardError("wrote \(output)")
        return 0
    }

    /// Sends a request and waits for its answer (the command line has nothing else to do).
    private static func send(_ request: URLRequest) -> Result<(Int, Data), Error> {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<(Int, Data), Error> = .failure(URLError(.unknown))
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                result = .failure(error)
            } else {
                result = .success(((response as? HTTPURLResponse)?.statusCode ?? 200, data ?? Data()))
            }
            done.signal()
        }.resume()
        done.wait()
        return result
    }
}
