import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore

/// Carries out the core's system sounds through the audio engine: the app's bundled sounds
/// (`AppBundle.sounds`, files of `Assets/Ringtones`), the default notification sound, and single
/// buzzes of the motor.
///
/// The bundled sounds are decoded on a thread of their own at start (a 24 s file through the
/// resampler takes a while, and nothing should wait for it); `soundsDecoded` hands them over. A
/// sound asked for before then starts once it is decoded, from where it would be by then, so it
/// stays in step with the phone. A sound that cannot be found or decoded is reported once and plays
/// silently: audio never holds anything up.
final class SystemSoundPlayer {
    private let audio: AudioEngine?
    private var sounds: [String: SoundClip] = [:]
    private var buzzes: [Int: SoundClip] = [:]
    /// Plays asked for before their sound was decoded: the name, and when.
    private var waiting: [Int: (name: String, since: Instant)] = [:]
    private let soundVolume: Double
    private let buzzVolume: Double
    /// The lengths the app's bundle gives its sounds, in seconds, to check the files against.
    private var lengths: [String: Double] = [:]
    /// Clips to start together at the next `flush()`: what one command set off starts on one frame.
    private var batch: [(clip: SoundClip, id: Int, volume: Double)] = []

    /// Starts decoding `app`'s sounds and a buzz of `vibration` (only when the app has sounds and
    /// there is an engine to play them); the results and any problem arrive through `mailbox`.
    init(app: AppBundle, vibration: Duration, audio: AudioEngine?, soundVolume: Double, buzzVolume: Double, mailbox: Mailbox) {
        self.audio = audio
        self.soundVolume = soundVolume
        self.buzzVolume = buzzVolume
        guard audio != nil else { return }
        var files: [(name: String, path: String)] = []
        for (name, length) in app.sounds.sorted(by: { $0.key < $1.key }) {
            guard let path = Assets.find("Ringtones/" + name) else {
                mailbox.post(.notice("sound \(name) of the \(app.id) app: not found in Assets/Ringtones; it plays silently"))
                continue
            }
            files.append((name, path))
            lengths[name] = Double(length.milliseconds) / 1000
        }
        // An app with no sounds of its own (voip, consult) starts no loader: a buzz it asks for is
        // made when asked (`perform`), and the thread and its buffers stay out of its memory.
        guard !files.isEmpty else { return }
        let (appID, declared) = (app.id, lengths)
        let buzzMilliseconds = Int(vibration.milliseconds)
        SoundLoader.load(files) { clips, errors in
            for error in errors { mailbox.post(.notice("\(error); it plays silently")) }
            for (name, clip) in clips.sorted(by: { $0.key < $1.key }) {
                let seconds = Double(clip.frameCount) / Double(Ringtone.sampleRate)
                if let length = declared[name], abs(seconds - length) > 0.05 {
                    mailbox.post(.notice("sound \(name) lasts \(seconds) s, but the \(appID) app's bundle says \(length) s: its completions follow the bundle"))
                }
            }
            // The buzz is made there too: the motor's waveform takes a moment in a debug build.
            mailbox.post(.soundsDecoded(clips, buzz: (buzzMilliseconds, SoundClip.buzz(milliseconds: buzzMilliseconds))))
        }
    }

    /// The decoding thread's results: plays that were waiting start now, from where they would be.
    /// Returns the names of the sounds decoded.
    func decoded(_ clips: [String: SoundClip], buzz: (milliseconds: Int, clip: SoundClip), at now: Instant) -> [String] {
        sounds = clips
        buzzes[buzz.milliseconds] = buzz.clip
        for (id, play) in waiting.sorted(by: { $0.key < $1.key }) {
            guard let clip = sounds[play.name] else { continue }
            let late = Int((now - play.since).nanoseconds * Int64(Ringtone.sampleRate) / 1_000_000_000)
            if late < clip.frameCount { audio?.playClip(clip.dropping(frames: late), id: id, volume: soundVolume) }
        }
        waiting = [:]
        return clips.keys.sorted()
    }

    /// Plays, stops or buzzes as the core says, at `now`; what starts waits for `flush()`.
    func perform(_ effect: SystemSoundEffect, at now: Instant) {
        guard let audio else { return }
        switch effect {
        case .play(let name, let id):
            if name == "default" {
                batch.append((SoundClip.notificationDefault, id, soundVolume))
            } else if let clip = sounds[name] {
                batch.append((clip, id, soundVolume))
            } else {
                waiting[id] = (name, now)
            }
        case .stop(let id):
            waiting[id] = nil
            batch.removeAll { $0.id == id }
            audio.stopClip(id: id)
        case .vibrate(let milliseconds):
            let clip = buzzes[milliseconds] ?? SoundClip.buzz(milliseconds: milliseconds)
            buzzes[milliseconds] = clip
            batch.append((clip, -1, buzzVolume))  // never stopped: a buzz is short
        }
    }

    /// Starts what the last command's effects asked for, on one frame: the ring and its first
    /// buzz together.
    func flush() {
        audio?.playClips(batch)
        batch = []
    }
}
