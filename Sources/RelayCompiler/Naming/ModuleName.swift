/// Relay's module name for a source file: what every operation and fragment defined in that
/// file must be named after.
public enum ModuleName {
    /// The file name without directories, cut at its first `.`, with every run of characters
    /// other than ASCII letters and digits removed and the character after it upper-cased:
    /// `Sources/App/todo-list.swift` → `todoList`, `ToDoItem.swift` → `ToDoItem`,
    /// `todo_list.view.swift` → `todoList`.
    public static func forFile(_ path: String) -> String {
        // The file name's part before its first `.`, found in the bytes.
        let nameStart = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) }
        let fileName = path[(nameStart ?? path.startIndex)...]
        let stem = fileName[..<(fileName.utf8.firstIndex(of: UInt8(ascii: ".")) ?? fileName.endIndex)]
        var result = ""
        var upperNext = false
        for character in stem {
            if character.isASCII, character.isLetter || character.isNumber {
                result.append(upperNext ? Character(character.uppercased()) : character)
                upperNext = false
            } else {
                upperNext = true
            }
        }
        return result
    }
}
