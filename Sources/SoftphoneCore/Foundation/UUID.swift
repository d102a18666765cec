// Without the Foundation trait only: with it, Foundation's own (FoundationTrait.swift).
#if !SOFTPHONE_FOUNDATION
/// A 128-bit universally unique identifier, as Foundation's `UUID` (CallKit names calls by one).
///
/// Softphone carries its own so the phone stays small (no Foundation: the memory budget is 12 MB while ringing)
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
        // Written straight into the string's own storage, eight digits worked out at once and
        // stored four or eight at a time (unaligned little-endian stores of the ASCII bytes, the
        // first digit in the lowest byte): every reported call needs its text.
        String(unsafeUninitializedCapacity: 36) { text in
            let bytes = UnsafeMutableRawBufferPointer(text)
            let first = Self.hexDigits(UInt32(truncatingIfNeeded: high >> 32)), second = Self.hexDigits(UInt32(truncatingIfNeeded: high))
            let third = Self.hexDigits(UInt32(truncatingIfNeeded: low >> 32)), fourth = Self.hexDigits(UInt32(truncatingIfNeeded: low))
            let dash = UInt8(ascii: "-")
            bytes.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt64.self)
            bytes[8] = dash
            bytes.storeBytes(of: UInt32(truncatingIfNeeded: second).littleEndian, toByteOffset: 9, as: UInt32.self)
            bytes[13] = dash
            bytes.storeBytes(of: UInt32(truncatingIfNeeded: second >> 32).littleEndian, toByteOffset: 14, as: UInt32.self)
            bytes[18] = dash
            bytes.storeBytes(of: UInt32(truncatingIfNeeded: third).littleEndian, toByteOffset: 19, as: UInt32.self)
            bytes[23] = dash
            bytes.storeBytes(of: UInt32(truncatingIfNeeded: third >> 32).littleEndian, toByteOffset: 24, as: UInt32.self)
            bytes.storeBytes(of: fourth.littleEndian, toByteOffset: 28, as: UInt64.self)
            return 36
        }
    }

    /// The eight upper-case hex digits of `word` as ASCII, one per byte, the first in the lowest
    /// byte. All eight are worked out together (one nibble per byte, then `'0' + n`, plus 7
    /// past 9 to reach `'A'`), instead of a shift, test and add per digit.
    private static func hexDigits(_ word: UInt32) -> UInt64 {
        // Spread the nibbles out, nibble k (from the least significant) into byte k.
        var n = UInt64(word)
        n = (n | n << 16) & 0x0000_FFFF_0000_FFFF
        n = (n | n << 8) & 0x00FF_00FF_00FF_00FF
        n = (n | n << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // 1 in each byte whose nibble is 10 or more (n + 6 reaches 16), else 0. No byte carries
        // into the next: each stays below 0x80.
        let letters = ((n &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        let ascii = n &+ 0x3030_3030_3030_3030 &+ letters &* 7
        // The most significant digit first.
        return ascii.byteSwapped
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
    private static let fallback = Locked(CallUUIDGenerator(seed: 0x5EED))
}
#endif
