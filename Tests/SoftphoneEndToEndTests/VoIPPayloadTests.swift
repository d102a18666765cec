import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Every sample push of the `voip` app in Assets/Payloads, sent with `softphone push` to the real
/// binary: what each one is for, shown happening.
@Suite("voip sample payloads, end to end", .serialized)
struct VoIPPayloadTests {
    static func payload(_ name: String) -> String { Repository.root + "/Assets/Payloads/" + name }

    @Test("voip-call, voip-video-call, voip-call-with-uuid: each rings with its caller, video flag and (given) UUID")
    func ringing() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["push", Self.payload("voip-call.json")]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING call=1")?.contains(#"from="Zoë 张伟" handle=+15551234 video=no"#) == true)
        phone.process.send("d")
        _ = phone.process.line(startingWith: "ENDED call=1")
        #expect(try phone.remote(["push", Self.payload("voip-video-call.json")]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING call=2")?.contains(#"from="Dr. Okafor" handle=okafor@example.com video=yes"#) == true)
        phone.process.send("d")
        _ = phone.process.line(startingWith: "ENDED call=2")
        #expect(try phone.remote(["push", Self.payload("voip-call-with-uuid.json")]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING call=3")?.contains("uuid=E621E1F8-C36C-495A-93FC-0C247A3E6E5F") == true)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("voip-bad-types: the app names the field to its server and still reports the call (iOS rule 4)")
    func badTypes() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["push", Self.payload("voip-bad-types.json")]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING call=1")?.contains("video=no") == true)
        #expect(phone.process.line(startingWith: "SERVER name=bad-push") == #"SERVER name=bad-push field=video expected="true or false""#)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("voip-answered-elsewhere: the backend's ending push ends the ringing call as answered on another device")
    func answeredElsewhere() throws {
        let phone = try PlainPhone(["--no-audio"])
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["push", Self.payload("voip-call.json")]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING call=1")
        // No call rang for it (exit 3), and the client says what it did instead.
        let ending = try phone.remote(["push", Self.payload("voip-answered-elsewhere.json")])
        #expect(ending.status == 3 && ending.out.contains("call 1 ended (answered-elsewhere)"), "\(ending)")
        #expect(phone.process.line(startingWith: "ENDED") == "ENDED call=1 reason=answered-elsewhere duration=0s")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("voip-too-large: over APNs' 5120-byte VoIP limit, refused before it reaches the phone (iOS rule 16)")
    func tooLarge() throws {
        let path = Self.payload("voip-too-large.json")
        let result = try PhoneProcess.run(["push", path, "--socket", temporaryFolder() + "/none.sock"])
        #expect(result.status == 2)
        #expect(result.err.contains("5120"))
    }

    @Test("--set tokenFormat=description: the server gets the stripped description, and the phone names rule 2")
    func brokenToken() throws {
        let phone = try PlainPhone(["--no-audio", "--set", "tokenFormat=description"])
        _ = phone.process.line(startingWith: "READY")
        #expect(phone.process.line(startingWith: "SERVER name=register")?.hasPrefix(#"SERVER name=register token="{length=32,bytes=0x"#) == true)
        #expect(phone.process.line(startingWith: "RULE")?.hasPrefix("RULE id=2 app=voip") == true)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }
}
