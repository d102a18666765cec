import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// A cellular call cutting into a VoIP call through the real binary in plain mode (iOS rule 39):
/// `softphone cellular call`, Hold & Accept, then `softphone cellular end`, and the lines and
/// state that follow.
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

    @Test("a cellular call during a VoIP call, Hold & Accept, then cellular end: hold, deactivated, cellular connected; resumed and activated again")
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
        #expect(state["screen"]?.stringValue == "in-call")

        #expect(try phone.remote(["cellular", "end"]).status == 0)
        #expect(lines(phone, through: "RESUMED call=1") == [
            "CELLULAR state=ended from=+15550199", "AUDIO session=active", "ACTION call=1 action=unhold outcome=fulfilled", "RESUMED call=1",
        ])
        #expect(try phone.state()["cellular"] == .null)

        // Bad words get one line naming what is accepted.
        let missing = try phone.remote(["cellular", "call"])
        #expect(missing.status != 0)
        #expect(missing.err.contains("cellular call needs --from"))
        let unknown = try phone.remote(["cellular", "ring"])
        #expect(unknown.err.contains("\"ring\" is not one of call|end|hold"))
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }
}
