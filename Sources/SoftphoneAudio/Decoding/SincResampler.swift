import Glibc

/// Converts a stream of stereo frames from one sample rate to another with a Kaiser-windowed sinc
/// low-pass filter, evaluated polyphase from a table built once per conversion.
///
/// Why this filter: linear interpolation, the simple alternative, leaves images of an 8 kHz ringtone's
/// tone only about 34 dB down at 48 kHz and folds everything above 24 kHz straight back into the
/// audible band when downsampling. A windowed sinc with its cut-off at 0.9 × the lower Nyquist
/// frequency rejects both by about 90 dB, at or below the level of 16-bit quantization noise.
///
/// - The cut-off is 0.45 × the lower of the two rates (0.9 × its Nyquist frequency), so downsampling
///   does not alias and upsampling does not image; the top 10 % of the band is the transition.
/// - `zeroCrossings` (32 per side) and the Kaiser `beta` (9, about 90 dB of stopband attenuation)
///   make that transition about 0.08 × the lower rate wide: it starts at 0.41 and is over by 0.49, just
///   below Nyquist. Fewer crossings would widen it past Nyquist (letting near-Nyquist content alias);
///   more would cost time for nothing 16-bit output can show. Kaiser rather than Blackman because its
///   `beta` trades attenuation against width directly, so the two numbers above are the whole design.
/// - Time is tracked with exact integer arithmetic (output frame n sits at input position
///   n × inputRate / outputRate), so nothing drifts over a long file. When the reduced ratio has at
///   most `maximumPhases` phases (every common rate: 44.1 kHz → 48 kHz has 160, 11.025 kHz has 640) each
///   phase has its own exact row of taps; for odd rates (say 44 056 Hz) rows are tabulated at
///   1/1024-sample steps and interpolated linearly, an error near -120 dB.
/// - A ringtone loops, so the signal is treated as periodic: the first output frames are filtered with
///   the last input frames before them, and the last with the first after them. The loop seam is then
///   filtered like any other stretch of the file and adds no click. Those first frames can only be
///   computed once the input has ended, so `finish` returns them for the caller to put in front.
/// - Equal rates pass samples through untouched, bit for bit.
/// - Each tap row is scaled to sum to exactly 1, so DC (and full-scale DC) comes out exactly as it went in.
///
/// Cost: 2 × 72 multiply-adds per output frame when upsampling (longer when downsampling: the filter
/// spans the same time at the higher input rate). Memory: the tap table (at most about 1 MB, for odd
/// rates; 184 KB for 11.025 kHz), one chunk of input, and a few hundred frames of history.
struct SincResampler {
    /// One stereo frame: `x` is left, `y` is right.
    typealias Frame = SIMD2<Float>

    /// Zero crossings of the sinc on each side of its centre, within the window (see the type's comment).
    static let zeroCrossings = 32
    /// The Kaiser window's shape parameter; 9 gives about 90 dB of stopband attenuation.
    static let beta = 9.0
    /// The cut-off as a fraction of the lower rate: 0.9 × its Nyquist frequency.
    static let cutoff = 0.45
    /// The most phases tabulated exactly; beyond this, rows at 1/`maximumPhases` steps are interpolated.
    static let maximumPhases = 1024

    /// Input frames per step of the reduced ratio (input rate / gcd).
    private let inputStep: Int
    /// Output frames per step of the reduced ratio (output rate / gcd); also the phase denominator.
    private let outputStep: Int
    /// Taps each side of the output position: the filter reads input frames i - reach + 1 … i + reach.
    private let reach: Int
    /// The taps, `rows` rows of `2 * reach`; row r is the filter at fractional position r / `rowDenominator`.
    private let taps: [Float]
    /// The denominator of a row's fractional position: `outputStep` when exact, else `maximumPhases`.
    private let rowDenominator: Int
    /// Output frames at the start that need input from before frame 0 (the end of the file, as it loops).
    private let leadingFrames: Int
    /// Whether the rates are equal (samples pass through).
    private let passThrough: Bool

    /// Recent input frames; `history[0]` is input frame `historyStart`.
    private var history: [Frame] = []
    private var historyStart = 0
    /// The first frames of the input, which follow its last frames when the ringtone loops.
    private var head: [Frame] = []
    /// Input frames received so far.
    private var received = 0
    /// The next output frame `push` will emit.
    private var nextOutput: Int

