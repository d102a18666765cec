/// Whether bytes are UTF-8 as RFC 3629 defines it, the only encoding RFC 8259 allows JSON in:
/// no overlong forms (`C0 AF` for `/`), no surrogates (`ED A0 80`), nothing past U+10FFFF, no
/// sequence cut short. Text that is not would otherwise be read with U+FFFD in place of its bytes,
/// and a caller shown as `���`.
public enum UTF8Check {
    /// The offset of the first byte that does not begin or continue a well-formed sequence; nil
    /// when every byte does.
    public static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var at = 0
        while at < bytes.count {
            let lead = bytes[at]
            if lead < 0x80 {
                at += 1
                continue
            }
            // The lead byte gives the length and the range of the second byte; later bytes are
            // 80–BF (RFC 3629, section 4).
            let length: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return at
            }
            guard at + 1 < bytes.count, second.contains(bytes[at + 1]) else { return at }
            for next in (at + 2)..<(at + length) {
                guard next < bytes.count, (0x80...0xBF).contains(bytes[next]) else { return at }
            }
            at += length
        }
        return nil
    }

    /// The same for an array's bytes.
    public static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
    }
}
