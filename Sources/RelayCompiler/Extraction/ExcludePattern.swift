/// One `excludes` entry: a path fragment (`/Tests/`), skipping any path that contains it, or a
/// glob as relay.config.json writes them (`**/node_modules/**`, `**/*.generated.swift`): `**`
/// stands for any folders, `*` for any characters but `/`, `?` for one of them.
struct ExcludePattern {
    private let fragment: String?
    private let glob: Regex<AnyRegexOutput>?

    init(_ text: String) {
        guard text.contains(where: { $0 == "*" || $0 == "?" }) else {
            (fragment, glob) = (text, nil)
            return
        }
        var pattern = ""
        var characters = Substring(text)
        while let first = characters.first {
            if characters.hasPrefix("**/") {
                pattern += "(?:.*/)?"
                characters = characters.dropFirst(3)
            } else if characters.hasPrefix("**") {
                pattern += ".*"
                characters = characters.dropFirst(2)
            } else {
                switch first {
                case "*": pattern += "[^/]*"
                case "?": pattern += "[^/]"
                case _ where first.isLetter || first.isNumber || first == "/" || first == "_" || first == "-":
                    pattern.append(first)
                default: pattern += "\\" + String(first)
                }
                characters = characters.dropFirst()
            }
        }
        // Matched from a folder boundary, to the end of the path.
        fragment = nil
        glob = try? Regex("(?:^|/)" + pattern + "$")
    }

    /// Whether `path` is excluded.
    func matches(_ path: String) -> Bool {
        if let fragment { return path.contains(fragment) }
        return glob.map { (try? $0.firstMatch(in: path)) != nil } ?? false
    }
}

extension [ExcludePattern] {
    init(_ texts: [String]) { self = texts.map(ExcludePattern.init) }

    func excludes(_ path: String) -> Bool { contains { $0.matches(path) } }
}
