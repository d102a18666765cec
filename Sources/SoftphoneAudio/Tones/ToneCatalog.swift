/// The built-in telephone tones, by name: DTMF keys, ringback and busy tones, and the call-waiting beep.
///
/// Frequencies and cadences are the standard ones (ITU-T Q.23 for DTMF; the national plans summarized in
/// ITU-T E.180 for ringback and busy), so a demo sounds like the network its audience knows.
public enum ToneCatalog {
    /// DTMF row frequencies (ITU-T Q.23), top to bottom: the low tone of each key.
    public static let dtmfRowFrequencies = [697, 770, 852, 941]
    /// DTMF column frequencies (ITU-T Q.23), left to right: the high tone of each key.
    public static let dtmfColumnFrequencies = [1209, 1336, 1477, 1633]
    /// The DTMF keypad, row by row, as the frequencies above lay it out (A–D are the fourth column).
    public static let dtmfKeypad: [[Character]] = [
        ["1", "2", "3", "A"],
        ["4", "5", "6", "B"],
        ["7", "8", "9", "C"],
        ["*", "0", "#", "D"],
    ]
    /// How long a DTMF key sounds and the silence after it: 100 ms each, well above Q.24's 40 ms minimum.
    public static let dtmfMilliseconds = 100

    /// The tone for DTMF key `key` (`0`–`9`, `*`, `#`, `A`–`D` in either case), played once; nil for other keys.
    public static func dtmf(_ key: Character) -> Tone? {
        let upper = Character(key.uppercased())
        for (row, keys) in dtmfKeypad.enumerated() {
            guard let column = keys.firstIndex(of: upper) else { continue }
            let name = switch upper {
            case "*": "star"
            case "#": "hash"
            default: upper.lowercased()
            }
            return Tone(
                name: "dtmf-\(name)", title: "DTMF key \(upper)",
                frequencies: [dtmfRowFrequencies[row], dtmfColumnFrequencies[column]],
                cadence: [(true, dtmfMilliseconds), (false, dtmfMilliseconds)], repeats: false)
        }
        return nil
    }

    /// North American ringback ("the other phone is ringing"): 440 + 480 Hz, 2 s on, 4 s off.
    public static let ringbackNorthAmerica = Tone(
        name: "ringback-us", title: "ringback, North America", frequencies: [440, 480],
        cadence: [(true, 2_000), (false, 4_000)], repeats: true)

    /// North American busy: 480 + 620 Hz, 0.5 s on, 0.5 s off.
    public static let busyNorthAmerica = Tone(
        name: "busy-us", title: "busy, North America", frequencies: [480, 620],
        cadence: [(true, 500), (false, 500)], repeats: true)

    /// European (CEPT) ringback: 425 Hz, 1 s on, 4 s off.
    public static let ringbackEurope = Tone(
        name: "ringback-eu", title: "ringback, Europe (CEPT)", frequencies: [425],
        cadence: [(true, 1_000), (false, 4_000)], repeats: true)

    /// European (CEPT) busy: 425 Hz, 0.5 s on, 0.5 s off.
    public static let busyEurope = Tone(
        name: "busy-eu", title: "busy, Europe (CEPT)", frequencies: [425],
        cadence: [(true, 500), (false, 500)], repeats: true)

    /// UK ringback, the double ring: 400 + 450 Hz, 0.4 s on, 0.2 s off, 0.4 s on, 2 s off.
    public static let ringbackUK = Tone(
        name: "ringback-uk", title: "ringback, UK", frequencies: [400, 450],
        cadence: [(true, 400), (false, 200), (true, 400), (false, 2_000)], repeats: true)

    /// UK busy: 400 Hz, 0.375 s on, 0.375 s off.
    public static let busyUK = Tone(
        name: "busy-uk", title: "busy, UK", frequencies: [400],
        cadence: [(true, 375), (false, 375)], repeats: true)

    /// The call-waiting beep heard over a call in progress: 440 Hz for 300 ms, every 10 s (from the start
    /// of one beep to the next). This is the North American tone; one beep is enough to notice without
    /// drowning the conversation, and 10 s keeps reminding without nagging.
    public static let callWaiting = Tone(
        name: "call-waiting", title: "call waiting", frequencies: [440],
        cadence: [(true, 300), (false, 9_700)], repeats: true)

    /// The stand-in for iOS's default notification sound (Apple's own is not reproduced): two short
    /// 880 Hz beeps. Not one of `all`: it is no telephone tone.
    public static let notificationDefault = Tone(
        name: "notification", title: "default notification sound", frequencies: [880],
        cadence: [(true, 120), (false, 80), (true, 120), (false, 80)], repeats: false)

    /// Every built-in tone: the sixteen DTMF keys in keypad order, then the progress tones.
    public static let all: [Tone] =
        dtmfKeypad.joined().compactMap(dtmf)
        + [ringbackNorthAmerica, busyNorthAmerica, ringbackEurope, busyEurope, ringbackUK, busyUK, callWaiting]

    /// The ringback heard while an outgoing call connects, in `region`'s cadence.
    public static func ringback(_ region: ToneRegion) -> Tone {
        switch region {
        case .northAmerica: ringbackNorthAmerica
        case .europe: ringbackEurope
        case .uk: ringbackUK
        }
    }

    /// The busy tone of `region`.
    public static func busy(_ region: ToneRegion) -> Tone {
        switch region {
        case .northAmerica: busyNorthAmerica
        case .europe: busyEurope
        case .uk: busyUK
        }
    }

    /// The built-in names, for `softphone tones` and error messages.
    public static var names: [String] { all.map(\.name) }

    /// The tone called `name`, ignoring case; `dtmf-*` and `dtmf-#` also name the star and hash keys.
    /// Nil for an unknown name: list `names` to the user.
    public static func tone(named name: String) -> Tone? {
        let lowered = name.lowercased()
        if lowered.hasPrefix("dtmf-"), lowered.count == 6, let key = lowered.last { return dtmf(key) }
        return all.first { $0.name == lowered }
    }
}
