import SoftphoneCore

/// The "Synchronized" vibration: a pattern derived from a ringtone, so the motor runs while the ringtone
/// is loud and rests while it is quiet, like iOS's pattern of that name.
///
/// Pure: the same ringtone always gives the same pattern, one loop of which lasts as long as one loop of
/// the ringtone (to the nearest millisecond), so the two repeat together.
public enum SynchronizedVibration {
    /// The name the derived pattern carries, as `--vibration` accepts it.
    public static let name = "synchronized"

    /// The pattern that follows `ringtone`'s loudness.
    ///
    /// The ringtone's power is measured per millisecond and smoothed over `windowMilliseconds` (centred,
    /// wrapping round the loop), which irons out the beating of two close tones (400 + 450 Hz beat 50 times
    /// a second); the motor is on where the smoothed power exceeds `threshold` times its loudest value
    /// (0.25 is -6 dB). Steps shorter than `minimumStepMilliseconds` join the step before them (the first
    /// joins the next), since a motor cannot start and stop that fast. A silent ringtone gives a motor that
    /// never runs.
    public static func pattern(
        following ringtone: Ringtone, threshold: Double = 0.25, windowMilliseconds: Int = 40,
        minimumStepMilliseconds: Int = 50
    ) -> VibrationPattern {
        let power = powerPerMillisecond(ringtone)
        let length = power.count
        let window = max(1, min(windowMilliseconds, length))
        // A centred moving sum, wrapping round the loop (the ringtone repeats, so its end leads into its start).
        var sum = 0.0
        for offset in 0..<window { sum += power[(offset - window / 2 + length) % length] }
        var smoothed = [Double](repeating: 0, count: length)
        for index in 0..<length {
            smoothed[index] = sum
            sum += power[(index - window / 2 + window + length) % length] - power[(index - window / 2 + length) % length]
        }
        let loudest = smoothed.max() ?? 0
        // A gap between repetitions is silence too: the motor rests through it, so both loops stay the same length.
        let gap = Int64(ringtone.gapFrames / (Ringtone.sampleRate / 1000))
        guard loudest > 0 else { return VibrationPattern(name: name, steps: [.init(isOn: false, milliseconds: Int64(length) + gap)]) }

        var runs: [VibrationPattern.Step] = []
        for value in smoothed {
            let isOn = value > threshold * loudest
            if let last = runs.last, last.isOn == isOn {
                runs[runs.count - 1].milliseconds += 1
            } else {
                runs.append(.init(isOn: isOn, milliseconds: 1))
            }
        }
        var steps = merged(runs, minimum: Int64(max(1, minimumStepMilliseconds)))
        if gap > 0 {
            if steps[steps.count - 1].isOn { steps.append(.init(isOn: false, milliseconds: gap)) } else { steps[steps.count - 1].milliseconds += gap }
        }
        return VibrationPattern(name: name, steps: steps)
    }

    /// `runs` with every run shorter than `minimum` joined to the run before it (leading short runs join the
    /// first long one), and neighbours of the same state combined, so on and off alternate again.
    private static func merged(_ runs: [VibrationPattern.Step], minimum: Int64) -> [VibrationPattern.Step] {
        var result: [VibrationPattern.Step] = []
        var carried: Int64 = 0  // short runs at the start, waiting for a run to join
        for run in runs {
            if run.milliseconds < minimum {
                if result.isEmpty { carried += run.milliseconds } else { result[result.count - 1].milliseconds += run.milliseconds }
                continue
            }
            if let last = result.last, last.isOn == run.isOn {
                result[result.count - 1].milliseconds += run.milliseconds
            } else {
                result.append(.init(isOn: run.isOn, milliseconds: run.milliseconds + (result.isEmpty ? carried : 0)))
            }
        }
        guard result.isEmpty else { return result }
        // Every run was short (a loop under `minimum`, or loudness flickering throughout): one step, in
        // whichever state held longer.
        let on = runs.filter(\.isOn).reduce(0) { $0 + $1.milliseconds }
        return [.init(isOn: 2 * on >= carried, milliseconds: carried)]
    }

    /// The mean power of both channels in each millisecond of one loop; the loop is cut into its length in
    /// whole milliseconds (rounded, at least 1), so every millisecond gets at least one frame.
    private static func powerPerMillisecond(_ ringtone: Ringtone) -> [Double] {
        let frames = ringtone.frameCount
        let framesPerMillisecond = Ringtone.sampleRate / 1000
        let length = max(1, (frames + framesPerMillisecond / 2) / framesPerMillisecond)
        return ringtone.samples.withUnsafeBufferPointer { samples in
            (0..<length).map { millisecond in
                let start = millisecond * frames / length
                let end = (millisecond + 1) * frames / length
                var total = 0.0
                for index in (2 * start)..<(2 * end) {
                    let value = Double(samples[index]) / 32768
                    total += value * value
                }
                return total / Double(max(1, 2 * (end - start)))
            }
        }
    }
}
