/// A generated telephone tone as data: which frequencies sound together, and their on/off cadence.
///
/// Tones come from `ToneCatalog` (DTMF, ringback, busy, call waiting) and are played by a
/// `ToneGenerator`. Frequencies are whole hertz so the generator's phase advances by exact integers
/// and never drifts, however long a tone plays.
public struct Tone: Sendable, Hashable {
    /// One step of the cadence: the tone sounding or silent for a number of milliseconds.
    public struct Step: Sendable, Hashable {
        /// Whether the frequencies sound during this step.
        public var isOn: Bool
        /// How long the step lasts, in milliseconds.
        public var milliseconds: Int

        /// Makes a step.
        public init(isOn: Bool, milliseconds: Int) {
            self.isOn = isOn
            self.milliseconds = milliseconds
        }
    }

    /// The catalog name, e.g. `dtmf-5`, `ringback-us`, `busy-uk`, `call-waiting`.
    public let name: String
    /// What the tone is, in a few words, for `softphone tones`: e.g. "ringback, North America".
    public let title: String
    /// The frequencies that sound together (one or two), in whole hertz.
    public let frequencies: [Int]
    /// The cadence, in order, starting at frame 0.
    public let cadence: [Step]
    /// Whether the cadence loops (ringback, busy, call waiting) or plays once (a DTMF key press).
    public let repeats: Bool

    /// Makes a tone; only the catalog does, so every tone is known to be valid: one or two frequencies (as
    /// every telephone tone has) from 1 Hz to 20 kHz, and steps of at least 1 ms.
    init(name: String, title: String, frequencies: [Int], cadence: [(isOn: Bool, milliseconds: Int)], repeats: Bool) {
        precondition((1...2).contains(frequencies.count) && frequencies.allSatisfy { (1...20_000).contains($0) })
        precondition(!cadence.isEmpty && cadence.allSatisfy { $0.milliseconds >= 1 }, "a cadence of real steps")
        self.name = name
        self.title = title
        self.frequencies = frequencies
        self.cadence = cadence.map { Step(isOn: $0.isOn, milliseconds: $0.milliseconds) }
        self.repeats = repeats
    }

    /// The length of one cadence, in milliseconds.
    public var periodMilliseconds: Int { cadence.reduce(0) { $0 + $1.milliseconds } }

    /// One line for `softphone tones`, e.g. "busy-uk: 400 Hz, 375 ms on, 375 ms off, repeating (busy, UK)".
    public var summary: String {
        let hertz = frequencies.map { "\($0) Hz" }.joined(separator: " + ")
        let steps = cadence.map { "\($0.milliseconds) ms \($0.isOn ? "on" : "off")" }.joined(separator: ", ")
        return "\(name): \(hertz), \(steps), \(repeats ? "repeating" : "once") (\(title))"
    }
}
