import SoftphoneCore

/// The UUIDs of `apns-id`: 8-4-4-4-12 hex digits.
public enum APNsUUID {
    /// Whether `text` is a UUID in its canonical form (either case), as APNs requires of `apns-id`.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (i, b) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard b == UInt8(ascii: "-") else { return false }
            } else if !isHexDigit(b) {
                return false
            }
        }
        return true
    }

    /// A new random (version 4) UUID in upper case, as APNs makes them, from the system's
    /// generator (one getrandom() call per draw).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A new random (version 4) UUID in upper case, from `generator`. Written straight into the
    /// string's storage: an endpoint makes one for nearly every request.
    public static func random(using generator: inout some RandomNumberGenerator) -> String {
        var (high, low) = (generator.next(), generator.next())
        high = (high & ~(0xF0 << 48)) | (0x40 << 48)  // byte 6: version 4
        low = (low & ~0xC0) | 0x80  // byte 8: the RFC 4122 variant
        return String(unsafeUninitializedCapacity: 36) { out in
            let digits: StaticString = "0123456789ABCDEF"
            var at = 0
            for i in 0..<16 {
                if i == 4 || i == 6 || i == 8 || i == 10 {
                    out[at] = UInt8(ascii: "-")
                    at += 1
                }
                let byte = UInt8(truncatingIfNeeded: (i < 8 ? high : low) >> (UInt64(i % 8) * 8))
                out[at] = digits.utf8Start[Int(byte >> 4)]
                out[at + 1] = digits.utf8Start[Int(byte & 0x0F)]
                at += 2
            }
            return at
        }
    }

    /// The ids of one connection's requests: seeded once from the system, then drawn in user
    /// space (the core's generator of call UUIDs), so a busy connection does not make two system
    /// calls per request for its ids.
    struct Source: RandomNumberGenerator {
        private var generator: CallUUIDGenerator

        init() {
            var system = SystemRandomNumberGenerator()
            generator = CallUUIDGenerator(seed: system.next())
        }

        mutating func next() -> UInt64 {
            generator.next64()
        }

        /// The next id.
        mutating func uuid() -> String {
            APNsUUID.random(using: &self)
        }
    }

    private static func isHexDigit(_ b: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(b)
    }
}
