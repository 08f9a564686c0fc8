import Foundation
import Relay
import Testing

/// The one JSON parser of the runtime (generated nodes, every network response): RFC 8259 exactly,
/// numbers as responses need them, and every mistake an error at its byte.
struct JSONParserTests {
    @Test func valuesOfEveryKind() throws {
        let value = try VariableValue(
            parsingJSON: #" {"a": [1, -2, 2.5, true, false, null, {}], "b": {"c": "d"}, "e": [] } "#)
        #expect(value == ["a": [1, -2, 2.5, true, false, nil, .object([:])], "b": ["c": "d"], "e": []])
    }

    @Test func numbersAreIntsWhenWholeAsResponsesHadThem() throws {
        let cases: [(String, VariableValue)] = [
            ("0", .int(0)), ("-0", .int(0)), ("42", .int(42)), ("1.0", .int(1)), ("1e3", .int(1000)),
            ("100e-2", .int(1)), ("2.5", .float(2.5)), ("-1.25E+2", .int(-125)), ("-1.5E+0", .float(-1.5)),
            ("1e-7", .float(1e-7)),
            ("9223372036854775807", .int(Int.max)), ("-9223372036854775808", .int(Int.min)),
            ("12345678901234567890", .float(1.2345678901234567e19)),
        ]
        for (text, expected) in cases {
            #expect(try VariableValue(parsingJSON: text) == expected, "\(text)")
        }
    }

    @Test func stringsWithEscapesAndEveryScalar() throws {
        let text = #""a\"b\\c\/d\n\r\t\b\f\u0041\u00e9\ud83d\ude00 é 😀""#
        #expect(try VariableValue(parsingJSON: text) == .string("a\"b\\c/d\n\r\t\u{08}\u{0C}Aé😀 é 😀"))
    }

    @Test func mistakesAreErrorsAtTheirByte() {
        let cases: [(String, Int, String)] = [
            ("", 0, "unexpected end"), ("[1,]", 3, "unexpected character"), ("01", 1, "after the JSON value"),
            ("+1", 0, "unexpected character"), (".5", 0, "unexpected character"), ("1.", 2, "a fraction needs digits"),
            ("1e", 2, "an exponent needs digits"), ("-", 1, "a number needs digits"), ("tru", 0, "unexpected end"),
            ("nul!", 0, "unexpected character"), (#"{"a" 1}"#, 5, "expected ':'"),
            (#"{"a":1 "b":2}"#, 7, "expected ','"),
            (#"{a:1}"#, 1, "member name in quotes"), (#"[1 2]"#, 3, "expected ',' or ']'"),
            ("\"a\u{01}b\"", 2, "control character"), (#""\x""#, 2, "unknown escape"),
            (#""\u12""#, 3, "four hex digits"),
            (#""\ud83d""#, 7, "high surrogate"), (#""\ude00""#, 7, "lone surrogate"), (#""abc"#, 4, "unterminated"),
            ("NaN", 0, "unexpected character"), ("1e400", 0, "out of range"), ("{} {}", 3, "after the JSON value"),
        ]
        for (text, offset, message) in cases {
            do {
                _ = try VariableValue(parsingJSON: text)
                Issue.record("\(text) parsed")
            } catch {
                #expect(error.offset == offset && error.message.contains(message), "\(text): \(error)")
            }
        }
    }

    @Test func invalidUTF8IsAnErrorNotAReplacement() {
        let bytes: [UInt8] = Array(#"["ok", ""#.utf8) + [0xFF, 0xFE] + Array(#""]"#.utf8)
        #expect(throws: VariableValue.JSONSyntaxError(offset: 8, message: "a string is not valid UTF-8")) {
            try bytes.withUnsafeBytes { bytes throws(VariableValue.JSONSyntaxError) in
                try VariableValue(parsingJSON: bytes)
            }
        }
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try VariableValue(parsingJSON: deep) }
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: VariableValue.JSONSyntaxError.self) { try VariableValue(parsingJSON: tooDeep) }
        // Hostile depth without closing brackets: an error, not a crash.
        #expect(throws: VariableValue.JSONSyntaxError.self) {
            try VariableValue(parsingJSON: String(repeating: "[{\"a\":", count: 100_000))
        }
    }

    /// `JSONDecoder`, which read responses before, reads the same values from them.
    @Test func agreesWithJSONDecoder() throws {
        let documents = [
            #"{"data":{"viewer":{"id":"VXNlcjox","name":"Ann \"A\" Lee","todos":{"edges":[{"cursor":"Y3Vyc29yOjA=","node":{"id":"1","complete":false,"text":"héllo 😀"}}],"pageInfo":{"hasNextPage":true,"endCursor":null}}}},"errors":[{"message":"x","path":["viewer",0],"extensions":{"code":1.5}}]}"#,
            #"[0, -1, 1e2, 0.1, 3.0, "\u00e9\n", [], {}, [[[]]], {"":""}]"#,
        ]
        for document in documents {
            let decoded = try JSONDecoder().decode(VariableValue.self, from: Data(document.utf8))
            #expect(try VariableValue(parsingJSON: document) == decoded, "\(document)")
        }
    }

    @Test func responsesThatAreNotJSONSayWhere() {
        #expect(
            throws: RelayError.invalidResponse("the response is not JSON: expected ':' after a member name at byte 8")
        ) {
            try VariableValue.parse(Data(#"{"data" null}"#.utf8))
        }
    }
}
