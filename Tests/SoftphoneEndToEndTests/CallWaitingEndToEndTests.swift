import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Each call-waiting button through the real binary in plain mode: the key, the CallKit actions
/// the app is handed (ACTION lines, in order), and the calls' states after (iOS rule 38).
@Suite("Call waiting, end to end", .serialized)
struct CallWaitingEndToEndTests {
    /// A plain-mode phone whose app may hold calls (`callGroups=2`), with Alice connected as call 1.
    private func aliceConnected() throws -> PlainPhone {
        let phone = try PlainPhone(["--no-audio", "--set", "callGroups=2"])
        _ = phone.process.line(startingWith: "READY")
        try ring(phone, "Alice", call: 1)
        phone.process.send("a")
        #expect(phone.process.line(startingWith: "CONNECTED") == "CONNECTED call=1")
        return phone
    }

    private func ring(_ phone: PlainPhone, _ name: String, call: Int) throws {
        #expect(try phone.remote(["call", "--from", name]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING call=\(call)")?.contains("from=\(name)") == true)
    }

    /// The call lines, shortened, until every one of `wanted` has come:
    /// "ACTION 2 answer", "ENDED 1 local", "CONNECTED 2", "HELD 1".
    private func flow(_ phone: PlainPhone, through wanted: String...) -> [String] {
        var seen: [String] = []
        var missing = Set(wanted)
        while let line = phone.process.line(where: { ["ACTION ", "ENDED ", "CONNECTED ", "HELD ", "RESUMED "].contains(where: $0.hasPrefix) }) {
            let words = line.split(separator: " ")
            let values = words.dropFirst().map { $0.split(separator: "=", maxSplits: 1).last.map(String.init) ?? "" }
            let short = ([String(words[0])] + values.prefix(words[0] == "CONNECTED" || words[0] == "HELD" || words[0] == "RESUMED" ? 1 : 2)).joined(separator: " ")
            seen.append(short)
            missing.remove(short)
            if missing.isEmpty { break }
        }
        return seen
    }

    /// `softphone state`'s calls: caller and state ("held", "connected").
    private func calls(of phone: PlainPhone) throws -> [String] {
        guard case .array(let calls)? = try phone.state()["calls"] else { return [] }
        return calls.map { "\($0["caller"]?.stringValue ?? "?") \($0["state"]?.stringValue ?? "?")" }
    }

    private func quit(_ phone: PlainPhone) {
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("1, End & Accept: End(Alice), then Answer(Bob); Alice ends, Bob connects")
    func endAndAccept() throws {
        let phone = try aliceConnected()
        try ring(phone, "Bob", call: 2)
        phone.process.send("1")
        #expect(flow(phone, through: "CONNECTED 2") == ["ACTION 1 end", "ENDED 1 local", "ACTION 2 answer", "CONNECTED 2"])
        #expect(try calls(of: phone) == ["Bob connected"])
        quit(phone)
    }

    @Test("2, Hold & Accept: SetHeld(Alice), then Answer(Bob); nothing ends")
    func holdAndAccept() throws {
        let phone = try aliceConnected()
        try ring(phone, "Bob", call: 2)
        phone.process.send("2")
        #expect(flow(phone, through: "CONNECTED 2") == ["ACTION 1 hold", "HELD 1", "ACTION 2 answer", "CONNECTED 2"])
        #expect(try calls(of: phone) == ["Alice held", "Bob connected"])
        quit(phone)
    }

    @Test("2 over a call already held, Hold & Accept: only Answer(Bob); the held call stays held")
    func holdAndAcceptOverHeld() throws {
        let phone = try aliceConnected()
        phone.process.send("x")
        #expect(flow(phone, through: "HELD 1") == ["ACTION 1 hold", "HELD 1"])
        try ring(phone, "Bob", call: 2)
        phone.process.send("2")
        #expect(flow(phone, through: "CONNECTED 2") == ["ACTION 2 answer", "CONNECTED 2"])
        #expect(try calls(of: phone) == ["Alice held", "Bob connected"])
        quit(phone)
    }

    @Test("2 with a call held and one active, End Held & Accept: End(Alice), SetHeld(Bob), Answer(Carol)")
    func endHeldAndAccept() throws {
        let phone = try aliceConnected()
        try ring(phone, "Bob", call: 2)
        phone.process.send("2")
        _ = flow(phone, through: "CONNECTED 2")
        try ring(phone, "Carol", call: 3)
        phone.process.send("2")
        #expect(flow(phone, through: "CONNECTED 3") == ["ACTION 1 end", "ENDED 1 local", "ACTION 2 hold", "HELD 2", "ACTION 3 answer", "CONNECTED 3"])
        #expect(try calls(of: phone) == ["Bob held", "Carol connected"])
        quit(phone)
    }

    @Test("d declines the waiting call; the active one goes on")
    func decline() throws {
        let phone = try aliceConnected()
        try ring(phone, "Bob", call: 2)
        phone.process.send("d")
        #expect(flow(phone, through: "ENDED 2 declined") == ["ACTION 2 end", "ENDED 2 declined"])
        #expect(try calls(of: phone) == ["Alice connected"])
        quit(phone)
    }

    @Test("a, with a second call ringing behind the first: Answer(first) and End(second) in one go")
    func answerEndsTheCallBehind() throws {
        let phone = try PlainPhone(["--no-audio", "--set", "callGroups=2"])
        _ = phone.process.line(startingWith: "READY")
        try ring(phone, "Alice", call: 1)
        try ring(phone, "Bob", call: 2)
        phone.process.send("a")
        let seen = flow(phone, through: "CONNECTED 1", "ENDED 2 declined")
        #expect(seen.filter { $0.hasPrefix("ACTION") } == ["ACTION 1 answer", "ACTION 2 end"])
        #expect(seen.contains("ENDED 2 declined"))
        #expect(try calls(of: phone) == ["Alice connected"])
        quit(phone)
    }
}
