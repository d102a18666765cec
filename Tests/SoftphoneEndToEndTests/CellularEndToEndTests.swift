import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// A cellular call cutting into a VoIP call through the real binary in plain mode (iOS rule 39):
/// `softphone cellular call`, Hold & Accept, then `softphone cellular end` and the person's resume,
/// and the lines and state that follow.
@Suite("Cellular calls, end to end", .serialized)
struct CellularEndToEndTests {
    /// The lines of the calls, the cellular call and the audio session, until `last` has come.
    private func lines(_ phone: PlainPhone, through last: String) -> [String] {
        var seen: [String] = []
        while let line = phone.process.line(where: { ["ACTION ", "HELD ", "RESUMED ", "AUDIO ", "CELLULAR "].contains(where: $0.hasPrefix) }) {
            seen.append(line)
            if line == last { break }
        }
        return seen
    }

    @Test("a cellular call during a VoIP call, Hold & Accept, then cellular end: hold, deactivated, cellular connected; left held until x resumes it and activates the session")
    func holdAndAcceptThenEnd() throws {
        // callGroups=2: the voip app reports calls that can be held.
        let phone = try PlainPhone(["--no-audio", "--set", "callGroups=2"])
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call", "--from", "Alice"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING call=1")
        phone.process.send("a")
        #expect(lines(phone, through: "AUDIO session=active").suffix(1) == ["AUDIO session=active"])

        let rang = try phone.remote(["cellular", "call", "--from", "+15550199"])
        #expect(rang.status == 0)
        #expect(lines(phone, through: "CELLULAR state=incoming from=+15550199") == ["CELLULAR state=incoming from=+15550199"])
        #expect(try phone.state()["screen"]?.stringValue == "call-waiting")
        phone.process.send("2")
        #expect(lines(phone, through: "HELD call=1") == [
            "AUDIO session=inactive", "CELLULAR state=connected from=+15550199", "ACTION call=1 action=hold outcome=fulfilled", "HELD call=1",
        ])
        let state = try phone.state()
        #expect(state["cellular"]?["state"]?.stringValue == "connected")
        #expect(state["cellular"]?["from"]?.stringValue == "+15550199")
        #expect(state["cellular"]?["label"] == .null)
        #expect(state["screen"]?.stringValue == "in-call")

        #expect(try phone.remote(["cellular", "end"]).status == 0)
        #expect(lines(phone, through: "CELLULAR state=ended from=+15550199") == ["CELLULAR state=ended from=+15550199"])
        #expect(try phone.state()["cellular"] == .null)
        #expect(try phone.state()["screen"]?.stringValue == "in-call")
        // The call stays held until the person resumes it; then CallKit activates the session.
        phone.process.send("x")
        #expect(lines(phone, through: "AUDIO session=active") == [
            "ACTION call=1 action=unhold outcome=fulfilled", "RESUMED call=1", "AUDIO session=active",
        ])

        // Bad words get one line naming what is accepted.
        let missing = try phone.remote(["cellular", "call"])
        #expect(missing.status != 0)
        #expect(missing.err.contains("cellular call needs --from"))
        let unknown = try phone.remote(["cellular", "ring"])
        #expect(unknown.err.contains("\"ring\" is not one of call|end|hold"))
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("a VoIP call taken with Hold & Accept over a cellular call ends: the held cellular call stays on screen; x resumes it, d ends it")
    func heldCellularAfterVoIPEnds() throws {
        let phone = try PlainPhone(["--no-audio"])
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["cellular", "call", "--from", "+15550199"]).status == 0)
        phone.process.send("a")
        #expect(lines(phone, through: "CELLULAR state=connected from=+15550199").last == "CELLULAR state=connected from=+15550199")
        #expect(try phone.remote(["call", "--from", "Bob"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING call=1")
        phone.process.send("2")
        #expect(lines(phone, through: "AUDIO session=active").first == "CELLULAR state=held from=+15550199")
        phone.process.send("d")
        _ = phone.process.line(startingWith: "ENDED call=1")
        let state = try phone.state()
        #expect(state["screen"]?.stringValue == "in-call")
        #expect(state["cellular"]?["state"]?.stringValue == "held")
        #expect(try phone.remote(["key", "x"]).status == 0)
        #expect(lines(phone, through: "CELLULAR state=connected from=+15550199").last == "CELLULAR state=connected from=+15550199")
        #expect(try phone.remote(["key", "d"]).status == 0)
        #expect(lines(phone, through: "CELLULAR state=ended from=+15550199").last == "CELLULAR state=ended from=+15550199")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("rule 50: call-directory on loads the voip app's extension; a cellular call from its blocked number is refused unseen, one from its named number rings with the label")
    func callDirectory() throws {
        let phone = try PlainPhone(["--no-audio"])
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.state()["call_directory"]?.stringValue == "off")

        #expect(try phone.remote(["call-directory", "on"]).status == 0)
        #expect(phone.process.line(startingWith: "DIRECTORY ") == "DIRECTORY enabled=on")
        #expect(phone.process.line(startingWith: "DIRECTORY-LOADED") ==
            "DIRECTORY-LOADED extension=com.example.voip.CallDirectoryHandler blocked=1 identified=1 incremental=no")
        #expect(try phone.state()["call_directory"]?.stringValue == "on")

        #expect(try phone.remote(["cellular", "call", "--from", "+15550100"]).status == 0)
        #expect(phone.process.line(startingWith: "CELLULAR-BLOCKED") == "CELLULAR-BLOCKED from=+15550100 by=com.example.voip.CallDirectoryHandler")
        #expect(try phone.state()["cellular"] == .null)

        #expect(try phone.remote(["cellular", "call", "--from", "+15550142"]).status == 0)
        #expect(phone.process.line(startingWith: "CELLULAR-IDENTIFIED") ==
            #"CELLULAR-IDENTIFIED from=+15550142 label="VoIP Support" by=com.example.voip.CallDirectoryHandler"#)
        #expect(phone.process.line(startingWith: "CELLULAR ") == "CELLULAR state=incoming from=+15550142")
        #expect(try phone.state()["cellular"]?["label"]?.stringValue == "VoIP Caller ID: VoIP Support")
        let screen = try phone.remote(["screen"])
        #expect(screen.out.contains("VoIP Caller ID: VoIP Support"))

        let wrong = try phone.remote(["call-directory", "maybe"])
        #expect(wrong.status != 0)
        #expect(wrong.err.contains("\"maybe\" is not one of on|off"))
        // The load completed: there is none for the system to end.
        let crash = try phone.remote(["fault", "call-directory", "crash"])
        #expect(crash.status != 0 && crash.err.contains("no Call Directory load is running"), "\(crash.err)")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }
}
