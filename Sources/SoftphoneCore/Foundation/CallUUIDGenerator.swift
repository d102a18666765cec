/// Makes version-4 UUIDs from a seed, deterministically, so the core stays pure and a test can
/// predict every UUID. The shell seeds it from the system's random source.
public struct CallUUIDGenerator: Equatable, Hashable, Sendable {
    private var state: UInt64

    /// Makes a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// SplitMix64: a tiny, well-mixed generator; quality enough for unique ids and push tokens.
    public mutating func next64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A draw in [0, 1): the top 53 bits of the next word, all a Double's mantissa holds exactly.
    public mutating func nextFraction() -> Double {
        Double(next64() >> 11) / Double(UInt64(1) << 53)
    }

    /// `count` bytes from the sequence.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count + 8)
        while out.count < count {
            let word = next64()
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Array(out.prefix(count))
    }

    /// The next UUID.
    public mutating func next() -> UUID {
        let high = next64()
        return UUID(randomHigh: high, randomLow: next64())
    }
}
