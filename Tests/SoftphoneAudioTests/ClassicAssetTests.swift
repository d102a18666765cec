import SoftphoneAudio
import Testing

@Suite("Assets/Ringtones/classic.wav")
struct ClassicAssetTests {
    /// The asset's path, found from this file's so the test runs from any directory.
    static let assetPath: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // SoftphoneAudioTests/ClassicAssetTests.swift under Tests/
        return parts.joined(separator: "/") + "/Assets/Ringtones/classic.wav"
    }()

    @Test("decodes to exactly what RingtoneSynth produces (regenerate with `swift run generate-assets`)")
    func matchesGenerator() throws {
        let asset = try Ringtone.load(path: Self.assetPath)
        #expect(asset.summary == "classic.wav: 48000 Hz → 48000 Hz, 1 → 2 channels, 3.00 s")
        #expect(asset.samples == Ringtone.classic().samples)
    }
}
