import Synchronization

/// A 128-bit universally unique identifier, as Foundation's `UUID` (CallKit names calls by one).
///
/// Softphone carries its own so the phone stays small (no Foundation: DESIGN.md's memory budget)
/// and so that `UUID()` is deterministic: inside the simulated phone it draws from the phone's
/// seeded sequence, so a test can predict every call's UUID.
public struct UUID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 128 bits as two words: calls are looked up by UUID on every command, so it must hash
    /// and compare without touching the heap.
    private let high: UInt64
    private let low: UInt64

    /// The 16 bytes, most significant first.
    public var bytes: [UInt8] {
        (0..<16).map { i in UInt8(truncatingIfNeeded: (i < 8 ? high : low) >> UInt64(56 - 8 * (i % 8))) }
    }

    /// A fresh version-4 UUID: the next of the running phone's sequence (or, outside a phone,
    /// of a process-wide one).
    public init() {
        self = PhoneContext.withCurrent { $0.nextUUID() } ?? UUID.fallback.withLock { $0.next() }
    }

    /// Reads `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (either case); nil if it is not one.
    public init?(uuidString: String) {
        let hex = uuidString.utf8.filter { $0 != UInt8(ascii: "-") }
        let dashes = uuidString.utf8.enumerated().filter { $0.element == UInt8(ascii: "-") }.map(\.offset)
        guard hex.count == 32, dashes == [8, 13, 18, 23] else { return nil }
        var bytes: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex {
            guard let high = Hex.value(of: hex[i]), let low = Hex.value(of: hex[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
            i += 2
        }
        self.init(bytes: bytes)
    }

    /// A version-4 UUID from 128 random bits, given as two words.
    init(randomHigh: UInt64, randomLow: UInt64) {
        high = randomHigh & ~0xF000 | 0x4000  // version 4
        low = randomLow & ~(0xC000_0000_0000_0000 as UInt64) | 0x8000_0000_0000_0000  // RFC 4122 variant
    }

    private init(bytes: [UInt8]) {
        high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        low = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Upper-case 8-4-4-4-12, as Foundation prints it.
    public var uuidString: String {
        // Written straight into the string's own storage, a byte (two digits) at a time: every
        // reported call needs its text.
        String(unsafeUninitializedCapacity: 36) { text in
            var at = 0
            for byte in 0..<16 {
                if byte == 4 || byte == 6 || byte == 8 || byte == 10 {
                    text[at] = UInt8(ascii: "-")
                    at += 1
                }
                let value = UInt8(truncatingIfNeeded: (byte < 8 ? high : low) >> UInt64(56 - 8 * (byte & 7)))
                text[at] = Self.digit(value >> 4)
                text[at + 1] = Self.digit(value & 0xF)
                at += 2
            }
            return 36
        }
    }

    /// The upper-case hex digit of a nibble.
    @inline(__always)
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ nibble &- 10
    }

    public var description: String { uuidString }

    public static func < (a: UUID, b: UUID) -> Bool { (a.high, a.low) < (b.high, b.low) }

    // Hashing: calls and actions are looked up by UUID several times per command. The bits are
    // already random, so one mixed word does; `_rawHashValue(seed:)` is what `Dictionary` and
    // `Set` call, and answering it directly skips `Hasher`'s SipHash rounds.
    public func hash(into hasher: inout Hasher) { hasher.combine(mixed(seed: 0)) }
    public func _rawHashValue(seed: Int) -> Int { Int(truncatingIfNeeded: mixed(seed: UInt64(truncatingIfNeeded: seed))) }

    /// The 128 bits and the table's seed folded into one well-spread word (MurmurHash3's finaliser).
    @inline(__always)
    private func mixed(seed: UInt64) -> UInt64 {
        var z = high ^ (low &* 0x9E37_79B9_7F4A_7C15) ^ seed
        z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        z = (z ^ (z >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return z ^ (z >> 33)
    }

    /// Used only when no phone is running on this thread (a UUID made in a test's own code).
    private static let fallback = Mutex(CallUUIDGenerator(seed: 0x5EED))
}
