import SoftphoneCore

/// A sound played once, mixed over whatever else plays: a notification's or an app's system sound,
/// or one buzz of the motor. Held in the engine's format (48 kHz stereo interleaved Int16), made
/// before it reaches the audio thread, so playing it there only copies samples.
public struct SoundClip: Sendable, Equatable {
    /// Interleaved stereo samples at `Ringtone.sampleRate`.
    public let samples: [Int16]

    /// Frames in the clip.
    public var frameCount: Int { samples.count / Ringtone.channels }

    /// The clip of a decoded sound file (played once, no gap).
    public init(_ sound: Ringtone) { samples = sound.samples }

    init(samples: [Int16]) { self.samples = samples }

    /// The clip without its first `frames` frames: what is left to hear of a sound that should
    /// have started that long ago.
    public func dropping(frames: Int) -> SoundClip {
        SoundClip(samples: Array(samples.dropFirst(max(0, frames) * Ringtone.channels)))
    }

    /// One buzz of the motor, `milliseconds` long, with the ring's motor sound and its soft edges.
    public static func buzz(milliseconds: Int) -> SoundClip {
        var motor = MotorBuzz(pattern: VibrationPattern(name: "buzz", steps: [.init(isOn: true, milliseconds: Int64(max(1, milliseconds)))]))
        let frames = max(1, milliseconds) * Ringtone.sampleRate / 1000
        var samples = [Int16]()
        samples.reserveCapacity(frames * Ringtone.channels)
        for _ in 0..<frames {
            let value = Int16(clamping: motor.next())
            samples.append(value)
            samples.append(value)
        }
        return SoundClip(samples: samples)
    }

    /// The system's default notification sound, a stand-in for iOS's own: two short 880 Hz beeps.
    public static let notificationDefault: SoundClip = {
        var generator = ToneGenerator(tone: ToneCatalog.notificationDefault)
        return SoundClip(samples: generator.render(frames: ToneCatalog.notificationDefault.periodMilliseconds * Ringtone.sampleRate / 1000))
    }()
}
