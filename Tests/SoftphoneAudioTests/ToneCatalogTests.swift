import SoftphoneAudio
import Testing

@Suite("The tone catalog: DTMF, ringback, busy, call waiting")
struct ToneCatalogTests {
    /// The sixteen keys, each with its row and column frequency (ITU-T Q.23).
    static let keys: [(key: Character, low: Int, high: Int)] = [
        ("1", 697, 1209), ("2", 697, 1336), ("3", 697, 1477), ("A", 697, 1633),
        ("4", 770, 1209), ("5", 770, 1336), ("6", 770, 1477), ("B", 770, 1633),
        ("7", 852, 1209), ("8", 852, 1336), ("9", 852, 1477), ("C", 852, 1633),
        ("*", 941, 1209), ("0", 941, 1336), ("#", 941, 1477), ("D", 941, 1633),
    ]

    @Test("each DTMF key is its row and column frequency, 100 ms on and 100 ms off, once")
    func dtmfKeys() throws {
        for (key, low, high) in Self.keys {
            let tone = try #require(ToneCatalog.dtmf(key))
            #expect(tone.frequencies == [low, high], "key \(key)")
            #expect(tone.cadence == [.init(isOn: true, milliseconds: 100), .init(isOn: false, milliseconds: 100)])
            #expect(!tone.repeats)
        }
        #expect(ToneCatalog.dtmf("a") == ToneCatalog.dtmf("A"))
        #expect(ToneCatalog.dtmf("E") == nil && ToneCatalog.dtmf("x") == nil)
    }

    @Test("call-progress tones have their national frequencies and cadences")
    func progressTones() {
        let expected: [(Tone, [Int], [Int])] = [  // tone, frequencies, on/off milliseconds starting with on
            (ToneCatalog.ringbackNorthAmerica, [440, 480], [2_000, 4_000]),
            (ToneCatalog.busyNorthAmerica, [480, 620], [500, 500]),
            (ToneCatalog.ringbackEurope, [425], [1_000, 4_000]),
            (ToneCatalog.busyEurope, [425], [500, 500]),
            (ToneCatalog.ringbackUK, [400, 450], [400, 200, 400, 2_000]),
            (ToneCatalog.busyUK, [400], [375, 375]),
            (ToneCatalog.callWaiting, [440], [300, 9_700]),
        ]
        for (tone, frequencies, steps) in expected {
            #expect(tone.frequencies == frequencies, "\(tone.name)")
            #expect(tone.cadence.map(\.milliseconds) == steps, "\(tone.name)")
            #expect(tone.cadence.map(\.isOn) == steps.indices.map { $0 % 2 == 0 }, "\(tone.name)")
            #expect(tone.repeats)
        }
        #expect(ToneCatalog.callWaiting.periodMilliseconds == 10_000, "a beep every 10 s")
    }

    @Test("names are unique and found ignoring case; * and # also work as dtmf-* and dtmf-#")
    func names() {
        let names = ToneCatalog.names
        #expect(Set(names).count == names.count && names.count == 23)
        #expect(Array(names.prefix(4)) == ["dtmf-1", "dtmf-2", "dtmf-3", "dtmf-a"])
        #expect(names.contains("dtmf-star") && names.contains("dtmf-hash"))
        #expect(Array(names.suffix(7)) == ["ringback-us", "busy-us", "ringback-eu", "busy-eu", "ringback-uk", "busy-uk", "call-waiting"])
        for tone in ToneCatalog.all {
            #expect(ToneCatalog.tone(named: tone.name) == tone)
            #expect(ToneCatalog.tone(named: tone.name.uppercased()) == tone)
        }
        #expect(ToneCatalog.tone(named: "dtmf-*")?.name == "dtmf-star")
        #expect(ToneCatalog.tone(named: "DTMF-#")?.name == "dtmf-hash")
        #expect(ToneCatalog.tone(named: "ringback") == nil && ToneCatalog.tone(named: "dtmf-x") == nil)
    }

    @Test("a summary line says what each tone is")
    func summary() {
        #expect(ToneCatalog.busyUK.summary == "busy-uk: 400 Hz, 375 ms on, 375 ms off, repeating (busy, UK)")
        #expect(ToneCatalog.dtmf("5")?.summary == "dtmf-5: 770 Hz + 1336 Hz, 100 ms on, 100 ms off, once (DTMF key 5)")
    }

    @Test("--tone-region picks each region's ringback and busy tone; North America unless told")
    func regions() {
        #expect(ToneRegion.standard == .northAmerica)
        #expect(ToneRegion.allCases.map(\.rawValue) == ["na", "cept", "uk"])
        #expect(ToneRegion(flag: "CEPT") == .europe && ToneRegion(flag: "fr") == nil)
        #expect(ToneRegion.allCases.map { ToneCatalog.ringback($0).name } == ["ringback-us", "ringback-eu", "ringback-uk"])
        #expect(ToneRegion.allCases.map { ToneCatalog.busy($0).name } == ["busy-us", "busy-eu", "busy-uk"])
        #expect(ToneCatalog.ringback(.europe).frequencies == [425] && ToneCatalog.ringback(.northAmerica).frequencies == [440, 480])
    }
}
