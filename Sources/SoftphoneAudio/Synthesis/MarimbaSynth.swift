import Glibc

/// The marimba sounds: the notification-extension's `incoming.wav` and the default ringtone
/// `marimba.wav`, an iPhone-like marimba phrase, synthesized.
///
/// A push with sound `incoming.wav` plays this once and the extension vibrates until it ends, so it is
/// long (24 s: eight 3 s phrases) but under the 30 s iOS allows a notification sound (iOS rule 42).
/// Each note is a struck bar: a fundamental with the 4th and 10th partials a marimba bar is tuned to,
/// each dying away faster than the one below, after a 3 ms attack so no note clicks in.
public enum MarimbaSynth {
    /// The file's rate: 22.05 kHz keeps every partial the synth makes and halves the file against 44.1 kHz.
    public static let sampleRate = 22_050
    /// One phrase: fifteen 0.2 s slots, notes in the first ten, then a rest before the next phrase.
    public static let phraseSeconds = 3.0
    /// Phrases in the file: A, B, A, B, … (24 s in all).
    public static let phraseCount = 8
    /// The loudest sample, as a fraction of full scale: 0.5 (-6 dBFS), like the classic ring.
    public static let peak = 0.5

    /// A note: the slot it starts in, its MIDI number (60 is middle C) and its loudness from 0 to 1.
    typealias Note = (slot: Int, midi: Int, velocity: Double)

    /// The two phrases, a rising pentatonic figure over a low C that answers itself.
    static let phrases: [[Note]] = [
        [(0, 48, 0.5), (0, 76, 1), (1, 79, 0.8), (2, 81, 0.9), (4, 84, 1), (5, 81, 0.8), (6, 79, 0.8), (8, 76, 0.9), (9, 79, 0.7)],
        [(0, 48, 0.5), (0, 76, 1), (1, 79, 0.8), (2, 81, 0.9), (4, 86, 1), (5, 84, 0.8), (6, 81, 0.8), (8, 79, 0.9), (9, 84, 0.8)],
    ]
    /// Slot length in seconds.
    static let slotSeconds = 0.2
    /// How long a note sounds before its final fade: it must end inside its phrase (slot 9 + 1.2 s = 3 s).
    static let noteSeconds = 1.2

    /// The default ringtone's rate: the ring mixer's, so the file loads without resampling.
    public static let ringtoneSampleRate = 48_000

    /// `incoming.wav`, mono 16-bit at `sampleRate`.
    public static func incomingSamples() -> [Int16] { samples(phraseCount: phraseCount, rate: sampleRate) }

    /// `marimba.wav`, the default ringtone: the first phrase alone, 3 s, mono 16-bit at
    /// `ringtoneSampleRate`. Its last second is the phrase's rest, so looped it rings as a phone
    /// does: the figure, a breath, the figure again.
    public static func ringtoneSamples() -> [Int16] { samples(phraseCount: 1, rate: ringtoneSampleRate) }

    /// `phraseCount` phrases, A, B, A, …, at `rate`, the loudest sample at `peak`.
    private static func samples(phraseCount: Int, rate: Int) -> [Int16] {
        let phraseFrames = Int(phraseSeconds * Double(rate))
        let rendered = phrases.prefix(phraseCount).map { phrase -> [Double] in
            var mix = [Double](repeating: 0, count: phraseFrames)
            for note in phrase { add(note, to: &mix, rate: Double(rate)) }
            return mix
        }
        // Every note ends inside its phrase, so the file is the two phrases tiled, each scaled alike.
        let loudest = rendered.joined().reduce(0) { max($0, abs($1)) }
        let scale = loudest > 0 ? peak * 32767 / loudest : 0
        var samples: [Int16] = []
        samples.reserveCapacity(phraseFrames * phraseCount)
        for index in 0..<phraseCount {
            samples.append(contentsOf: rendered[index % rendered.count].map { Int16(($0 * scale).rounded()) })
        }
        return samples
    }

    /// Adds one struck note to `mix`, starting at its slot, at `rate` frames a second.
    private static func add(_ note: Note, to mix: inout [Double], rate: Double) {
        let frequency = 440 * pow(2, Double(note.midi - 69) / 12)
        // Lower bars ring longer; partials die faster the higher they are.
        let decay = 0.5 * pow(261.63 / frequency, 0.3)
        let partials: [(ratio: Double, level: Double, decay: Double)] = [
            (1, 1, decay), (4, 0.25, decay / 3), (10, 0.06, decay / 8),
        ].filter { $0.ratio * frequency < 0.45 * rate }  // nothing above Nyquist, so nothing aliases
        let start = Int((Double(note.slot) * slotSeconds * rate).rounded())
        let frames = Int(noteSeconds * rate)
        let attack = Int(0.003 * rate)
        let release = Int(0.02 * rate)
        for index in 0..<min(frames, mix.count - start) {
            let time = Double(index) / rate
            var value = 0.0
            for partial in partials {
                value += partial.level * exp(-time / partial.decay) * sin(2 * Double.pi * partial.ratio * frequency * time)
            }
            var envelope = 1.0
            if index < attack { envelope = 0.5 - 0.5 * cos(Double.pi * Double(index) / Double(attack)) }
            let toEnd = frames - 1 - index
            if toEnd < release { envelope *= 0.5 - 0.5 * cos(Double.pi * Double(toEnd) / Double(release)) }
            mix[start + index] += note.velocity * envelope * value
        }
    }
}
