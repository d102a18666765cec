import Glibc

/// Plays a `Tone`: renders its frequencies, gated by its cadence, at 48 kHz into a caller's buffer.
///
/// Sample-exact and allocation-free after `init`, so the audio thread can call it once per period:
/// the cadence is counted in frames (1 ms = 48 frames exactly), and each frequency's phase is an
/// integer count of 1/48000ths of a cycle, so a tone never drifts from its cadence or its pitch.
/// Each burst fades in and out over a short raised-cosine ramp, so it starts and stops without a click.
public struct ToneGenerator: Sendable {
    /// The rate tones are rendered at: the engine's.
    public static let sampleRate = Ringtone.sampleRate
    /// The fade at each edge of a burst: 5 ms, short enough to keep a 100 ms DTMF burst crisp.
    public static let fadeMilliseconds = 5
    /// The loudest sample, as a fraction of full scale: 0.5 (-6 dBFS), the same as the classic ring.
    public static let peak = 0.5

    /// One step of the cadence, in frames from the start of a repetition.
    struct Segment: Equatable {
        var start: Int
        var end: Int
        var isOn: Bool
        /// Frames of fade at each end: the full ramp, or half the step if it is shorter.
        var rampFrames: Int

        var length: Int { end - start }
    }

    /// The tone being played.
    public let tone: Tone
    /// The next frame `render` produces, counted from the tone's start.
    public private(set) var frame: Int64 = 0
    /// Whether a tone that plays once has finished (everything rendered from now on is silence).
    public var isFinished: Bool { !tone.repeats && frame >= Int64(periodFrames) }

    /// The cadence in frames.
    let segments: [Segment]
    /// Frames in one repetition of the cadence.
    let periodFrames: Int
    /// The fade-in gains, rising from near 0 to near 1 (`rampFrames` of the longest ramp).
    private let ramp: [Float]
    /// Each frequency's peak, in Int16 units: `peak` shared equally between them.
    private let amplitude: Float
    /// Phase steps per frame of the two frequencies, in 1/48000ths of a cycle (the second is 0 for one tone).
    private let increments: (Int, Int)
    /// Whether the second frequency sounds.
    private let hasSecond: Bool

    /// The cursor: phases, the current segment and the offset into it.
    private var phases = (0, 0)
    private var segmentIndex = 0
    private var intoSegment = 0

    /// One cycle of a sine at 1/48000-cycle steps, shared by every generator (188 KB, made on first use).
    private static let sine: [Float] = (0..<sampleRate).map { Float(sin(2 * Double.pi * Double($0) / Double(sampleRate))) }

    /// Prepares `tone` with the cursor at its first frame.
    public init(tone: Tone) {
        let framesPerMillisecond = Self.sampleRate / 1000
        let fadeFrames = Self.fadeMilliseconds * framesPerMillisecond
        var segments: [Segment] = []
        var start = 0
        for step in tone.cadence {
            let end = start + step.milliseconds * framesPerMillisecond
            segments.append(Segment(start: start, end: end, isOn: step.isOn, rampFrames: min(fadeFrames, (end - start) / 2)))
            start = end
        }
        self.tone = tone
        self.segments = segments
        self.periodFrames = start
        self.ramp = (0..<fadeFrames).map { index in
            Float(0.5 - 0.5 * cos(Double.pi * (Double(index) + 0.5) / Double(fadeFrames)))
        }
        self.amplitude = Float(Self.peak * 32767 / Double(tone.frequencies.count))
        self.increments = (tone.frequencies[0], tone.frequencies.count > 1 ? tone.frequencies[1] : 0)
        self.hasSecond = tone.frequencies.count > 1
    }

    /// Moves the cursor to `frame` frames after the tone's start, as if that much had been rendered.
    public mutating func seek(toFrame frame: Int64) {
        self.frame = max(0, frame)
        let cycle = Int(self.frame % Int64(Self.sampleRate))  // f × frame mod rate, without overflow
        phases = ((increments.0 * cycle) % Self.sampleRate, (increments.1 * cycle) % Self.sampleRate)
        let position = tone.repeats ? Int(self.frame % Int64(periodFrames)) : Int(min(self.frame, Int64(periodFrames - 1)))
        segmentIndex = segments.firstIndex { position < $0.end } ?? 0
        intoSegment = position - segments[segmentIndex].start
    }

    /// Writes the next `frames` frames to the start of `output`, the same sample on each of `channels`
    /// interleaved channels (stereo by default, the engine's layout), and advances the cursor.
    public mutating func render(into output: UnsafeMutableBufferPointer<Int16>, frames: Int, channels: Int = Ringtone.channels) {
        precondition(channels >= 1 && frames >= 0 && output.count >= frames * channels, "output buffer too small")
        var done = 0
        Self.sine.withUnsafeBufferPointer { sine in
            ramp.withUnsafeBufferPointer { ramp in
                segments.withUnsafeBufferPointer { segments in
                    var segment = segments[segmentIndex]
                    while done < frames && !isFinished {
                        var sample: Int16 = 0
                        if segment.isOn {
                            var value = sine[phases.0]
                            if hasSecond { value += sine[phases.1] }
                            var gain: Float = 1
                            let fromEdge = min(intoSegment, segment.length - 1 - intoSegment)
                            if fromEdge < segment.rampFrames { gain = ramp[fromEdge * ramp.count / segment.rampFrames] }
                            sample = Int16((value * amplitude * gain).rounded())
                        }
                        for channel in 0..<channels { output[done * channels + channel] = sample }
                        done += 1
                        frame += 1
                        phases.0 += increments.0
                        if phases.0 >= Self.sampleRate { phases.0 -= Self.sampleRate }
                        phases.1 += increments.1
                        if phases.1 >= Self.sampleRate { phases.1 -= Self.sampleRate }
                        intoSegment += 1
                        if intoSegment == segment.length {
                            intoSegment = 0
                            segmentIndex = segmentIndex + 1 == segments.count ? 0 : segmentIndex + 1
                            segment = segments[segmentIndex]
                        }
                    }
                }
            }
        }
        if done < frames {  // a finished one-shot tone: silence, and the cursor keeps counting
            for index in (done * channels)..<(frames * channels) { output[index] = 0 }
            frame += Int64(frames - done)
        }
    }

    /// The next `frames` frames as a new array (for `softphone play` and tests; the audio thread uses
    /// `render(into:frames:channels:)`, which does not allocate).
    public mutating func render(frames: Int, channels: Int = Ringtone.channels) -> [Int16] {
        var output = [Int16](repeating: 0, count: frames * channels)
        output.withUnsafeMutableBufferPointer { render(into: $0, frames: frames, channels: channels) }
        return output
    }

    /// The cadence's gain at `frame`: 0 in off steps (and after a one-shot tone), 1 in on steps, between
    /// on the edge ramps. For tests that check the cadence to the frame.
    func gain(atFrame frame: Int64) -> Float {
        guard frame >= 0, tone.repeats || frame < Int64(periodFrames) else { return 0 }
        let position = Int(frame % Int64(periodFrames))
        guard let segment = segments.first(where: { position < $0.end }), segment.isOn else { return 0 }
        let offset = position - segment.start
        let fromEdge = min(offset, segment.length - 1 - offset)
        return fromEdge < segment.rampFrames ? ramp[fromEdge * ramp.count / segment.rampFrames] : 1
    }
}