    /// Makes a converter from `inputRate` to `outputRate` frames per second (both positive).
    init(from inputRate: Int, to outputRate: Int) {
        precondition(inputRate > 0 && outputRate > 0, "positive rates")
        let common = Self.greatestCommonDivisor(inputRate, outputRate)
        inputStep = inputRate / common
        outputStep = outputRate / common
        passThrough = inputRate == outputRate
        guard !passThrough else {
            reach = 0
            taps = []
            rowDenominator = 1
            leadingFrames = 0
            nextOutput = 0
            return
        }
        // Cut-off in cycles per input frame, and the window's half-width in input frames.
        let cutoff = Self.cutoff * Double(min(inputRate, outputRate)) / Double(inputRate)
        let halfWidth = Double(Self.zeroCrossings) / (2 * cutoff)
        reach = Int(halfWidth.rounded(.up))
        let exact = outputStep <= Self.maximumPhases
        rowDenominator = exact ? outputStep : Self.maximumPhases
        let rows = exact ? outputStep : Self.maximumPhases + 1  // the extra row closes the interpolation at 1
        taps = Self.makeTaps(
            rows: rows, denominator: rowDenominator, reach: reach, cutoff: cutoff, halfWidth: halfWidth)
        // Output n reads from input frame floor(n × inputStep / outputStep) - reach + 1, below 0 while
        // n × inputStep < (reach - 1) × outputStep.
        leadingFrames = ((reach - 1) * outputStep + inputStep - 1) / inputStep
        nextOutput = leadingFrames
        head.reserveCapacity(2 * reach)
    }

    /// The number of output frames `count` input frames become: round(count × outputRate / inputRate).
    func outputCount(forInputFrames count: Int) -> Int {
        (count * outputStep + inputStep / 2) / inputStep
    }

    /// Feeds input frames and emits, in order, every output frame that can now be computed.
    /// The first few output frames are not emitted here but returned by `finish` (see the type's comment).
    mutating func push(_ frames: UnsafeBufferPointer<Frame>, emit: (Frame) -> Void) {
        if passThrough {
            for frame in frames { emit(frame) }
            received += frames.count
            return
        }
        if head.count < 2 * reach {
            head.append(contentsOf: frames.prefix(2 * reach - head.count))
        }
        history.append(contentsOf: frames)
        received += frames.count
        while position(of: nextOutput).index + reach < received {
            emit(frame(at: position(of: nextOutput)))
            nextOutput += 1
        }
        // Keep what the next output needs, and at least the last 2 × reach frames (the frames before
        // the first output, which `finish` filters last).
        let keepFrom = min(position(of: nextOutput).index - reach + 1, received - 2 * reach)
        if keepFrom - historyStart > 4096 {  // drop in batches, so the shifting costs nothing
            history.removeFirst(keepFrom - historyStart)
            historyStart = keepFrom
        }
    }

    /// Emits the remaining output frames in order (those whose filter reaches past the end, which wraps
    /// to the start), and returns the first output frames, which the caller puts before everything
    /// emitted so far. The total is `outputCount(forInputFrames:)` of the frames pushed.
    mutating func finish(emit: (Frame) -> Void) -> [Frame] {
        guard !passThrough, received > 0 else { return [] }
        let count = received
        let total = outputCount(forInputFrames: count)
        // The first outputs are computed `periods` loops later, where the frames before them exist,
        // as a continuation of the head after the end; `periods` loops put that past `reach`.
        let periods = max(1, (reach + count - 1) / count)
        let leading = min(leadingFrames, total)
        var needed = total > nextOutput ? position(of: total - 1).index + reach : 0
        if leading > 0 {
            needed = max(needed, position(of: leading - 1, loops: periods, of: count).index + reach)
        }
        var continuation = received
        while continuation <= needed {
            history.append(head[(continuation - count) % count])
            continuation += 1
        }
        while nextOutput < total {
            emit(frame(at: position(of: nextOutput)))
            nextOutput += 1
        }
        return (0..<leading).map { frame(at: position(of: $0, loops: periods, of: count)) }
    }

