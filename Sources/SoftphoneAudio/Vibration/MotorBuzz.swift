import Glibc
import SoftphoneCore

/// The audible vibration motor: a low, rough, harmonically rich buzz gated by a `VibrationPattern`.
///
/// The gate is measured in frames from ring start (1 ms = 48 frames exactly), so over any length of
/// ringing the buzz never drifts from the on-screen indicator driven by the same pattern. Each edge
/// has a short raised-cosine ramp so the motor starts and stops without clicks. The voice keeps a
/// cursor and works in integers, so producing a sample costs a few comparisons and no division.
struct MotorBuzz {
    /// The motor's fundamental: 160 Hz, which is exactly 300 frames at 48 kHz.
    static let frequency = 160.0
    /// A slower wobble that makes the buzz sound mechanical rather than electronic.
    static let rattleFrequency = 30.0
    /// Frames in the precomputed waveform: 0.1 s holds whole cycles of both frequencies, so it loops cleanly.
    static let tableFrames = 4800
    /// The buzz's peak as a fraction of full scale (about -15 dBFS): present but under the ringtone.
    static let peak = 0.18
    /// The fade at each edge of a motor-on step.
    static let rampMilliseconds = 4

    /// One stretch of the pattern with the motor on or off, in frames from the start of a repetition.
    struct Segment: Equatable {
        var start: Int64
        var end: Int64
        var isOn: Bool
        /// Frames of fade at each end: the full ramp, or half the segment if it is shorter.
        var rampFrames: Int64 = 0

        var length: Int64 { end - start }
    }

    /// Frames per millisecond at the engine's rate.
    private static let framesPerMillisecond = Int64(Ringtone.sampleRate / 1000)

    /// The pattern as merged on/off stretches (adjacent steps with the same state become one).
    let segments: [Segment]
    /// Frames in one repetition of the pattern.
    let periodFrames: Int64
    /// One loop of the sound, in Int16 units (held as Int32 so mixing needs no conversion).
    private let waveform: [Int32]
    /// The raised-cosine fade-in, as gains in 1/32768ths (fixed point: no float rounding per sample).
    private let ramp: [Int32]

    /// The cursor: the next frame `next()` produces, its segment, the offset into it and into the waveform.
    private(set) var frame: Int64 = 0
    private var segmentIndex = 0
    private var segment: Segment
    private var intoSegment: Int64 = 0
    private var waveformIndex = 0

    /// Prepares the waveform and the gate for `pattern`, with the cursor at frame 0.
    init(pattern: VibrationPattern) {
        let rampFrames = Self.rampMilliseconds * Int(Self.framesPerMillisecond)
        var segments: [Segment] = []
        var start: Int64 = 0
        for step in pattern.steps {
            let end = start + step.milliseconds * Self.framesPerMillisecond
            if let last = segments.last, last.isOn == step.isOn {
                segments[segments.count - 1].end = end
            } else {
                segments.append(Segment(start: start, end: end, isOn: step.isOn))
            }
            start = end
        }
        for index in segments.indices {
            segments[index].rampFrames = min(Int64(rampFrames), segments[index].length / 2)
        }
        self.segments = segments
        self.segment = segments[0]
        self.periodFrames = pattern.periodMilliseconds * Self.framesPerMillisecond
        self.waveform = Self.makeWaveform()
        self.ramp = (0..<rampFrames).map { index in
            Int32((32768 * (0.5 - 0.5 * cos(Double.pi * (Double(index) + 0.5) / Double(rampFrames)))).rounded())
        }
    }

    /// Moves the cursor to `frame` frames after ring start.
    mutating func seek(toFrame frame: Int64) {
        self.frame = frame
        waveformIndex = Int(frame % Int64(Self.tableFrames))
        let position = frame % periodFrames
        segmentIndex = segments.firstIndex { position < $0.end } ?? 0
        segment = segments[segmentIndex]
        intoSegment = position - segment.start
    }

    /// Whether the motor is on at the cursor (on, or fading in or out).
    var isOn: Bool { segment.isOn }

    /// Frames from the cursor to the end of its on or off stretch.
    var framesLeftInSegment: Int64 { segment.length - intoSegment }

