import Glibc
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The person's device commands through the real binary: lock and unlock (full screen vs banner,
/// iOS rule 37), the app's life, and Recents surviving a restart (iOS rule 48).
@Suite("Device commands, end to end", .serialized)
struct DeviceCommandTests {
    @Test("iOS rule 37: unlocked, a call shows as a banner; locked, full screen; the state says which")
    func lockAndBanner() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["unlock"]).status == 0)
        #expect(phone.process.line(startingWith: "LOCK") == "LOCK state=unlocked")
        #expect(try phone.remote(["call", "--from", "Zoë"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING call=1")
        var state = try phone.state()
        #expect(state["screen"]?.stringValue == "banner" && state["lock"]?.stringValue == "unlocked")
        #expect(try phone.remote(["screen"]).out.contains("o full screen"))
        #expect(try phone.remote(["key", "o"]).status == 0)
        state = try phone.state()
        #expect(state["screen"]?.stringValue == "incoming")
        phone.process.send("d")
        _ = phone.process.line(startingWith: "ENDED call=1")
        #expect(try phone.remote(["lock"]).status == 0)
        #expect(phone.process.line(startingWith: "LOCK") == "LOCK state=locked")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("iOS rule 37: with Full Screen chosen for incoming calls, a call on the unlocked phone takes the whole screen")
    func incomingCallsFullScreen() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["unlock"]).status == 0)
        #expect(try phone.state()["incoming_calls"]?.stringValue == "banner")
        #expect(try phone.remote(["incoming-calls", "full-screen"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING-CALLS") == "INCOMING-CALLS style=full-screen")
        #expect(try phone.remote(["call", "--from", "Zoë"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING call=1")
        let state = try phone.state()
        #expect(state["screen"]?.stringValue == "incoming" && state["lock"]?.stringValue == "unlocked")
        #expect(state["incoming_calls"]?.stringValue == "full-screen")
        #expect(try phone.remote(["key", "w"]).status == 3, "no banner to swipe away")
        #expect(try phone.remote(["incoming-calls", "sideways"]).err.hasPrefix(#"softphone incoming-calls: "sideways" is not one of banner|full-screen"#))
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("the app's life: foreground needs the phone unlocked; a killed app's call ends as failed; a push relaunches it")
    func appLife() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let locked = try phone.remote(["app", "foreground"])
        #expect(locked.status == 1 && locked.err.contains("the phone is locked"))
        #expect(try phone.remote(["call"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING call=1")
        #expect(try phone.remote(["app", "kill"]).status == 0)
        #expect(phone.process.line(startingWith: "ENDED call=1") == "ENDED call=1 reason=failed duration=0s")
        #expect(phone.process.line(startingWith: "APP state=not-running") == #"APP state=not-running reason=killed"#)
        // The remote side cannot reach a dead app; the next VoIP push launches it in the background.
        #expect(try phone.remote(["hangup"]).status == 1)
        #expect(try phone.remote(["call"]).status == 0)
        #expect(phone.process.line(startingWith: "APP state=background")?.contains("voip-push") == true)
        _ = phone.process.line(startingWith: "INCOMING call=2")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("the app's own hang-up button (softphone app end-call, key e): only with the app in the foreground; it ends the call through CallKit")
    func appEndCall() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call", "--from", "Zoë"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING call=1")
        phone.process.send("a")
        _ = phone.process.line(startingWith: "CONNECTED call=1")
        let background = try phone.remote(["app", "end-call"])
        #expect(background.status == 1 && background.err.contains("only while the app is in the foreground"))
        #expect(try phone.remote(["unlock"]).status == 0)
        #expect(try phone.remote(["app", "foreground"]).status == 0)
        #expect(try phone.remote(["app", "end-call"]).status == 0)
        #expect(phone.process.line(startingWith: "ENDED call=1")?.hasPrefix("ENDED call=1 reason=local") == true)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("softphone app delete ends the app and its call; pushes, calls and app actions are refused with what to do; app install brings it back")
    func appDeleteAndInstall() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING call=1")
        #expect(try phone.remote(["app", "delete"]).status == 0)
        #expect(phone.process.line(startingWith: "ENDED call=1") == "ENDED call=1 reason=failed duration=0s")
        #expect(phone.process.line(startingWith: "APP state=not-installed") == "APP state=not-installed reason=deleted")
        #expect(try phone.state()["app_state"]?.stringValue == "not-installed")
        let notInstalled = "the app is not installed; softphone app install installs it again\n"
        let file = phone.folder + "/voip.json"
        try writeFile(text: #"{"aps":{},"caller":"Zoë"}"#, to: file)
        let push = try phone.remote(["push", file])
        #expect(push.status == 1 && push.err == "softphone: " + notInstalled, "\(push)")
        let call = try phone.remote(["call"])
        #expect(call.status == 1 && call.err == "softphone: " + notInstalled, "\(call)")
        #expect(try phone.remote(["unlock"]).status == 0)
        for action in ["foreground", "background", "kill", "end-call", "delete", "reinstall"] {
            let refused = try phone.remote(["app", action])
            #expect(refused.status == 1 && refused.err == "softphone: " + notInstalled, "\(action): \(refused)")
        }

        #expect(try phone.remote(["app", "install"]).status == 0)
        #expect(phone.process.line(startingWith: "APP state=background") == #"APP state=background reason="launched (installed)""#)
        #expect(try phone.state()["app_state"]?.stringValue == "background")
        let again = try phone.remote(["app", "install"])
        #expect(again.status == 1 && again.err == "softphone: the app is already installed; softphone app reinstall deletes it and installs it afresh\n")
        #expect(try phone.remote(["push", file]).out == "call 2 ringing\n")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("the screen of a phone whose app is deleted says so, and offers no key to open it")
    func deletedAppScreen() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["unlock"]).status == 0)
        #expect(try phone.remote(["screen"]).out.contains("f open app"))
        #expect(try phone.remote(["app", "delete"]).status == 0)
        let screen = try phone.remote(["screen"]).out
        #expect(screen.contains("VoIP: not installed") && !screen.contains("running") && !screen.contains("open app"), "\(screen)")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("bad app actions are one line naming the accepted ones", arguments: [
        (["app"], "softphone app: what should the app do? usage: softphone app foreground|background|kill|delete|install|reinstall|end-call [--socket PATH]\n"),
        (["app", "sleep"], "softphone app: \"sleep\" is not one of foreground|background|kill|delete|install|reinstall|end-call; usage: softphone app foreground|background|kill|delete|install|reinstall|end-call [--socket PATH]\n"),
    ])
    func badAppAction(arguments: [String], message: String) throws {
        let result = try PhoneProcess.run(arguments)
        #expect(result.status == 2 && result.err == message)
    }

    @Test("iOS rule 48: Recents survive a restart, and calling one back (unlocked) starts an outgoing call that connects")
    func recentsAcrossRestart() throws {
        let first = try PlainPhone()
        _ = first.process.line(startingWith: "READY")
        #expect(try first.remote(["call", "--from", "Zoë", "--handle", "+15551234"]).status == 0)
        _ = first.process.line(startingWith: "INCOMING")
        #expect(try first.remote(["cancel"]).status == 0)
        _ = first.process.line(startingWith: "ENDED call=1 reason=remote")
        first.process.send("q")
        #expect(first.process.waitForExit() == 0)

        // The same data folder, a new process: Recents came back from SQLite.
        let second = try PhoneProcess(["--no-audio", "--socket", first.socket, "--data-dir", first.folder + "/data"])
        _ = second.line(startingWith: "READY")
        let state = try JSON.parse(PhoneProcess.run(["state", "--socket", first.socket]).out)
        #expect(state["recents"]?.numberValue == 1)
        second.send("q")
        #expect(second.waitForExit() == 0)
    }
}