    /// Where output frame `n` falls in the input, `loops` × `count` frames later: the input frame at or
    /// before it, and the phase between that frame and the next, in units of 1 / `outputStep`.
    private func position(of n: Int, loops: Int = 0, of count: Int = 0) -> (index: Int, phase: Int) {
        let numerator = n * inputStep
        return (numerator / outputStep + loops * count, numerator % outputStep)
    }

    /// The filtered frame at a position: a dot product of 2 × `reach` input frames with one row of taps
    /// (or, for odd rates, a blend of the two nearest rows).
    private func frame(at position: (index: Int, phase: Int)) -> Frame {
        let width = 2 * reach
        let first = position.index - reach + 1 - historyStart
        return history.withUnsafeBufferPointer { input in
            taps.withUnsafeBufferPointer { taps in
                let frames = UnsafeBufferPointer(rebasing: input[first..<(first + width)])
                if rowDenominator == outputStep {
                    return Self.dot(frames, UnsafeBufferPointer(rebasing: taps[(position.phase * width)...]))
                }
                let scaled = position.phase * rowDenominator
                let row = scaled / outputStep
                let blend = Float(scaled % outputStep) / Float(outputStep)
                let below = Self.dot(frames, UnsafeBufferPointer(rebasing: taps[(row * width)...]))
                let above = Self.dot(frames, UnsafeBufferPointer(rebasing: taps[((row + 1) * width)...]))
                return below + (above - below) * blend
            }
        }
    }

    /// Σ frames[k] × taps[k] over the frames, both channels at once.
    private static func dot(_ frames: UnsafeBufferPointer<Frame>, _ taps: UnsafeBufferPointer<Float>) -> Frame {
        // Four accumulators let the multiply-adds overlap instead of waiting on one another.
        var sums = (Frame(), Frame(), Frame(), Frame())
        var k = 0
        let count = frames.count
        while k + 4 <= count {
            sums.0 += frames[k] * taps[k]
            sums.1 += frames[k + 1] * taps[k + 1]
            sums.2 += frames[k + 2] * taps[k + 2]
            sums.3 += frames[k + 3] * taps[k + 3]
            k += 4
        }
        while k < count {
            sums.0 += frames[k] * taps[k]
            k += 1
        }
        return (sums.0 + sums.1) + (sums.2 + sums.3)
    }

    /// Row r holds the filter at input offsets (r / denominator) - j for j = -reach + 1 … reach, i.e. the
    /// weight of input frame i + j for an output between frames i and i + 1. Each row sums to 1.
    private static func makeTaps(
        rows: Int, denominator: Int, reach: Int, cutoff: Double, halfWidth: Double
    ) -> [Float] {
        let width = 2 * reach
        let windowScale = 1 / besselI0(beta)
        var taps = [Float](repeating: 0, count: rows * width)
        var row = [Double](repeating: 0, count: width)
        for r in 0..<rows {
            let fraction = Double(r) / Double(denominator)
            var sum = 0.0
            for k in 0..<width {
                let offset = fraction - Double(k - reach + 1)  // output position minus input position
                let ratio = offset / halfWidth
                guard abs(ratio) < 1 else {
                    row[k] = 0
                    continue
                }
                let window = besselI0(beta * (1 - ratio * ratio).squareRoot()) * windowScale
                let weight = 2 * cutoff * sinc(2 * cutoff * offset) * window
                row[k] = weight
                sum += weight
            }
            for k in 0..<width { taps[r * width + k] = Float(row[k] / sum) }
        }
        return taps
    }

    /// sin(πx) / (πx), and 1 at 0.
    private static func sinc(_ x: Double) -> Double {
        guard x != 0 else { return 1 }
        let angle = Double.pi * x
        return sin(angle) / angle
    }

    /// The modified Bessel function of the first kind, order 0, by its power series (the Kaiser window).
    private static func besselI0(_ x: Double) -> Double {
        var term = 1.0
        var sum = 1.0
        var k = 1.0
        let quarterSquare = x * x / 4
        while term > 1e-17 * sum {
            term *= quarterSquare / (k * k)
            sum += term
            k += 1
        }
        return sum
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
