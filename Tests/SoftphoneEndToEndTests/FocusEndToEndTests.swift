import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Focus and interruption levels through the real binary (iOS rule 43): `softphone focus on`, then
/// the ring-extension app's call notification, silenced at active, heard at time-sensitive.
@Suite("Focus and interruption levels, end to end", .serialized)
struct FocusEndToEndTests {
    @Test("focus on: the active call notification is silenced by Focus, the time-sensitive one plays; state says focus")
    func focusSilencesActive() throws {
        let phone = try PlainPhone(["--no-audio", "--app", "ring-extension", "--set", "timeSensitive=YES"])
        #expect(phone.process.line(startingWith: "READY") != nil)
        #expect(try phone.remote(["focus", "on"]).status == 0)
        #expect(phone.process.line(startingWith: "FOCUS") == "FOCUS focus=on")
        #expect(try phone.state()["focus"] == .string("on"))
        // Exit 3: the phone took the push and no call rang (docs/usage.md); the lines below say what it did.
        #expect(try phone.remote(["push", Repository.path("Assets/Payloads/ring-extension-no-mutable-content.json"), "--type", "alert"]).status == 3)
        #expect(phone.process.line(startingWith: "NOTIFICATION id=1")?.hasSuffix("sound_outcome=silenced silenced_by=focus") == true)
        _ = try phone.remote(["push", Repository.path("Assets/Payloads/ring-extension-time-sensitive.json"), "--type", "alert"])
        let heard = phone.process.line(startingWith: "NOTIFICATION id=2")
        #expect(heard?.hasSuffix("interruption_level=timeSensitive") == true, "\(heard ?? "no line")")
        phone.process.send("q")
        _ = phone.process.waitForExit()
    }

    @Test("rule 43: time-sensitive off, as the person sets it in Settings: the time-sensitive call notification comes as active and Focus silences it; state says time_sensitive")
    func personTurnsTimeSensitiveOff() throws {
        let phone = try PlainPhone(["--no-audio", "--app", "ring-extension", "--set", "timeSensitive=YES"])
        #expect(phone.process.line(startingWith: "READY") != nil)
        #expect(try phone.state()["time_sensitive"] == .string("on"))
        #expect(try phone.remote(["focus", "on"]).status == 0)
        #expect(try phone.remote(["time-sensitive", "off"]).status == 0)
        #expect(try phone.state()["time_sensitive"] == .string("off"))
        _ = try phone.remote(["push", Repository.path("Assets/Payloads/ring-extension-time-sensitive.json"), "--type", "alert"])
        let line = phone.process.line(startingWith: "NOTIFICATION id=1")
        // Delivered as active (the default level, which the line leaves out): Focus silences it.
        #expect(line?.hasSuffix("sound_outcome=silenced silenced_by=focus") == true, "\(line ?? "no line")")
        #expect(line?.contains("interruption_level=") == false)
        let wrong = try phone.remote(["time-sensitive", "maybe"])
        #expect(wrong.status != 0 && wrong.err.contains("\"maybe\" is not one of on|off"))
        phone.process.send("q")
        _ = phone.process.waitForExit()
    }
}
