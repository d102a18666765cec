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
}
