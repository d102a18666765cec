/// A vibration pattern as data: motor on/off steps that repeat for as long as the phone rings.
///
/// The same pattern drives the on-screen indicator and the audible motor buzz, both measured
/// from the instant ringing started, so the two stay in step.
public struct VibrationPattern: Equatable, Hashable, Sendable {
    /// One step of the pattern: the motor on or off for a number of milliseconds.
    public struct Step: Equatable, Hashable, Sendable {
        /// Whether the motor runs during this step.
        public var isOn: Bool
        /// How long the step lasts, in milliseconds (at least 1).
        public var milliseconds: Int64

        /// Makes a step.
        public init(isOn: Bool, milliseconds: Int64) {
            self.isOn = isOn
            self.milliseconds = max(1, milliseconds)
        }
    }

    /// Where the pattern stands at some moment.
    public struct Phase: Equatable, Sendable {
        /// Whether the motor is running.
        public var isOn: Bool
        /// Milliseconds since the current step began.
        public var intoStep: Int64
        /// Milliseconds until the current step ends.
        public var untilStepEnd: Int64

        /// Makes a phase.
        public init(isOn: Bool, intoStep: Int64, untilStepEnd: Int64) {
            self.isOn = isOn
            self.intoStep = intoStep
            self.untilStepEnd = untilStepEnd
        }
    }

    /// The pattern's name, as `--vibration` and the screen name it.
    public let name: String
    /// The steps, in order; the pattern loops after the last one.
    public let steps: [Step]
    /// The length of one repetition, in milliseconds.
    public let periodMilliseconds: Int64

    /// Makes a pattern; an empty list of steps becomes a motor that never runs.
    public init(name: String, steps: [Step]) {
        self.name = name
        self.steps = steps.isEmpty ? [Step(isOn: false, milliseconds: 1000)] : steps
        self.periodMilliseconds = self.steps.reduce(0) { $0 + $1.milliseconds }
    }

    /// The default ring vibration: a one-second buzz every two seconds, like an iPhone's.
    public static let standard = VibrationPattern(
        name: "standard",
        steps: [Step(isOn: true, milliseconds: 1000), Step(isOn: false, milliseconds: 1000)])

    /// The longest repetition a parsed pattern may have: 60 s. A longer one is almost certainly a typo
    /// (an extra zero), and a ring that long would outlast the 60 s most apps give a call to be answered.
    public static let maximumPeriodMilliseconds: Int64 = 60_000

    /// Parses the compact step text, e.g. `"on 300, off 200, on 300, off 1200"`, into a pattern called `name`.
    ///
    /// Steps are separated by commas; each is `on` or `off` (any case), white space, and a whole number of
    /// milliseconds from 1 to 60000, with no unit. The error names the step and says what is accepted.
    public init(name: String, parsing text: String) throws(VibrationPatternError) {
        func invalid(_ reason: String) -> VibrationPatternError { .invalidSteps(pattern: name, reason: reason) }
        let form = "a step is \"on MILLISECONDS\" or \"off MILLISECONDS\""
        let pieces = text.split(separator: ",", omittingEmptySubsequences: false).map(Self.trimmed)
        guard pieces.contains(where: { !$0.isEmpty }) else {
            throw invalid("no steps; write steps like \"on 300, off 200\"")
        }
        var steps: [Step] = []
        var period: Int64 = 0
        for (offset, piece) in pieces.enumerated() {
            let number = offset + 1
            guard !piece.isEmpty else { throw invalid("step \(number) is empty (two commas in a row, or a comma at the end)") }
            let words = piece.split(whereSeparator: \.isWhitespace)
            let kind = words[0].lowercased()
            guard kind == "on" || kind == "off" else {
                throw invalid("step \(number) \"\(piece)\": unknown kind \"\(words[0])\"; \(form)")
            }
            guard words.count >= 2 else { throw invalid("step \(number) \"\(piece)\": the duration is missing; \(form)") }
            guard words.count == 2, let milliseconds = Int64(words[1]), (1...Self.maximumPeriodMilliseconds).contains(milliseconds)
            else {
                throw invalid(
                    "step \(number) \"\(piece)\": the duration must be a whole number of milliseconds "
                        + "from 1 to \(Self.maximumPeriodMilliseconds), with no unit")
            }
            period += milliseconds
            steps.append(Step(isOn: kind == "on", milliseconds: milliseconds))
        }
        guard period <= Self.maximumPeriodMilliseconds else {
            throw invalid(
                "the steps last \(period) ms in all; the longest accepted is \(Self.maximumPeriodMilliseconds) ms (60 s)")
        }
        self.init(name: name, steps: steps)
    }

    /// The steps in the compact text form that `init(name:parsing:)` reads, e.g. `"on 1000, off 1000"`.
    public var stepsText: String {
        steps.map { "\($0.isOn ? "on" : "off") \($0.milliseconds)" }.joined(separator: ", ")
    }

    /// Whether the motor ever runs: false for a pattern of pauses only, such as `none`.
    public var vibrates: Bool { steps.contains { $0.isOn } }

    /// Where the pattern stands `elapsedMilliseconds` after ringing started.
    public func phase(atMilliseconds elapsedMilliseconds: Int64) -> Phase {
        var t = max(0, elapsedMilliseconds) % periodMilliseconds
        for step in steps {
            if t < step.milliseconds {
                return Phase(isOn: step.isOn, intoStep: t, untilStepEnd: step.milliseconds - t)
            }
            t -= step.milliseconds
        }
        return Phase(isOn: steps[0].isOn, intoStep: 0, untilStepEnd: steps[0].milliseconds)  // not reached
    }

    /// `text` without leading and trailing white space.
    private static func trimmed(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }
}
