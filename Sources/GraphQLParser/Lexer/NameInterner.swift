/// Interns names so that equal names share one string buffer.
///
/// Names of up to 15 UTF-8 bytes are stored inline in Swift's `String` and need no interning;
/// longer ones are looked up in an open-addressing table keyed by an FNV-1a hash of their bytes.
struct NameInterner {
    private var slots = [Int32](repeating: -1, count: 256)
    private var hashes: [UInt32] = []
    private var strings: [String] = []

    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if text.count <= 15 {
            return String(decoding: text, as: UTF8.self)
        }
        var hash: UInt32 = 2_166_136_261
        for byte in text {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { break }
            if hashes[Int(entry)] == hash, strings[Int(entry)].utf8.elementsEqual(text) {
                return strings[Int(entry)]
            }
            slot = (slot + 1) & mask
        }
        let string = String(decoding: text, as: UTF8.self)
        slots[slot] = Int32(strings.count)
        hashes.append(hash)
        strings.append(string)
        if strings.count * 2 > slots.count { grow() }
        return string
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }
}