/// `softphone push`: the remote side's APNs push, from a file or stdin, checked as APNs checks it.
@Suite("softphone push, end to end", .serialized)
struct PushCommandTests {
    @Test("a VoIP push from a file is the app's call: it reports it and the phone rings; an alert push is recorded")
    func pushFromFile() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let file = phone.folder + "/voip.json"
        try writeFile(text: #"{"aps":{},"caller":"Helpo Hospital","handle":"+15550199","video":true}"#, to: file)
        let result = try phone.remote(["push", file])
        #expect(result.status == 0 && result.out == "call 1 ringing\n")
        #expect(phone.process.line(startingWith: "INCOMING call=1")?.contains(#"from="Helpo Hospital" handle=+15550199 video=yes"#) == true)
        let alert = phone.folder + "/alert.json"
        try writeFile(text: #"{"aps":{"alert":"hi","sound":"default"}}"#, to: alert)
        let shown = try phone.remote(["push", alert, "--type", "alert"])
        #expect(shown.status == 3 && shown.out == "notification 1 shown: hi; no call rang\n", "\(shown)")
        #expect(phone.process.line(startingWith: "PUSH kind=alert") == "PUSH kind=alert delivered=yes")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    /// Bodies APNs refuses, by name (the oversized one is built, not spelled out).
    static func body(_ name: String) -> String {
        switch name {
        case "array": "[1,2]"
        case "truncated": "{\"aps\":"
        default: "{\"aps\":{},\"pad\":\"" + String(repeating: "x", count: 4100) + "\"}"  // 4119 bytes
        }
    }

    @Test("a payload nested past the limit: the CLI and the phone refuse it with the same one line")
    func nestedPush() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        // 63 levels: the JSON reader takes it, even inside a request's envelope, so the shared depth
        // check is what refuses it: in the CLI before sending, in the phone for a client that sends it.
        let payload = "{\"aps\":" + String(repeating: "[", count: 62) + String(repeating: "]", count: 62) + "}"
        let file = phone.folder + "/deep.json"
        try writeFile(text: payload, to: file)
        let message = "the push payload nests objects and arrays 63 levels deep; at most 32 are accepted"
        let cli = try phone.remote(["push", file])
        #expect(cli.status == 2 && cli.err == "softphone push: \(file): \(message)\n")
        let raw = try #require(RawClient(path: phone.socket))
        raw.send(#"{"cmd":"push","payload":"# + payload + "}\n")
        #expect(raw.line() == #"{"ok":false,"error":""# + message + #""}"#)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("bad pushes are one line naming the file and APNs' reason, exit 2", arguments: [
        ("array", "voip", "softphone push: PATH: the push payload must be a JSON object like {\"aps\":{}} (APNs: 400 PayloadEmpty)\n"),
        ("truncated", "voip", nil),
        ("4119 bytes", "alert",
         "softphone push: PATH: the push payload is 4119 bytes; APNs accepts at most 4096 for alert pushes (413 PayloadTooLarge, iOS rule 16)\n"),
    ] as [(String, String, String?)])
    func badPush(name: String, kind: String, message: String?) throws {
        let folder = temporaryFolder()
        let path = folder + "/p.json"
        try writeFile(text: Self.body(name), to: path)
        let result = try PhoneProcess.run(["push", path, "--type", kind, "--socket", folder + "/none.sock"])
        #expect(result.status == 2)
        if let message {
            #expect(result.err == message.replacingPath(with: path))
        } else {
            #expect(result.err.hasPrefix("softphone push: \(path) is not JSON ("))
        }
    }
}

extension String {
    fileprivate func replacingPath(with path: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: "PATH") {
            out += rest[..<range.lowerBound] + path
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
