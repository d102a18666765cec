import SoftphoneCore
import Glibc
import SoftphoneControl
import SoftphoneTestSupport
import Testing

@Suite("Automation: events, wait, state, screen, headless", .serialized)
struct AutomationTests {
    @Test("events prints the history as JSON lines; wait finds an event that already happened; state and screen describe the call")
    func historyWaitStateScreen() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call", "--from", "Zoë 张伟", "--handle", "+15551234"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING")

        // The call came before wait started: wait still sees it (no race for scripts).
        let waited = try phone.remote(["wait", "call.incoming", "--where", "caller=Zoë 张伟", "--where", "call=1"])
        #expect(waited.status == 0)
        let incoming = try JSON.parse(String(waited.out.dropLast()))
        #expect(incoming["event"] == .string("call.incoming") && incoming["handle"] == .string("+15551234"))

        let state = try phone.state()
        #expect(state["screen"] == .string("incoming"))
        #expect(state["call"]?["state"] == .string("ringing") && state["call"]?["caller"] == .string("Zoë 张伟"))

        let screen = try phone.remote(["screen"])
        #expect(screen.status == 0)
        #expect(screen.out.contains("Zoë 张伟") && screen.out.contains("[a] Accept"))
        #expect(screen.out.split(separator: "\n", omittingEmptySubsequences: false).count == 25)  // 24 rows + final newline

        phone.process.send("a")
        _ = phone.process.line(startingWith: "CONNECTED")
        phone.process.send("d")
        _ = phone.process.line(startingWith: "ENDED")
        #expect(try phone.remote(["wait", "call.ended", "--where", "reason=local"]).status == 0)

        let history = try phone.remote(["events"])
        #expect(history.status == 0)
        let names = try history.out.split(separator: "\n").map { try JSON.parse(String($0))["event"]?.stringValue ?? "" }
        #expect(names.filter { $0.hasPrefix("call.") || $0 == "phone.ready" } == [
            "phone.ready", "call.incoming", "call.action", "call.connected", "call.action", "call.ended",
        ])
        // The app's own life is in the stream too: launched at start, its token, its server requests.
        #expect(names.contains("app.state") && names.contains("push.token") && names.contains("server.request"))
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("wait times out with exit 97 and one line naming what it waited for")
    func waitTimesOut() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let start = PhoneProcess.now()
        let result = try phone.remote(["wait", "call.ended", "--where", "reason=unanswered", "--timeout", "0.5"])
        #expect(result.status == 97)
        #expect(result.err == "softphone wait: no call.ended reason=unanswered within 0.5 s\n")
        #expect(PhoneProcess.now() - start < 3)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("wait --after-call N waits for what comes after call N ended, whenever it ends; with --new it is refused")
    func waitAfterACall() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call", "--from", "First"]).status == 0)
        let later = try PhoneProcess(["wait", "call.incoming", "--after-call", "1", "--timeout", "10", "--socket", phone.socket])
        #expect(try phone.remote(["wait", "call.incoming", "--after-call", "1", "--timeout", "0.5"]).status == 97, "call 1 has not ended")
        phone.process.send("d")
        _ = phone.process.line(startingWith: "ENDED call=1")
        #expect(try phone.remote(["call", "--from", "Second"]).status == 0)
        #expect(later.waitForExit() == 0)
        #expect(later.remainingOutput().contains("\"caller\":\"Second\""))
        let both = try phone.remote(["wait", "call.ended", "--new", "--after-call", "1"])
        #expect(both.status == 2 && both.err.contains("give one of them"))
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("wait refuses at once, exit 2, an event or a field that does not exist, naming the ones that do")
    func waitChecksNames() throws {
        let event = try PhoneProcess.run(["wait", "call.bogus", "--timeout", "30"])
        #expect(event.status == 2)
        #expect(event.err.hasPrefix("softphone wait: unknown event \"call.bogus\"; the events are: phone.ready, call.incoming"), "\(event.err)")
        let field = try PhoneProcess.run(["wait", "call.ended", "--where", "reson=local", "--timeout", "30"])
        #expect(field.status == 2)
        #expect(field.err == "softphone wait: call.ended has no field \"reson\"; its fields are: call, uuid, caller, handle, reason, duration_ms, actions (docs/events.md)\n")
    }

    @Test("wait on server.request's own fields: one the app never sent is refused at once, exit 2, naming those it sent; with name= it waits for that request")
    func waitChecksAppFields() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let unknown = try phone.remote(["wait", "server.request", "--where", "nosuch=1", "--timeout", "30"])
        #expect(unknown.status == 2)
        #expect(unknown.err.hasPrefix("softphone wait: server.request has no field \"nosuch\" in this run; the app's requests so far carried: name, token, environment. "), "\(unknown.err)")
        // Named, a request the app has not sent yet is waited for; when it comes without the field, exit 2.
        let named = try PhoneProcess(["wait", "server.request", "--where", "name=answer", "--where", "nosuch=1", "--timeout", "20", "--socket", phone.socket])
        #expect(named.waitForExit(seconds: 0.3) == nil, "still waiting: the app has sent no answer yet")
        #expect(try phone.remote(["call"]).status == 0)
        let incoming = phone.process.line(startingWith: "INCOMING call=1") ?? ""
        phone.process.send("a")
        #expect(named.waitForExit() == 2)
        #expect(named.stderrText.hasPrefix("softphone wait: server.request name=answer came without a field \"nosuch\"; the app's requests so far carried: name, token, environment, uuid"))
        // A field the app has sent is taken, and matched.
        let uuid = incoming.split(separator: " ").first { $0.hasPrefix("uuid=") }.map { String($0.dropFirst(5)) } ?? "?"
        #expect(try phone.remote(["wait", "server.request", "--where", "uuid=\(uuid)", "--timeout", "5"]).status == 0)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("wait --new waits only for what happens after it starts: a second flow's wait is not satisfied by the first's events")
    func waitForNewEventsOnly() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call"]).status == 0)
        phone.process.send("d")
        _ = phone.process.line(startingWith: "ENDED call=1")
        #expect(try phone.remote(["wait", "call.ended"]).status == 0, "without --new, the history answers")
        #expect(try phone.remote(["wait", "call.ended", "--new", "--timeout", "0.5"]).status == 97, "the first call's end is old")
        // A waiter started now is answered by the next call's end, not the first's. It may connect
        // only after a call or two more: calls come until it has seen one.
        let waiter = try PhoneProcess(["wait", "call.ended", "--new", "--timeout", "20", "--socket", phone.socket])
        var calls = 1
        while waiter.exitStatus == nil && calls < 20 {
            #expect(try phone.remote(["call"]).status == 0)
            calls += 1
            phone.process.send("d")
            _ = phone.process.line(startingWith: "ENDED call=\(calls)")
            _ = waiter.waitForExit(seconds: 0.3)
        }
        #expect(waiter.waitForExit() == 0)
        #expect(!waiter.remainingOutput().contains("\"call\":1,"), "the first call's end is never the answer")
        let events = try phone.remote(["events", "--new"])
        #expect(events.status == 0 && events.out.isEmpty, "events --new without --follow: nothing yet")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("events --follow streams each event as it happens and ends when the phone quits; wait ends with 1 then")
    func follow() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let follower = try PhoneProcess(["events", "--follow", "--socket", phone.socket])
        let waiter = try PhoneProcess(["wait", "call.connected", "--socket", phone.socket])
        #expect(follower.line(startingWith: #"{"t_ms":"#)?.contains(#""event":"phone.ready""#) == true)
        _ = try phone.remote(["call"])
        #expect(follower.event("call.incoming") != nil)
        // The waiter must be following before the phone quits: give it a moment on a loaded machine.
        pause(1)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
        #expect(follower.event("call.ended")?.contains(#""call":1,"#) == true)
        #expect(follower.waitForExit() == 0)
        #expect(waiter.waitForExit() == 1)
        #expect(waiter.stderrText == "softphone wait: the phone quit before call.connected\n")
    }

    @Test("--headless: the JSONL stream on stdout, requests as JSON lines on stdin, each answered in order")
    func headless() throws {
        let folder = temporaryFolder()
        let phone = try PhoneProcess(["--headless", "--no-audio", "--socket", folder + "/s.sock", "--data-dir", folder + "/data"])
        #expect(phone.line(startingWith: #"{"t_ms":"#)?.contains(#""event":"phone.ready","app":"voip""#) == true)
        phone.send(#"{"id":1,"cmd":"call","from":"Bob"}"# + "\n" + "not json\n" + #"{"id":2,"cmd":"key","keys":"a"}"# + "\n")
        #expect(phone.event("call.incoming")?.contains(#""call":1"#) == true)
        #expect(phone.line(startingWith: #"{"id":1,"#) == #"{"id":1,"ok":true,"outcome":"call 1 ringing","rang":true,"call":1}"#)
        #expect(phone.line(startingWith: #"{"ok":false"#)?.contains("request is not JSON") == true)
        #expect(phone.event("call.connected")?.contains(#""call":1"#) == true)
        #expect(phone.line(startingWith: #"{"id":2,"#) == #"{"id":2,"ok":true}"#)
        phone.send(#"{"cmd":"key","keys":"q"}"# + "\n")
        #expect(phone.waitForExit() == 0)
    }

    @Test("bad options of the automation subcommands: one line, exit 2", arguments: [
        (["--plain", "--headless"], "softphone: --plain and --headless choose different outputs; give one of them\n"),
        (["wait"], "softphone wait: which event? e.g. `softphone wait call.incoming`; usage: softphone wait EVENT [--where FIELD=VALUE]... [--timeout S] [--new | --after-call N]\n"),
        (["wait", "call.ended", "--where", "reason"], "softphone wait: --where \"reason\" must be FIELD=VALUE, e.g. --where reason=local\n"),
        (["wait", "call.ended", "--timeout", "soon"], "softphone wait: --timeout \"soon\" must be a number of seconds above 0, e.g. --timeout 10\n"),
        (["events", "--tail"], "softphone events: unknown option \"--tail\"; usage: softphone events [--follow] [--new] [--socket PATH]\n"),
    ])
    func badOptions(arguments: [String], message: String) throws {
        let result = try PhoneProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.err == message)
    }
}

@Suite("Automation: waiting for a phone to start")
struct WaitForStartTests {
    @Test("wait phone.ready started before the phone returns once it is up; with no phone at all it times out (97)")
    func waitsForStart() throws {
        let folder = temporaryFolder()
        let socket = folder + "/late.sock"
        let waiter = try PhoneProcess(["wait", "phone.ready", "--socket", socket, "--timeout", "10"])
        pause(0.3)
        let phone = try PhoneProcess(["--plain", "--no-audio", "--socket", socket, "--data-dir", folder + "/data"])
        #expect(waiter.waitForExit() == 0)
        #expect(waiter.line(startingWith: "{")?.contains(#""event":"phone.ready""#) == true)
        phone.send("q")
        #expect(phone.waitForExit() == 0)

        let lonely = try PhoneProcess.run(["wait", "phone.ready", "--socket", folder + "/nobody.sock", "--timeout", "0.3"])
        #expect(lonely.status == 97)
        #expect(lonely.err == "softphone wait: no phone answered on \(folder)/nobody.sock within 0.3 s\n")
    }
}
