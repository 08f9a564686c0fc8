import Benchmark
import Foundation
@_spi(Streaming) import Relay

/// The streaming parsers on one large payload arriving in 4 KB chunks, as a network delivers
/// it: a `multipart/mixed` part (`@defer`/`@stream` over HTTP) and a Server-Sent Event. Their
/// cost must follow the bytes: the time per MB stays the same from 1 to 50 MB.
func streamingBenchmarks() {
    for megabytes in [1, 10, 50] {
        let payload = largePayload(megabytes: megabytes)
        let multipart = chunks(
            Data("\r\n---\r\nContent-Type: application/json\r\n\r\n".utf8) + payload + Data("\r\n-----\r\n".utf8))
        Benchmark("Multipart: one \(megabytes) MB part in 4 KB chunks", configuration: .init(maxIterations: 5)) {
            benchmark in
            for _ in benchmark.scaledIterations {
                guard var parser = MultipartMixedParser(contentType: "multipart/mixed; boundary=\"-\"") else { return }
                var parts = 0
                for chunk in multipart { parts += parser.append(chunk).count }
                precondition(parts == 1, "the part was not read")
            }
        }
        let events = chunks(Data("event: next\ndata: ".utf8) + payload + Data("\n\n".utf8))
        Benchmark(
            "Server-Sent Events: one \(megabytes) MB event in 4 KB chunks", configuration: .init(maxIterations: 5)
        ) {
            benchmark in
            for _ in benchmark.scaledIterations {
                var parser = ServerSentEventParser()
                var count = 0
                for chunk in events { count += parser.append(chunk).count }
                precondition(count == 1, "the event was not read")
            }
        }
    }
}

/// A JSON payload of about `megabytes` MB on one line: a list of to-dos.
private func largePayload(megabytes: Int) -> Data {
    let item = #"{"id":"todo-0000000","text":"To-do text that is long enough","complete":false},"#
    let count = megabytes * 1_048_576 / item.utf8.count
    return Data(#"{"data":{"todos":["#.utf8) + Data(String(repeating: item, count: count).utf8) + Data("null]}}".utf8)
}

private func chunks(_ data: Data) -> [Data] {
    stride(from: 0, to: data.count, by: 4096).map { data.subdata(in: $0..<min(data.count, $0 + 4096)) }
}
