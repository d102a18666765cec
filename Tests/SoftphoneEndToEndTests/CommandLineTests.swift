import Glibc
import SoftphoneCore
import SoftphoneTestSupport
import Testing

@Suite("Command line", .serialized)
struct CommandLineTests {
    @Test("an unknown option is one line naming it and the usage, exit 2")
    func unknownOption() throws {
        let result = try PhoneProcess.run(["--frobnicate"])
        #expect(result.status == 2)
        #expect(result.err == "softphone run: unknown option \"--frobnicate\"; usage: softphone [run|call|cancel|hangup|push|key|lock|unlock|app|state|screen|events|wait|scenario|flow|demo|fleet|devices|tones|play|apns-credentials] [options]; softphone --help for all\n")
        #expect(result.out.isEmpty)
    }

    @Test("a subcommand's mistake ends with that subcommand's own usage, --socket included", arguments: [
        (["call", "--form", "Bob"], "softphone call: unknown option \"--form\"; usage: softphone call [--from NAME] [--handle H] [--video] [--json] [--socket PATH]\n"),
        (["hangup", "--now"], "softphone hangup: unknown option \"--now\"; usage: softphone cancel | hangup [--socket PATH]\n"),
        (["play", "x.wav", "--x"], "softphone play: unknown option \"--x\"; usage: softphone play FILE [--loop N] [--audio-device PCM | --audio-out FILE.wav]\n"),
    ])
    func subcommandUsage(arguments: [String], message: String) throws {
        let result = try PhoneProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.err == message)
    }

    @Test("options and operands in any order, as every Unix command takes them", arguments: [
        ["push", "--type", "voip", "PAYLOAD"], ["push", "PAYLOAD", "--type", "voip"], ["push", "--priority", "5", "PAYLOAD", "--type", "voip"],
    ])
    func operandsAnywhere(arguments: [String]) throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let payload = Repository.path("Assets/Payloads/voip-call.json")
        let pushed = try phone.remote(arguments.map { $0 == "PAYLOAD" ? payload : $0 })
        #expect(pushed.status == 0, "\(pushed.err)")
        #expect(phone.process.line(startingWith: "INCOMING call=1") != nil)
        let keyed = try PhoneProcess.run(["key", "--socket", phone.socket, "d"])
        #expect(keyed.status == 0 && keyed.err.isEmpty, "\(keyed.err)")
        #expect(phone.process.line(startingWith: "ENDED call=1") != nil)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("--auto-answer and --auto-hangup: the call connects and ends without a key; a bad value is one line, exit 2")
    func autoAnswerAndHangUp() throws {
        let phone = try PlainPhone(["--no-audio", "--auto-answer", "0.3", "--auto-hangup", "0.5"])
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call"]).status == 0)
        #expect(phone.process.line(startingWith: "CONNECTED call=1") != nil)
        #expect(phone.process.line(startingWith: "ENDED call=1")?.hasPrefix("ENDED call=1 reason=local") == true)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
        let rule = try PhoneProcess.run(["--rule", "actionTimeout=never"])
        #expect(rule.status == 2 && rule.err.hasPrefix("softphone: --rule: actionTimeout \"never\" is not a time above 0;"), "\(rule.err)")
        let bad = try PhoneProcess.run(["--auto-answer", "soon"])
        #expect(bad.status == 2)
        #expect(bad.err == "softphone: --auto-answer \"soon\" must be seconds from 0 to 3600, e.g. --auto-answer 3 or --auto-answer 0.5\n")
    }

    @Test("push and call say what came of them in a line, exit 0 when a call rang and 3 when none did; --json gives the whole reply with its events; the push type comes from the payload")
    func outcomeLines() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let json = try phone.remote(["call", "--from", "Bob", "--json"])
        #expect(json.status == 0)
        let reply = try JSON.parse(json.out)
        #expect(reply["outcome"] == .string("call 1 ringing") && reply["rang"] == .bool(true) && reply["call"] == .number(1))
        guard case .array(let events)? = reply["events"] else { Issue.record("no events: \(json.out)"); return }
        #expect(events.contains { $0["event"] == .string("call.incoming") && $0["caller"] == .string("Bob") })
        phone.process.send("d")
        // An alert payload without --type is an alert push: shown, and no call rang.
        let alert = phone.folder + "/alert.json"
        try writeFile(text: #"{"aps":{"alert":{"title":"Hello"}}}"#, to: alert)
        let shown = try phone.remote(["push", alert])
        #expect(shown.status == 3 && shown.out == "notification 1 shown: Hello; no call rang\n", "\(shown)")
        #expect(phone.process.line(startingWith: "PUSH kind=alert") != nil)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("demo takes the sound options only: the app's settings and iOS's rules come from each flow; a mistake is one line, exit 2", arguments: [
        (["demo", "--set", "callGroups=2"], "softphone demo: unknown option \"--set\" (each flow sets the phone's app, settings and rules itself); usage: "),
        (["demo", "--app", "whatsapp"], "softphone demo: unknown app \"whatsapp\" for --app; available: voip, consult, ring-extension, bridged"),
        (["demo", "--no-audio", "--audio-out", "x.wav"], "softphone demo: --no-audio and --audio-device or --audio-out say different things; give one of them"),
    ])
    func demoMistakes(arguments: [String], message: String) throws {
        let result = try PhoneProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.err.filter { $0 == "\n" }.count == 1)
    }

    @Test("caption: a presenter's line, CAPTION in plain mode; none clears it")
    func caption() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["caption", "The app reports the call to CallKit (iOS rule 4)"]).status == 0)
        #expect(phone.process.line(startingWith: "CAPTION") == #"CAPTION "The app reports the call to CallKit (iOS rule 4)""#)
        let screen = try phone.remote(["screen"])
        #expect(screen.out.contains("The app reports the call to CallKit (iOS rule 4)"))
        #expect(try phone.remote(["caption"]).status == 0)
        #expect(phone.process.line(startingWith: "CAPTION") == #"CAPTION """#)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("an unknown subcommand is one line naming it, exit 2")
    func unknownSubcommand() throws {
        let result = try PhoneProcess.run(["dial", "123"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("softphone: unknown subcommand \"dial\"; usage: "))
        #expect(result.err.filter { $0 == "\n" }.count == 1)
    }

    @Test("an unknown app names the apps there are, exit 2")
    func unknownApp() throws {
        let result = try PhoneProcess.run(["--app", "whatsapp"])
        #expect(result.status == 2)
        #expect(result.err == "softphone: unknown app \"whatsapp\" for --app; available: voip, consult, ring-extension, bridged\n")
    }

    @Test("a ring gap that is not whole milliseconds in range names the accepted values, exit 2", arguments: ["-1", "soon", "60001"])
    func badRingGap(value: String) throws {
        let result = try PhoneProcess.run(["--ring-gap", value])
        #expect(result.status == 2)
        #expect(result.err == "softphone: --ring-gap \"\(value)\" must be whole milliseconds from 0 to 60000, e.g. --ring-gap 1000\n")
    }

    @Test("a tone region that is not na, cept or uk names the accepted ones, exit 2",
          arguments: [(["--tone-region", "fr"], "softphone: --tone-region \"fr\" must be one of na, cept, uk (North America, Europe (CEPT), UK), e.g. --tone-region cept\n")])
    func badToneRegion(arguments: [String], message: String) throws {
        let result = try PhoneProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.err == message)
    }

    @Test("a volume that is not a whole percentage names the accepted values, exit 2",
          arguments: [("--ring-volume", "101"), ("--buzz-volume", "loud"), ("--ring-volume", "-5")])
    func badVolume(flag: String, value: String) throws {
        let result = try PhoneProcess.run([flag, value])
        #expect(result.status == 2)
        #expect(result.err == "softphone: \(flag) \"\(value)\" must be a whole percentage from 0 to 100, e.g. \(flag) 50\n")
    }

    @Test("a bad --set is one line naming the setting and what it accepts, exit 2", arguments: [
        (["--set", "ringTimeout"], #"softphone: --set "ringTimeout" must be KEY=VALUE, e.g. --set ringTimeout=30"#),
        (["--set", "=5", "--app", "consult"], #"softphone: --set "=5" must be KEY=VALUE, e.g. --set ringTimeout=30"#),
        (["--set", "ringTimeout=30"], #"softphone: --set ringTimeout=30: the voip app has no setting "ringTimeout"; its settings: tokenFormat, callGroups, audioWatchdog"#),
        (["--set", "ringtimeout=30", "--app", "consult"],
         #"softphone: --set ringtimeout=30: the consult app has no setting "ringtimeout"; its settings: ringTimeout, keychainAccessibility, loggedIn"#),
        (["--app", "consult", "--set", "ringTimeout=soon"], #"softphone: --set ringTimeout=soon: ringTimeout must be a whole number from 1 to 3600, not "soon""#),
        (["--app", "consult", "--set", "ringTimeout=0"], #"softphone: --set ringTimeout=0: ringTimeout must be a whole number from 1 to 3600, not "0""#),
        (["--app", "consult", "--set", "loggedIn=maybe"], #"softphone: --set loggedIn=maybe: loggedIn must be YES or NO, not "maybe""#),
        (["--app", "consult", "--set", "keychainAccessibility=Never"],
         #"softphone: --set keychainAccessibility=Never: keychainAccessibility must be one of AfterFirstUnlock, AfterFirstUnlockThisDeviceOnly, WhenUnlocked, WhenUnlockedThisDeviceOnly, Always, not "Never""#),
    ])
    func badSetting(arguments: [String], message: String) throws {
        let result = try PhoneProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.err == message + "\n")
        #expect(result.out.isEmpty)
    }

    @Test("a bad --background-modes is one line naming the value and the modes accepted, exit 2", arguments: ["voip,fax", "", "voip,"])
    func badBackgroundModes(value: String) throws {
        let result = try PhoneProcess.run(["--background-modes", value])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("softphone: --background-modes: \"\(value.split(separator: ",", omittingEmptySubsequences: false).first { $0 != "voip" } ?? "")\" is not a UIBackgroundModes value; use a comma-separated list of audio, "))
        #expect(result.err.hasSuffix(", voip, or none\n"))
        #expect(result.err.filter { $0 == "\n" }.count == 1)
    }

    @Test("a flag missing its value says so, exit 2")
    func missingValue() throws {
        let result = try PhoneProcess.run(["call", "--from"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("softphone call: --from needs a value"))
    }

    @Test("--help prints the usage and exits 0")
    func help() throws {
        let result = try PhoneProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.out.contains("softphone call [--from NAME]"))
        #expect(result.out.contains("[--app voip|consult|ring-extension|bridged] [--set KEY=VALUE]..."))
        #expect(result.out.contains("\n  ring-extension: ringVariant=timer|completion (timer)\n"))
        #expect(result.out.contains("\n  consult: ringTimeout=1…3600 (60)\n"))
        // Where the socket is when XDG_RUNTIME_DIR is not set, and the GNU form of values.
        #expect(result.out.contains(", else $XDG_RUNTIME_DIR/softphone/control.sock, else /tmp/softphone-\(getuid())/control.sock (a folder of its own, mode 0700)\n"))
        #expect(result.out.contains("every long option's value may also be given as --option=VALUE"))
    }

    @Test("--key=VALUE through the real binary: softphone scenario --junit=FILE writes its report")
    func equalsForm() throws {
        let folder = temporaryFolder()
        try writeFile(text: "at 0s call\nexpect call.incoming\n", to: folder + "/a.scenario")
        let scenario = try PhoneProcess.run(["scenario", folder + "/a.scenario", "--junit=\(folder)/out.xml"])
        #expect(scenario.status == 0, "\(scenario.err)")
        #expect(fopen(folder + "/out.xml", "rb").map { fclose($0) } == 0)
    }

    @Test("a client command with no phone running says so in one line and exits non-zero",
          arguments: [["call", "--from", "Zoë"], ["hangup"], ["cancel"], ["key", "a"], ["state"], ["screen"], ["events"],
                      ["events", "--follow"]])
    func noPhone(arguments: [String]) throws {
        let socket = temporaryFolder() + "/control.sock"
        let result = try PhoneProcess.run(arguments + ["--socket", socket])
        #expect(result.status == 1)
        #expect(result.err == "softphone: no phone is running (nothing listens on \(socket)); start one with `softphone` first\n")
    }

    @Test("devices lists ALSA's playback devices by the names --audio-device takes (with no card: null at least)")
    func devices() throws {
        let result = try PhoneProcess.run(["devices"])
        #expect(result.status == 0)
        let names = result.out.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names.contains("null"), "\(result.out)")
        #expect(!result.err.contains("ALSA lib"))
        // With no card (only null, as on build machines) it says what to do instead, on stderr.
        let noCard = names.allSatisfy { $0 == "null" }
        #expect(result.err.contains("--audio-out FILE.wav") == noCard, "\(result.err)")
        #expect(result.err.split(separator: "\n").count == (noCard ? 1 : 0), "one line, and only when there is no card: \(result.err)")
    }

    @Test("tones lists the generated tones and every vibration pattern")
    func tones() throws {
        let result = try PhoneProcess.run(["tones"])
        #expect(result.status == 0)
        #expect(result.out.contains("  dtmf-5: 770 Hz + 1336 Hz"))
        #expect(result.out.contains("  busy-uk: 400 Hz, 375 ms on, 375 ms off"))
        for name in ["standard", "alert", "heartbeat", "quick", "rapid", "sos", "staccato", "symphony", "none", "synchronized"] {
            #expect(result.out.contains("\n  \(name) "), "\(name) is listed")
        }
    }

    @Test("an unknown vibration names the accepted ones; a bad patterns file names the file and line; exit 2")
    func badVibration() throws {
        let unknown = try PhoneProcess.run(["--vibration", "wobble"])
        #expect(unknown.status == 2)
        #expect(unknown.err == "softphone: --vibration: unknown vibration pattern \"wobble\"; accepted names: standard, alert, heartbeat, quick, rapid, sos, staccato, symphony, none; or synchronized, or steps like \"on 300, off 700\"\n")
        let file = try writeFile(text: "{\n  \"mine\": \"on 300, off -5\"\n}\n", to: temporaryFolder() + "/patterns.json")
        let bad = try PhoneProcess.run(["--vibrations", file])
        #expect(bad.status == 2)
        #expect(bad.err == "softphone: vibrations file \(file): line 2: vibration pattern \"mine\": step 2 \"off -5\": the duration must be a whole number of milliseconds from 1 to 60000, with no unit\n")
    }

    @Test("a FIFO or a folder given as --vibrations is refused at once, not waited on; exit 2")
    func vibrationsNotAFile() throws {
        let fifo = temporaryFolder() + "/patterns.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = PhoneProcess.now()
        let run = try PhoneProcess.run(["--vibrations", fifo, "--plain", "--no-audio"])
        #expect(run.status == 2)
        #expect(run.err == "softphone: vibrations file \(fifo): not a regular file (it is a FIFO); give a file\n")
        #expect(PhoneProcess.now() - started < 5)
        let folder = temporaryFolder()
        #expect(try PhoneProcess.run(["--vibrations", folder]).err == "softphone: vibrations file \(folder): not a regular file (it is a folder); give a file\n")
    }

    @Test("error lines start with the program's own name: an app's binary is not `softphone`")
    func programName() throws {
        let app = temporaryFolder() + "/RecentsCallApp"
        #expect(symlink(PhoneProcess.binary, app) == 0)
        let push = try PhoneProcess.run(["push", "--frobnicate"], as: [app])
        #expect(push.status == 2)
        #expect(push.err.hasPrefix("RecentsCallApp push: unknown option \"--frobnicate\"; usage: RecentsCallApp push [FILE|-]"), "\(push.err)")
        let option = try PhoneProcess.run(["--auto-answer", "soon"], as: [app])
        #expect(option.err.hasPrefix("RecentsCallApp: --auto-answer \"soon\""), "\(option.err)")
        let unknown = try PhoneProcess.run(["--frobnicate"], as: [app])
        #expect(unknown.err.hasSuffix("[options]; RecentsCallApp --help for all\n"), "\(unknown.err)")
    }

    @Test("SOFTPHONE_SOCKET chooses the socket when --socket is absent")
    func socketFromEnvironment() throws {
        let socket = temporaryFolder() + "/env.sock"
        let result = try PhoneProcess.run(["hangup"], environment: ["SOFTPHONE_SOCKET": socket])
        #expect(result.err.contains(socket))
    }
}
