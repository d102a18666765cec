import SoftphoneTestSupport
import Testing

/// `softphone --app consult --plain` through the real binary, fed the sample pushes of
/// `Assets/Payloads/` with `softphone push`, as a backend developer rehearses the flow.
@Suite("The consult app, end to end", .serialized)
struct ConsultEndToEndTests {
    static func payload(_ name: String) -> String { Repository.root + "/Assets/Payloads/" + name + ".json" }

    @Test("a hospital's push rings; a rival consultation is busy; a is join; the end push ends it; no answer after ringTimeout; a foreign push gets the app killed")
    func flow() throws {
        let phone = try PlainPhone(["--no-audio", "--app", "consult", "--set", "ringTimeout=1"])
        #expect(phone.process.line(startingWith: "READY")?.hasPrefix("READY app=consult lock=locked token=") == true)

        let start = try phone.remote(["push", Self.payload("consult-start")])
        #expect(start.status == 0 && start.out == "call 1 ringing\n")
        let incoming = phone.process.line(startingWith: "INCOMING call=1")
        #expect(incoming?.hasSuffix(#" from="Helpo Hospital" handle=BZ20260101001 video=yes"#) == true)

        // Busy: the app refuses the rival call and tells its server; no call rang (exit 3).
        let rival = try phone.remote(["push", Self.payload("consult-start-other-bizno")])
        #expect(rival.status == 3 && rival.out == "refused by the app: busy (its server was told)\n", "\(rival)")
        #expect(phone.process.line(startingWith: "SERVER name=busy")
            == "SERVER name=busy bizNo=BZ20260101002 sessionId=S-7732 topic=room-BZ20260101002 topicTime=1767225630000")

        phone.process.send("a")
        #expect(phone.process.line(startingWith: "SERVER name=join")
            == "SERVER name=join bizNo=BZ20260101001 sessionId=S-7731 topic=room-BZ20260101001 topicTime=1767225600000")
        #expect(phone.process.line(startingWith: "CONNECTED") == "CONNECTED call=1")

        let end = try phone.remote(["push", Self.payload("consult-end")])
        #expect(end.status == 3 && end.out == "no call rang; call 1 ended (remote)\n", "\(end)")
        #expect(phone.process.line(startingWith: "ENDED call=1")?.hasPrefix("ENDED call=1 reason=remote duration=") == true)

        // `softphone call` builds the consult push; nobody answers, and the app's 1 s timer ends it.
        #expect(try phone.remote(["call", "--from", "Helpo Hospital", "--handle", "BZ9"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING call=2")?.contains(#"from="Helpo Hospital" handle=BZ9"#) == true)
        #expect(phone.process.line(startingWith: "SERVER name=noAnswer")?.hasPrefix("SERVER name=noAnswer bizNo=BZ9 ") == true)
        #expect(phone.process.line(startingWith: "ENDED call=2") == "ENDED call=2 reason=unanswered duration=0s")

        // Data the app cannot read: it reports the call (rule 4) and fails it at once; the reply says so.
        let bad = try phone.remote(["push", Self.payload("consult-bad-data")])
        #expect(bad.status == 3 && bad.out == "call 3 reported, and ended at once (failed)\n")
        #expect(phone.process.line(startingWith: "ENDED call=3") == "ENDED call=3 reason=failed duration=0s")

        let wrong = try phone.remote(["push", Self.payload("consult-wrong-action")])
        #expect(wrong.status == 3 && wrong.out.hasPrefix("app killed: iOS rule 5: App terminated: VoIP push not reported"), "\(wrong)")
        #expect(phone.process.line(startingWith: "RULE")?.hasPrefix(#"RULE id=5 app=consult "App terminated: VoIP push not reported"#) == true)
        #expect(phone.process.line(startingWith: "APP state=not-running") == "APP state=not-running reason=unreported-voip-push")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }
}
