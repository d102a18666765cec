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
}
