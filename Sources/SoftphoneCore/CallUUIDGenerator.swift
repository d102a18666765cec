/// Makes version-4 call UUIDs from a seed, deterministically, so the core stays pure and a
/// test can predict every UUID. The shell seeds it from the system's random source.
public struct CallUUIDGenerator: Equatable, Hashable, Sendable {
    private var state: UInt64

    /// Makes a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// SplitMix64: a tiny, well-mixed generator; quality enough for unique ids.
    private mutating func next64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next UUID, upper-case 8-4-4-4-12 as Foundation's `uuidString` prints it.
    public mutating func next() -> String {
        var bytes: [UInt8] = []
        for word in [next64(), next64()] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        let hex = Hex.string(bytes, uppercase: true)
        let cuts = [8, 12, 16, 20]
        var out = ""
        for (i, ch) in hex.enumerated() {
            if cuts.contains(i) { out.append("-") }
            out.append(ch)
        }
        return out
    }
}

/// Hexadecimal text for bytes, two digits a byte, as servers expect push tokens (iOS rule 2).
public enum Hex {
    /// `bytes` as hex digits, two per byte.
    public static func string(_ bytes: [UInt8], uppercase: Bool = false) -> String {
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
