import SoftphoneAudio
import SoftphoneCore

/// Carries out the core's system sounds through the audio engine: the app's bundled sounds
/// (`AppBundle.sounds`), decoded once at start from `Assets/Ringtones` so a play starts at once,
/// the default notification sound, and single buzzes of the motor. A sound that cannot be found or
/// decoded is reported once at start and then plays silently: audio never holds anything up.
final class SystemSoundPlayer {
    private let audio: AudioEngine?
    private var sounds: [String: SoundClip] = [:]
    private var buzzes: [Int: SoundClip] = [:]
    private let soundVolume: Double
    private let buzzVolume: Double

    /// Decodes `app`'s sounds (only when there is an engine to play them); problems go to `notices`.
    init(app: AppBundle, audio: AudioEngine?, soundVolume: Double, buzzVolume: Double, notices: inout [String]) {
        self.audio = audio
        self.soundVolume = soundVolume
        self.buzzVolume = buzzVolume
        guard audio != nil else { return }
        for (name, length) in app.sounds.sorted(by: { $0.key < $1.key }) {
            guard let path = Assets.find("Ringtones/" + name) else {
                notices.append("sound \(name) of the \(app.id) app: not found in Assets/Ringtones; it will play silently")
                continue
            }
            do {
                let sound = try Ringtone.load(path: path)
                sounds[name] = SoundClip(sound)
                let seconds = Double(length.milliseconds) / 1000
                if abs(sound.durationSeconds - seconds) > 0.05 {
                    notices.append("sound \(path) lasts \(sound.durationSeconds) s, but the \(app.id) app's bundle says \(seconds) s: its completions follow the bundle")
                }
            } catch {
                notices.append("\(error); it will play silently")
            }
        }
    }

    /// Plays, stops or buzzes as the core says.
    func perform(_ effect: SystemSoundEffect) {
        guard let audio else { return }
        switch effect {
        case .play(let name, let id):
            guard let clip = name == "default" ? SoundClip.notificationDefault : sounds[name] else { return }
            audio.playClip(clip, id: id, volume: soundVolume)
        case .stop(let id):
            audio.stopClip(id: id)
        case .vibrate(let milliseconds):
            let clip = buzzes[milliseconds] ?? SoundClip.buzz(milliseconds: milliseconds)
            buzzes[milliseconds] = clip
            audio.playClip(clip, id: -1, volume: buzzVolume)  // never stopped: a buzz is short
        }
    }
}
