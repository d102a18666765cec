import SoftphoneCore

/// Decodes sound files into clips on a thread of its own: a long file through the resampler takes a
/// while (seconds in a debug build), and nothing should wait for it.
public enum SoundLoader {
    /// Decodes each file (`name`, `path`) on a new thread, then calls `done` there with the clips by
    /// name and an error for each file that could not be decoded. If no thread can be made, it
    /// decodes on this one.
    public static func load(_ files: [(name: String, path: String)], done: @escaping @Sendable ([String: SoundClip], [AudioError]) -> Void) {
        let work: @Sendable () -> Void = {
            var clips: [String: SoundClip] = [:]
            var errors: [AudioError] = []
            for file in files {
                do throws(AudioError) {
                    let sound = try Ringtone.load(path: file.path)
                    clips[file.name] = SoundClip(sound)
                } catch {
                    errors.append(error)
                }
            }
            done(clips, errors)
        }
        do {
            try POSIXThread.startDetached(work)
        } catch {
            work()
        }
    }
}
