#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Gives each distinct name of a document a small integer and makes its string once.
///
/// Names repeat a lot: a document of 50,000 names has a few thousand distinct ones. A name is
/// keyed by a hash of its bytes and compared with its first occurrence in the source, so a
/// repeated name costs a hash and a compare, never a string.
struct NameInterner {
    private var slots = [Int32](repeating: -1, count: 1024)
    private var hashes: [UInt32] = []
    /// Where each name first occurs in the source, and its length.
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private(set) var strings: [String] = []

    /// The index of the name at `start..<end` of `bytes` (which must not be empty).
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt32 {
        guard let base = bytes.baseAddress else { return 0 }
        let length = end - start
        let hash = Self.hash(base, start, end, limit: bytes.count)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { break }
            if hashes[entry] == hash, lengths[entry] == length,
                Self.equal(base, starts[entry], start, length, limit: bytes.count)
            {
                return UInt32(truncatingIfNeeded: entry)
            }
            slot = (slot + 1) & mask
        }
        let index = strings.count
        slots[slot] = Int32(truncatingIfNeeded: index)
        hashes.append(hash)
        starts.append(start)
        lengths.append(length)
        strings.append(String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self))
        if strings.count * 2 > slots.count { grow() }
        return UInt32(truncatingIfNeeded: index)
    }

    /// Hashes eight bytes at a time. `limit` is the buffer's size: a word that would read past
    /// it is assembled byte by byte.
    @inline(__always)
    private static func hash(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, limit: Int) -> UInt32 {
        var hash = UInt64(truncatingIfNeeded: end - start) &* 0x9E37_79B9_7F4A_7C15
        var index = start
        while index < end {
            let remaining = end - index
            var word: UInt64
            if index + 8 <= limit {
                word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if remaining < 8 { word &= (1 << (UInt64(remaining) * 8)) - 1 }
            } else {
                word = 0
                for offset in 0..<min(remaining, 8) {
                    word |= UInt64(base[index + offset]) << (UInt64(offset) * 8)
                }
            }
            hash = (hash ^ word) &* 0xC2B2_AE3D_27D4_EB4F
            hash ^= hash >> 29
            index += 8
        }
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// Compares two runs of `length` bytes in one buffer, a word at a time where both words
    /// lie inside it.
    @inline(__always)
    private static func equal(_ base: UnsafePointer<UInt8>, _ lhs: Int, _ rhs: Int, _ length: Int, limit: Int) -> Bool {
        var offset = 0
        while offset + 8 <= length {
            if UnsafeRawPointer(base + lhs + offset).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(base + rhs + offset).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        let remaining = length - offset
        guard remaining > 0 else { return true }
        if max(lhs, rhs) + offset + 8 <= limit {
            let mask: UInt64 = (1 << (UInt64(remaining) * 8)) - 1
            return UnsafeRawPointer(base + lhs + offset).loadUnaligned(as: UInt64.self) & mask
                == UnsafeRawPointer(base + rhs + offset).loadUnaligned(as: UInt64.self) & mask
        }
        return memcmp(base + lhs + offset, base + rhs + offset, remaining) == 0
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index)
        }
    }
}
