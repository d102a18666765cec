/// Whose telephone network the phone's own tones imitate (`--tone-region`): the cadence and
/// frequencies of ringback and busy differ from country to country (ITU-T E.180).
///
/// North America is the default: iOS's own call UI is most often demonstrated to audiences who
/// know that ringback, the `ringback-us` tone. The call-waiting beep is the same in every region
/// (`ToneCatalog.callWaiting`).
public enum ToneRegion: String, Sendable, CaseIterable {
    /// 440 + 480 Hz ringback, 2 s on, 4 s off (`--tone-region na`).
    case northAmerica = "na"
    /// 425 Hz ringback, 1 s on, 4 s off, as most of Europe (`--tone-region cept`).
    case europe = "cept"
    /// 400 + 450 Hz double ring (`--tone-region uk`).
    case uk

    /// The region when none is chosen.
    public static let standard = ToneRegion.northAmerica

    /// The region `--tone-region` names (`na`, `cept`, `uk`, in any case); nil for anything else.
    public init?(flag: String) { self.init(rawValue: flag.lowercased()) }
}
