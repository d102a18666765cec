import Glibc
import SoftphoneCore
import Testing

@testable import SoftphoneAudio

@Suite("The synchronized vibration follows the ringtone")
struct SynchronizedVibrationTests {
    /// A stereo ringtone from mono on/off steps of a 1 kHz sine at half scale.
    static func ringtone(_ steps: [(isOn: Bool, milliseconds: Int)]) -> Ringtone {
        var samples: [Int16] = []
        for step in steps {
            for _ in 0..<(step.milliseconds * 48) {
                let value = step.isOn ? Int16((16_000 * sin(2 * Double.pi * 1_000 * Double(samples.count / 2) / 48_000)).rounded()) : 0
                samples += [value, value]
            }
        }
        return Ringtone(name: "test", samples: samples, sourceSampleRate: 48_000, sourceChannels: 2)
    }

    @Test("the classic ring: on during the two bursts, off in the pauses, one loop every 3 s")
    func classic() {
        let pattern = SynchronizedVibration.pattern(following: .classic())
        #expect(pattern.name == "synchronized")
        #expect(pattern.periodMilliseconds == 3_000)
        #expect(pattern.steps.map(\.isOn) == [true, false, true, false])
        for (step, expected) in zip(pattern.steps, [400, 200, 400, 2_000] as [Int64]) {
            #expect(abs(step.milliseconds - expected) <= 15, "\(pattern.steps)")
        }
        for millisecond in [5, 200, 395, 605, 800, 995] { #expect(pattern.phase(atMilliseconds: Int64(millisecond)).isOn) }
        for millisecond in [415, 500, 585, 1_015, 2_000, 2_985] { #expect(!pattern.phase(atMilliseconds: Int64(millisecond)).isOn) }
    }

    @Test("steps shorter than 50 ms join their neighbours: a 20 ms dropout does not stop the motor")
    func shortStepsMerge() {
        let ringtone = Self.ringtone([(true, 500), (false, 20), (true, 480), (false, 1_000)])
        let pattern = SynchronizedVibration.pattern(following: ringtone)
        #expect(pattern.steps.count == 2 && pattern.steps[0].isOn)
        #expect(abs(pattern.steps[0].milliseconds - 1_000) <= 25)
        #expect(pattern.periodMilliseconds == 2_000)
        #expect(pattern.steps.allSatisfy { $0.milliseconds >= 50 })
    }

    @Test("a silent ringtone never runs the motor, and the loop still lasts as long as the ringtone")
    func silence() {
        let pattern = SynchronizedVibration.pattern(following: Self.ringtone([(false, 1_234)]))
        #expect(!pattern.vibrates)
        #expect(pattern.periodMilliseconds == 1_234)
    }

    @Test("a steady tone keeps the motor on")
    func steady() {
        let pattern = SynchronizedVibration.pattern(following: Self.ringtone([(true, 800)]))
        #expect(pattern.steps == [.init(isOn: true, milliseconds: 800)])
    }

    @Test("a gap between repetitions lengthens the last rest, so motor and ringtone loop together")
    func gap() {
        let plain = SynchronizedVibration.pattern(following: .classic())
        let gapped = SynchronizedVibration.pattern(following: Ringtone.classic().withGap(milliseconds: 1_500))
        #expect(gapped.periodMilliseconds == plain.periodMilliseconds + 1_500)
        #expect(gapped.steps.count == plain.steps.count)
        #expect(gapped.steps.last.map { !$0.isOn } == true)
    }
}
