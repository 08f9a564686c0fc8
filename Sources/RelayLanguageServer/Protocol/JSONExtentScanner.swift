/// Follows a JSON value byte by byte to where it ends (its closing bracket at depth zero) or
/// stops being JSON (a byte no JSON value has there), resumably, so a body is scanned once
/// however it arrives.
struct JSONExtentScanner {
    enum State: Equatable {
        case reading
        /// The value ended before this offset.
        case ended(Int)
        /// The byte at this offset cannot be part of the value.
        case invalid(Int)
    }

    var position = 0
    var depth = 0
    var inString = false
    var escaped = false
    var started = false
    var state = State.reading

    mutating func shift(by offset: Int) {
        position -= offset
        switch state {
        case .reading: break
        case .ended(let end): state = .ended(end - offset)
        case .invalid(let end): state = .invalid(end - offset)
        }
    }

    mutating func advance<Bytes: RandomAccessCollection<UInt8>>(over bytes: Bytes, upTo end: Int)
    where Bytes.Index == Int {
        while position < end, case .reading = state {
            let byte = bytes[position]
            defer { position += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte < 0x20 {
                    state = .invalid(position)  // a raw control character ends any JSON string
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if !started && byte != UInt8(ascii: "{") {
                    state = .invalid(position)
                    continue
                }
                started = true
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else {
                    state = .invalid(position)
                    continue
                }
                depth -= 1
                if depth == 0 { state = .ended(position + 1) }
            case UInt8(ascii: "\""):
                guard started else {
                    state = .invalid(position)
                    continue
                }
                inString = true
            case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "E"):
                // Numbers, true, false, null (lowercase letters) and punctuation.
                if !started { state = .invalid(position) }
            default:
                state = .invalid(position)
            }
        }
    }
}
