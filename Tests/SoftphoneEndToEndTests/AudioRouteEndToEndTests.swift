import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Routes, interruptions, media resets, the headset's button and the audio-session fault through
/// the real binary in plain mode: the CLI's words, their plain lines, and `softphone state`.
@Suite("Audio routes, media resets and the audio-session fault, end to end", .serialized)
struct AudioRouteEndToEndTests {
    private func quit(_ phone: PlainPhone) {
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("route, interrupt (with and without shouldResume) and key headset: their plain lines, the voip app hears the route, state has it; interrupt is refused during a call and without one begun; a bad word is one line, exit 2")
    func routeAndHeadset() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["route", "bluetooth"]).status == 0)
        #expect(phone.process.line(startingWith: "AUDIO-ROUTE") == "AUDIO-ROUTE route=bluetooth previous=receiver reason=new-device-available")
        #expect(phone.process.line(startingWith: "SERVER name=audio-route") == "SERVER name=audio-route port=BluetoothHFP reason=1")
        #expect(try phone.state()["route"] == .string("bluetooth"))
        #expect(try phone.remote(["interrupt", "begin"]).status == 0)
        #expect(phone.process.line(startingWith: "AUDIO-INTERRUPTION") == "AUDIO-INTERRUPTION type=began")
        #expect(try phone.remote(["interrupt", "end"]).status == 0)
        #expect(phone.process.line(startingWith: "AUDIO-INTERRUPTION") == "AUDIO-INTERRUPTION type=ended")
        // An end that does not say shouldResume, as iOS sometimes sends it.
        #expect(try phone.remote(["interrupt", "begin"]).status == 0)
        #expect(phone.process.line(startingWith: "AUDIO-INTERRUPTION") == "AUDIO-INTERRUPTION type=began")
        #expect(try phone.remote(["interrupt", "end", "--no-resume"]).status == 0)
        #expect(phone.process.line(startingWith: "AUDIO-INTERRUPTION") == "AUDIO-INTERRUPTION type=ended should_resume=no")
        let noneInProgress = try phone.remote(["interrupt", "end"])
        #expect(noneInProgress.status != 0)
        #expect(noneInProgress.err.contains("there is no interruption; softphone interrupt begin starts one"))
        #expect(try phone.remote(["call", "--from", "Alice"]).status == 0)
        #expect(try phone.remote(["key", "headset"]).status == 0)
        #expect(phone.process.line(startingWith: "CONNECTED") == "CONNECTED call=1")
        // Other audio cannot interrupt CallKit's session: the refusal points to a cellular call.
        let duringCall = try phone.remote(["interrupt", "begin"])
        #expect(duringCall.status != 0)
        #expect(duringCall.err.split(separator: "\n").count == 1)
        #expect(duringCall.err.contains("softphone cellular call --from NUMBER"))
        #expect(try phone.remote(["key", "headset"]).status == 0)
        #expect(phone.process.line(startingWith: "ENDED call=1")?.contains("reason=local") == true)
        let bad = try phone.remote(["route", "airpods"])
        #expect(bad.status == 2)
        #expect(bad.err.split(separator: "\n").count == 1)
        #expect(bad.err.contains(#""airpods" is not one of receiver|speaker|bluetooth|carplay|wired"#))
        quit(phone)
    }

    @Test("fault audio-session never-activates: the answered call has no AUDIO session=active, an AUDIO-FAULT line in words; none activates it late")
    func neverActivates() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["fault", "audio-session", "never-activates"]).status == 0)
        #expect(phone.process.line(startingWith: "AUDIO-FAULT") == "AUDIO-FAULT fault=never-activates")
        #expect(try phone.state()["audio_fault"] == .string("never-activates"))
        #expect(try phone.remote(["call", "--from", "Alice"]).status == 0)
        phone.process.send("a")
        let withheld = phone.process.line(where: { $0.hasPrefix("AUDIO-FAULT") || $0.hasPrefix("AUDIO session=active") })
        #expect(withheld?.hasPrefix("AUDIO-FAULT fault=never-activates call=1 \"CallKit did not call provider(_:didActivate:)") == true)
        #expect(try phone.remote(["fault", "audio-session", "none"]).status == 0)
        #expect(phone.process.line(startingWith: "AUDIO session=") == "AUDIO session=active")
        quit(phone)
    }

    @Test("media-reset during a call: its plain line, the voip app hears the reset with the session back to solo ambient, the call goes on; an extra word is one line, exit 2")
    func mediaReset() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call", "--from", "Alice"]).status == 0)
        phone.process.send("a")
        #expect(phone.process.line(startingWith: "CONNECTED") == "CONNECTED call=1")
        #expect(try phone.remote(["media-reset"]).status == 0)
        #expect(phone.process.line(startingWith: "AUDIO-MEDIA-RESET") == "AUDIO-MEDIA-RESET")
        #expect(phone.process.line(startingWith: "SERVER name=media-reset") == "SERVER name=media-reset category=AVAudioSessionCategorySoloAmbient")
        #expect(try phone.state()["screen"] == .string("in-call"))
        let bad = try phone.remote(["media-reset", "now"])
        #expect(bad.status == 2)
        #expect(bad.err.split(separator: "\n").count == 1)
        #expect(bad.err.contains(#"unexpected argument "now""#))
        quit(phone)
    }
}
