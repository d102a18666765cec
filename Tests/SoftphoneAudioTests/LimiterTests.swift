import Glibc
@testable import SoftphoneAudio
import Testing

@Suite("Limiter: sounds over one another never clip")
struct LimiterTests {
    /// One chunk of `frames` stereo frames through `limiter`.
    static func apply(_ limiter: inout Limiter, _ mix: [Int32]) -> [Int16] {
        var output = [Int16](repeating: 0, count: mix.count)
        mix.withUnsafeBufferPointer { mix in
            output.withUnsafeMutableBufferPointer { limiter.apply(mix, into: $0, count: mix.count) }
        }
        return output
    }

    /// A 1 kHz sine at `amplitude`, `frames` stereo frames.
    static func sine(amplitude: Double, frames: Int) -> [Int32] {
        (0..<frames).flatMap { frame -> [Int32] in
            let value = Int32((amplitude * sin(2 * Double.pi * 1_000 * Double(frame) / 48_000)).rounded())
            return [value, value]
        }
    }

    @Test("what fits passes bit for bit")
    func quietPassesUnchanged() {
        var limiter = Limiter()
        let mix = Self.sine(amplitude: 32_767, frames: 2_400)
        #expect(Self.apply(&limiter, mix) == mix.map { Int16($0) })
        #expect(limiter.gain == 1)
    }

    @Test("a chunk twice too loud is halved, its peak just in range and its shape kept; quiet chunks after it come back to unity within 250 ms, then bit for bit")
    func loudChunkTurnedDownThenReleased() {
        var limiter = Limiter()
        let loud = Self.sine(amplitude: 65_534, frames: 2_400)
        let out = Self.apply(&limiter, loud)
        #expect(out.map { abs(Int32($0)) }.max() == 32_767)
        #expect(zip(out, loud).allSatisfy { abs(Int32($0) * 2 - $1) <= 2 }, "the same wave at half: no flattened tops")
        let quiet = Self.sine(amplitude: 10_000, frames: 2_400)  // 50 ms chunks
        var chunks = 0
        while limiter.gain < 1 && chunks < 100 {
            let turned = Self.apply(&limiter, quiet)
            #expect(zip(turned, quiet).allSatisfy { abs(Int32($0)) <= abs($1) })
            chunks += 1
        }
        #expect(chunks <= 5, "back to unity in \(chunks * 50) ms")
        #expect(Self.apply(&limiter, quiet) == quiet.map { Int16($0) })
    }
}