    /// The buzz at the cursor, in Int16 units (exactly 0 whenever the motor is off); then advances.
    mutating func next() -> Int32 {
        let value = segment.isOn ? gated(waveform[waveformIndex], in: segment, at: intoSegment) : 0
        frame += 1
        intoSegment += 1
        if intoSegment == segment.length {
            intoSegment = 0
            segmentIndex = segmentIndex + 1 == segments.count ? 0 : segmentIndex + 1
            segment = segments[segmentIndex]
        }
        waveformIndex = waveformIndex + 1 == Self.tableFrames ? 0 : waveformIndex + 1
        return value
    }

    /// The next `output.count` values of `next()`, written in stretches: the steady middle of an
    /// on-step is a copy of the waveform, an off-step zeros; only the edge ramps go frame by frame.
    mutating func render(into output: UnsafeMutableBufferPointer<Int32>) {
        var done = 0
        while done < output.count {
            let run = min(output.count - done, Int(framesLeftInSegment))
            if !segment.isOn {
                UnsafeMutableBufferPointer(rebasing: output[done..<(done + run)]).update(repeating: 0)
                seek(toFrame: frame + Int64(run))
                done += run
                continue
            }
            let steadyFrom = segment.rampFrames
            let steadyTo = segment.length - segment.rampFrames
            if intoSegment >= steadyFrom && intoSegment < steadyTo {
                // Up to the fade-out or the end of the table, whichever comes first.
                let steady = min(run, Int(steadyTo - intoSegment), Self.tableFrames - waveformIndex)
                waveform.withUnsafeBufferPointer { table in
                    let source = UnsafeBufferPointer(rebasing: table[waveformIndex..<(waveformIndex + steady)])
                    _ = UnsafeMutableBufferPointer(rebasing: output[done..<(done + steady)]).update(fromContentsOf: source)
                }
                seek(toFrame: frame + Int64(steady))
                done += steady
            } else {
                output[done] = next()
                done += 1
            }
        }
    }

    /// The gate at any `frame`: 0 while the motor is off (or before ringing), 1 while on, in between on
    /// the edge ramps. Note: a pattern that is on at both its end and its start dips briefly at the wrap.
    func gain(atFrame frame: Int64) -> Float {
        guard frame >= 0 else { return 0 }
        let position = frame % periodFrames
        guard let segment = segments.first(where: { position < $0.end }), segment.isOn else { return 0 }
        return Float(gated(32768, in: segment, at: position - segment.start)) / 32768
    }

    /// `sample` scaled by the gate `offset` frames into an on-segment.
    private func gated(_ sample: Int32, in segment: Segment, at offset: Int64) -> Int32 {
        let fromEdge = min(offset, segment.length - 1 - offset)
        guard fromEdge < segment.rampFrames else { return sample }
        return (sample * ramp[Int(fromEdge * Int64(ramp.count) / segment.rampFrames)]) >> 15
    }

    /// A rough motor sound: a 160 Hz fundamental with twelve harmonics at fixed odd phases, an 80 Hz
    /// undertone, a 30 Hz rattle, and soft clipping for grit; normalized to `peak`.
    private static func makeWaveform() -> [Int32] {
        let rate = Double(Ringtone.sampleRate)
        var raw = (0..<tableFrames).map { index -> Double in
            let time = Double(index) / rate
            var value = 0.35 * sin(2 * Double.pi * frequency / 2 * time)
            for harmonic in 1...12 {
                let phase = Double(harmonic * harmonic) * 0.7
                value += sin(2 * Double.pi * frequency * Double(harmonic) * time + phase) / pow(Double(harmonic), 0.8)
            }
            let rattle = 1 + 0.35 * sin(2 * Double.pi * rattleFrequency * time)
            return tanh(1.5 * value * rattle)
        }
        let loudest = raw.reduce(0) { max($0, abs($1)) }
        let scale = loudest > 0 ? peak * 32767 / loudest : 0
        for index in raw.indices { raw[index] *= scale }
        return raw.map { Int32($0.rounded()) }
    }
}
