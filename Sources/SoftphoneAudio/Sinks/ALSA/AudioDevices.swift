import CALSA
import Glibc

/// An ALSA playback device, as `--audio-device` takes it.
public struct AudioDevice: Equatable, Sendable {
    /// The PCM name to pass to `--audio-device`, e.g. `default` or `hw:CARD=PCH,DEV=0`.
    public let name: String
    /// ALSA's description, on one line.
    public let description: String
}

/// The ALSA playback devices this machine offers, for `softphone devices`.
public enum AudioDevices {
    /// Every PCM that can play, in ALSA's order. The corresponding C function is `snd_device_name_hint`.
    public static func playback() throws(AudioError) -> [AudioDevice] {
        _ = ALSASink.errorsSilenced
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        let code = snd_device_name_hint(-1, "pcm", &hints)
        guard code >= 0, let hints else {
            throw AudioError.deviceUnavailable(name: "(device list)", reason: String(cString: snd_strerror(code)))
        }
        defer { snd_device_name_free_hint(hints) }
        var devices: [AudioDevice] = []
        var cursor = hints
        while let hint = cursor.pointee {
            defer { cursor += 1 }
            let direction = text(of: hint, "IOID")
            guard direction == nil || direction == "Output", let name = text(of: hint, "NAME") else { continue }
            let description = (text(of: hint, "DESC") ?? "").split(separator: "\n").joined(separator: " — ")
            devices.append(AudioDevice(name: name, description: description))
        }
        return devices
    }

    /// One field of a hint, freed after copying. The corresponding C function is `snd_device_name_get_hint`.
    private static func text(of hint: UnsafeMutableRawPointer, _ field: String) -> String? {
        guard let value = snd_device_name_get_hint(hint, field) else { return nil }
        defer { free(value) }
        return String(cString: value)
    }
}
