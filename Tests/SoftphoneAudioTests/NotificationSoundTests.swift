import SoftphoneAudio
import SoftphoneTestSupport
import Testing

/// Which files iOS plays as notification sounds (rule 42), judged from their headers.
@Suite("Notification sounds iOS would play")
struct NotificationSoundTests {
    @Test("linear PCM, float, IMA4, µ-law and A-law in WAV, AIFF or CAF, under 30 s, are played",
          arguments: [
              ("pcm.wav", ["-b", "16"]), ("float.wav", ["-e", "floating-point"]), ("ima.wav", ["-e", "ima-adpcm"]),
              ("ulaw.caf", ["-e", "u-law"]), ("alaw.aiff", ["-e", "a-law"]), ("pcm.caf", []), ("pcm24.aiff", ["-b", "24"]),
              ("just-under.wav", ["-b", "16", "LENGTH=29.9"]),
          ] as [(String, [String])])
    func played(name: String, options: [String]) throws {
        let folder = temporaryFolder()
        let path = folder + "/" + name
        let length = options.first { $0.hasPrefix("LENGTH=") }.map { String($0.dropFirst(7)) } ?? "1"
        try Sox.run(["-n", "-r", "8000", "-c", "1"] + options.filter { !$0.hasPrefix("LENGTH=") } + [path, "synth", length, "sine", "440"])
        #expect(NotificationSound.problem(withFileAt: path) == nil)
    }

    @Test("other encodings and containers are named, with what iOS takes", arguments: [
        ("ms-adpcm.wav", ["-e", "ms-adpcm"], "is WAV (Microsoft), Microsoft ADPCM"),
        ("tone.flac", ["-b", "24"], "is FLAC (Free Lossless Audio Codec), Signed 24 bit PCM"),
        ("tone.ogg", [], "is OGG (OGG Container format), Vorbis"),
    ] as [(String, [String], String)])
    func refusedFormat(name: String, options: [String], described: String) throws {
        let folder = temporaryFolder()
        let path = folder + "/" + name
        try Sox.run(["-n", "-r", "8000", "-c", "1"] + options + [path, "synth", "1", "sine", "440"])
        #expect(NotificationSound.problem(withFileAt: path)
            == described + ", which iOS does not play as a notification sound (it takes linear PCM, IMA4, µ-law or A-law in WAV, AIFF or CAF)")
    }

    @Test("30 s or longer is refused with its length; an unreadable or truncated file says so")
    func tooLongUnreadableTruncated() throws {
        let folder = temporaryFolder()
        let long = folder + "/long.wav"
        try Sox.run(["-n", "-r", "8000", "-c", "1", "-b", "16", long, "synth", "30", "sine", "440"])
        #expect(NotificationSound.problem(withFileAt: long) == "lasts 30.0 s; iOS plays only sounds shorter than 30 s")
        #expect(NotificationSound.problem(withFileAt: folder + "/none.wav") == "cannot be read (no such file)")
        let cut = try writeFile(Array(try fileBytes(long).prefix(1_044)), to: folder + "/cut.wav")
        #expect(NotificationSound.problem(withFileAt: cut)
            == "is truncated (the header declares 480000 bytes of audio, the file holds only 1000)")
    }

    @Test("the committed incoming.wav, which the ring-extension app plays, is one iOS would play")
    func committedIncoming() {
        #expect(NotificationSound.problem(withFileAt: GeneratedAssetTests.assets + "/Ringtones/incoming.wav") == nil)
    }
}
