/// graphql-js's "Did you mean …?" machinery, so suggestions match it word for word.
public enum Suggestions {
    /// ` Did you mean "a", "b", or "c"?` (at most five), or nothing.
    public static func didYouMean(_ suggestions: [String]) -> String {
        didYouMean(nil, suggestions)
    }

    /// ` Did you mean <subMessage> "a" or "b"?`, or nothing.
    static func didYouMean(_ subMessage: String?, _ suggestions: [String]) -> String {
        guard !suggestions.isEmpty else { return "" }
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
        switch quoted.count {
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default: return message + quoted.dropLast().joined(separator: ", ") + ", or " + (quoted.last ?? "") + "?"
        }
    }

    /// The options close to `input` by edit distance, closest first.
    public static func suggestionList(_ input: String, _ options: [String]) -> [String] {
        let threshold = input.unicodeScalars.count * 4 / 10 + 1
        let measure = LexicalDistance(input)
        var distances: [String: Int] = [:]
        for option in options {
            if let distance = measure.distance(to: option, threshold: threshold) {
                distances[option] = distance
            }
        }
        return distances.keys.sorted { lhs, rhs in
            let left = distances[lhs] ?? 0
            let right = distances[rhs] ?? 0
            return left != right ? left < right : naturalCompare(lhs, rhs) < 0
        }
    }

    /// Compares strings treating runs of digits as numbers (`a2` before `a10`).
    static func naturalCompare(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.utf16)
        let b = Array(rhs.utf16)
        var i = 0
        var j = 0
        func isDigit(_ code: UInt16) -> Bool { code >= 48 && code <= 57 }
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                var aNumber = 0
                repeat {
                    aNumber = aNumber &* 10 &+ Int(a[i] - 48)
                    i += 1
                } while i < a.count && isDigit(a[i]) && aNumber > 0
                var bNumber = 0
                repeat {
                    bNumber = bNumber &* 10 &+ Int(b[j] - 48)
                    j += 1
                } while j < b.count && isDigit(b[j]) && bNumber > 0
                if aNumber != bNumber { return aNumber < bNumber ? -1 : 1 }
            } else {
                if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        return (a.count - i) - (b.count - j)
    }

    /// Optimal-string-alignment distance on lower-cased text; a change of case alone is 1.
    struct LexicalDistance {
        let input: String
        let lowered: [UInt16]

        init(_ input: String) {
            self.input = input
            lowered = Array(input.lowercased().utf16)
        }

        func distance(to option: String, threshold: Int) -> Int? {
            if option == input { return 0 }
            // Lower-casing ASCII (every GraphQL name) keeps its length, so a length difference
            // past the threshold rules the option out before any copy.
            let length = option.utf8.count
            if length == option.utf16.count, abs(length - lowered.count) > threshold { return nil }
            let optionLowered = Array(option.lowercased().utf16)
            if optionLowered == lowered { return 1 }
            var a = optionLowered
            var b = lowered
            if a.count < b.count { swap(&a, &b) }
            if a.count - b.count > threshold { return nil }
            // Three rolling rows of the distance table, in one buffer (row r starts at r * width).
            let width = b.count + 1
            var rows = [Int](repeating: 0, count: 3 * width)
            for j in 0...b.count { rows[j] = j }
            for i in 1...max(1, a.count) where i <= a.count {
                var smallest = i
                let row = (i % 3) * width
                let previous = ((i - 1) % 3) * width
                rows[row] = i
                for j in stride(from: 1, through: b.count, by: 1) {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(rows[previous + j] + 1, rows[row + j - 1] + 1, rows[previous + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        cell = min(cell, rows[((i - 2) % 3) * width + j - 2] + 1)
                    }
                    smallest = min(smallest, cell)
                    rows[row + j] = cell
                }
                if smallest > threshold { return nil }
            }
            let distance = rows[(a.count % 3) * width + b.count]
            return distance <= threshold ? distance : nil
        }
    }
}
