/// The named vibration patterns an iPhone offers for ringtones, as data, and lookup by name.
///
/// Apple publishes no timings for its built-in patterns, so every timing below is an approximation,
/// chosen by feel to keep each pattern's character (documented in `Assets/Vibrations/README.md`).
/// `Assets/Vibrations/patterns.json` holds the same timings, and a test keeps the two equal.
public enum VibrationCatalog {
    /// A one-second buzz every two seconds: the ring vibration when nothing else is chosen.
    public static let standard = VibrationPattern.standard

    /// "Alert": three short, even pulses, then a pause (2 s loop). Approximation.
    public static let alert = pattern("alert", [150, 100, 150, 100, 150, 1350])

    /// "Heartbeat": a strong-weak double beat, "lub-dub", about once a second (60 per minute). Approximation.
    public static let heartbeat = pattern("heartbeat", [100, 100, 150, 650])

    /// "Quick": one short tap a second, lighter than `standard`. Approximation.
    public static let quick = pattern("quick", [200, 800])

    /// "Rapid": an unbroken train of short pulses, five a second. Approximation.
    public static let rapid = pattern("rapid", [100, 100])

    /// "S.O.S.": Morse · · · – – – · · · at a 100 ms unit (dot 1 unit, dash 3, gaps 1 within a letter,
    /// 3 between letters, 7 before the next repetition), 3.4 s a loop. The rhythm is Morse's; the unit is approximated.
    public static let sos = pattern("sos", [
        100, 100, 100, 100, 100, 300,  // S
        300, 100, 300, 100, 300, 300,  // O
        100, 100, 100, 100, 100, 700,  // S, then the gap before the next repetition
    ])

    /// "Staccato": four crisp 50 ms taps 200 ms apart, then a pause (1.6 s loop). Approximation.
    public static let staccato = pattern("staccato", [50, 150, 50, 150, 50, 150, 50, 950])

    /// "Symphony": pulses that grow longer, like a phrase swelling to its last note (2.5 s loop). Approximation.
    public static let symphony = pattern("symphony", [100, 100, 200, 100, 300, 100, 600, 1000])

    /// "None": the motor never runs (one silent second, repeated).
    public static let none = VibrationPattern(name: "none", steps: [.init(isOn: false, milliseconds: 1000)])

    /// Every built-in pattern, in the order `softphone tones` lists them.
    public static let all: [VibrationPattern] = [standard, alert, heartbeat, quick, rapid, sos, staccato, symphony, none]

    /// The built-in names, as accepted by `pattern(named:)`.
    public static var names: [String] { all.map(\.name) }

    /// The pattern called `name` among `patterns` (the built-ins unless told), the first match winning.
    ///
    /// Names match ignoring case, spaces and punctuation, so "S.O.S.", "sos" and "SOS" are one name.
    /// Pass custom patterns before the built-ins to let a patterns file override a built-in.
    public static func pattern(named name: String, in patterns: [VibrationPattern] = all) throws(VibrationPatternError) -> VibrationPattern {
        let key = lookupKey(name)
        guard !key.isEmpty, let found = patterns.first(where: { lookupKey($0.name) == key }) else {
            var accepted: [String] = [], seen: Set<String> = []
            for pattern in patterns where seen.insert(pattern.name).inserted { accepted.append(pattern.name) }
            throw .unknownName(name, accepted: accepted)
        }
        return found
    }

    /// `name` as lookup compares it: letters and digits only, lower-cased ("S.O.S." → "sos").
    public static func lookupKey(_ name: String) -> String {
        String(name.filter { $0.isLetter || $0.isNumber }.lowercased())
    }

    /// A pattern from alternating on and off durations in milliseconds, starting with the motor on
    /// (the same order as the compact text form: on, off, on, off, …).
    private static func pattern(_ name: String, _ onOff: [Int64]) -> VibrationPattern {
        VibrationPattern(
            name: name,
            steps: onOff.enumerated().map { .init(isOn: $0.offset % 2 == 0, milliseconds: $0.element) })
    }
}
