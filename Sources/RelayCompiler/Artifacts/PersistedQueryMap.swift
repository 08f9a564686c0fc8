import Foundation
import GraphQLParser

/// The persisted-query map `persistOutput` names: a JSON object of operation ids (hex digests)
/// to operation texts, the format of Relay's local persister. Like that persister, a compile
/// merges its operations into the map already in the file and never drops an entry, so the
/// ids an app already shipped keep resolving on the server.
public struct PersistedQueryMap: Equatable, Sendable {
    /// Where the map is written.
    public var path: String
    /// Id → operation text of this compile's operations.
    public var queries: [String: String]

    public init(path: String, queries: [String: String]) {
        self.path = path
        self.queries = queries
    }

    /// The text to write: the entries of `existing` (the file's current bytes, nil when there
    /// is none) with this compile's merged in, ids sorted. A file that is not such a map is
    /// refused with a diagnostic naming it: it is somebody's file, not ours to replace.
    func mergedText(existing: Data?) -> Result<String, Diagnostic> {
        var entries: [String: String] = [:]
        if let existing {
            switch Self.entries(of: existing, file: path) {
            case .success(let found): entries = found
            case .failure(let diagnostic): return .failure(diagnostic)
            }
        }
        entries.merge(queries) { _, new in new }
        return .success(Self.text(of: entries))
    }

    /// `{"<id>": "<text>", …}` laid out byte for byte as Relay's local persister writes it: ids
    /// sorted, one entry a line indented by two spaces, a final newline.
    static func text(of entries: [String: String]) -> String {
        guard !entries.isEmpty else { return "{}\n" }
        let lines = entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { id, text in
            "  " + JSONText.quoted(id) + ": " + JSONText.quoted(text)
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// The entries of a query map, or why the bytes are not one.
    static func entries(of data: Data, file: String) -> Result<[String: String], Diagnostic> {
        let refusal =
            "'\(file)' is not a persisted-query map (a JSON object of hex ids to operation texts), "
            + "so it is not replaced; name a new file or an existing query map in persistOutput"
        let json: ConfigurationJSON
        do {
            json = try ConfigurationJSON.parse(Array(data), file: file)
        } catch {
            return .failure(.error(refusal + " (\(error.message))", at: error.location))
        }
        guard case .object(let members) = json.value else {
            return .failure(.error(refusal + " (it holds \(json.kind))", at: json.location))
        }
        var entries: [String: String] = [:]
        entries.reserveCapacity(members.count)
        for member in members {
            guard !member.key.isEmpty, member.key.utf8.allSatisfy(\.isHexDigit) else {
                return .failure(.error(refusal + " (\"\(member.key)\" is not a hex id)", at: member.keyLocation))
            }
            guard let text = member.value.string else {
                return .failure(
                    .error(
                        refusal + " (the value of \"\(member.key)\" is \(member.value.kind))", at: member.value.location
                    ))
            }
            entries[member.key] = text
        }
        return .success(entries)
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
