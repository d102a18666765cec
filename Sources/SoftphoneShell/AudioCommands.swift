import Glibc
import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore

// The audio subcommands that need no phone: `devices`, `tones`, `play`.

/// `softphone devices`: one line per ALSA playback device, its name first (what `--audio-device` takes).
func runDevices() -> Int32 {
    do {
        let devices = try AudioDevices.playback()
        printColumns(devices.map { ($0.name, $0.description) })
        if devices.allSatisfy({ $0.name == "null" }) {
            // Only ALSA's null device (or nothing): no card to ring on. Say what works instead.
            Console.error("""
                \(ProgramName.current): no sound card here (ALSA offers \(devices.isEmpty ? "no playback device" : "only null, which discards sound")); \
                hear the phone with --audio-out FILE.wav, or through ALSA's file plugin as Tests/alsa/README.md shows
                """)
        }
        return 0
    } catch {
        Console.error("\(ProgramName.current): \(error)")
        return 1
    }
}

/// `softphone tones`: the built-in tones the phone can generate and the vibration patterns.
func runTones() -> Int32 {
    Console.out("tones (48 kHz, generated):")
    for tone in ToneCatalog.all {
        Console.out("  " + tone.summary)
    }
    Console.out("vibration patterns (--vibration NAME):")
    printColumns(VibrationCatalog.all.map { ($0.name, $0.stepsText) }
        + [(SynchronizedVibration.name, "follows the ringtone: on while it sounds, off while it is quiet")], indent: "  ")
    return 0
}

/// `softphone play FILE`: decodes the file as a ringtone would be, says what it is in one line, plays
/// it `repetitions` times and returns once it has been heard. A file that cannot be decoded or an
/// output that cannot be opened is one line on stderr and exit 1. Ctrl-C stops it at once (SIGINT's
/// default action: nothing here needs restoring).
func runPlay(path: String, repetitions: Int, output: AudioOutput) -> Int32 {
    let ringtone: Ringtone
    do {
        ringtone = try Console.withoutLibraryChatter { () throws(AudioError) in try Ringtone.load(path: path) }
    } catch {
        Console.error("\(ProgramName.current) play: \(error)")
        return 1
    }
    let format = Console.withoutLibraryChatter { Player.formatName(path: path) }
    Console.out(ringtone.summary + (format.map { "; " + $0 } ?? ""))
    do {
        try Player.play(ringtone, repetitions: repetitions, output: output)
    } catch {
        Console.error("\(ProgramName.current) play: \(error)")
        return 1
    }
    return 0
}

/// Prints two columns, the first padded to its widest entry.
func printColumns(_ rows: [(String, String)], indent: String = "") {
    let width = rows.map(\.0.count).max() ?? 0
    for (name, text) in rows {
        Console.out(indent + name + String(repeating: " ", count: width - name.count + 2) + text)
    }
}
