/// JSON text written by hand where its bytes must match another tool's (Relay's query map,
/// Relay's argument hashes): no `/` escaping, non-ASCII as it is, control characters as
/// `\u001f` in lowercase hex — not `Printer.printString`, which follows graphql-js (uppercase
/// hex, C1 controls escaped too).
enum JSONText {
    /// A JSON string with the escapes JSON writers use (`\"`, `\\`, `\n`, `\u001f`, …).
    static func quoted(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0x08: output += "\\b"
            case 0x09: output += "\\t"
            case 0x0A: output += "\\n"
            case 0x0C: output += "\\f"
            case 0x0D: output += "\\r"
            case 0x00...0x1F:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
