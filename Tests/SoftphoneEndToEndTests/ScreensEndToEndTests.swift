import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The screens and keys through the real binary: `softphone key` and `softphone screen` over the
/// control socket, as a script or a person at a second terminal uses them.
@Suite("Screens and keys, end to end", .serialized)
struct ScreensEndToEndTests {
    @Test("a call declined, r shows it in Recents (softphone screen), Enter calls back: the app starts the call (iOS rule 48)")
    func recentsCallBack() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call", "--from", "张伟", "--handle", "+8613800138000"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING")
        phone.process.send("d")
        #expect(phone.process.line(startingWith: "ENDED call=1") == "ENDED call=1 reason=declined duration=0s")

        let opened = try phone.remote(["key", "r"])
        #expect(opened.status == 0 && opened.err.isEmpty)
        #expect(phone.process.line(startingWith: "LOCK") == "LOCK state=unlocked")
        let screen = try phone.remote(["screen"]).out
        #expect(screen.contains("Recents"))
        #expect(screen.contains("张伟") && screen.contains("+8613800138000"))
        #expect(screen.contains("Enter/c call back"))
        let state = try phone.state()
        #expect(state["screen"] == .string("recents"))

        #expect(try phone.remote(["key", "\r"]).err.isEmpty)
        let outgoing = phone.process.line(startingWith: "OUTGOING call=2")
        // CXStartCallAction carries the handle only; the app names the call by it.
        #expect(outgoing?.hasSuffix("handle=+8613800138000 video=no") == true, "\(outgoing ?? "no OUTGOING line")")
        #expect(phone.process.line(startingWith: "ACTION call=2 action=start") == "ACTION call=2 action=start outcome=fulfilled")

        // The help overlay over the call lists its keys; any key closes it.
        #expect(try phone.remote(["key", "?"]).err.isEmpty)
        let help = try phone.remote(["screen"]).out
        #expect(help.contains("Keys on the in-call screen") && help.contains("p       switch the loudspeaker on or off"))
        #expect(try phone.remote(["key", "q"]).err.isEmpty)  // closes help, does not quit
        #expect(try phone.remote(["screen"]).out.contains("[p]    speaker  off"))
        #expect(try phone.remote(["key", "p"]).status == 0)
        let speaker = try phone.state()
        #expect(speaker["speaker"] == .bool(true))
        #expect(try phone.remote(["screen"]).out.contains("[p]    speaker  on"))
        #expect(try phone.remote(["key", "q"]).status == 0)
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("keys that mean nothing on a screen are reported with the screen's name; s silences a ringing call: the audio stops, the call rings on")
    func silenceAndUnboundKeys() throws {
        let phone = try PlainPhone(["--audio-out", "/dev/null"])
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["key", "x"]).err == "softphone: keys did nothing: x does nothing on the lock screen (? lists its keys)\n")
        _ = try phone.remote(["call"])
        _ = phone.process.line(startingWith: "INCOMING")
        #expect(try phone.remote(["wait", "ring.started", "--timeout", "5"]).status == 0)
        #expect(try phone.remote(["key", "s"]).err.isEmpty)
        #expect(try phone.remote(["wait", "ring.stopped", "--timeout", "5"]).status == 0)
        let state = try phone.state()
        #expect(state["call"]?["state"] == .string("ringing"))
        #expect(try phone.remote(["screen"]).out.contains("silenced"))
        #expect(try phone.remote(["key", "s"]).err == "softphone: keys did nothing: s does nothing on the incoming screen (? lists its keys)\n")
        phone.process.send("a")
        #expect(phone.process.line(startingWith: "CONNECTED") == "CONNECTED call=1")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }
}
