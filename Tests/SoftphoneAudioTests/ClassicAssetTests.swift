import SoftphoneAudio
import SoftphoneTestSupport
import Testing

@Suite("Assets/Ringtones/classic.wav")
struct ClassicAssetTests {
    static let assetPath = Repository.path("Assets/Ringtones/classic.wav")

    @Test("decodes to exactly what RingtoneSynth produces (regenerate with `swift run generate-assets`)")
    func matchesGenerator() throws {
        let asset = try Ringtone.load(path: Self.assetPath)
        #expect(asset.summary == "classic.wav: 48000 Hz → 48000 Hz, 1 → 2 channels, 3.00 s")
        #expect(asset.samples == Ringtone.classic().samples)
    }
}
