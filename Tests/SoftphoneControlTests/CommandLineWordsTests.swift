import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The full screen's `/` line: the CLI's client commands, in the same words, read by the same code.
@Suite("Command line words")
struct CommandLineWordsTests {
    @Test("words split at spaces; quotes and backslashes keep spaces in one word")
    func words() throws {
        #expect(try WordReader.words(in: "call --from Bob") == ["call", "--from", "Bob"])
        #expect(try WordReader.words(in: #"  call   --from "Zoë 张伟"  --video "#) == ["call", "--from", "Zoë 张伟", "--video"])
        #expect(try WordReader.words(in: #"call --from 'O"Neil' --handle a\ b"#) == ["call", "--from", #"O"Neil"#, "--handle", "a b"])
        #expect(try WordReader.words(in: #"call --from """#) == ["call", "--from", ""])
        #expect(try WordReader.words(in: "") == [])
        #expect(throws: ControlError("the quote \" is not closed; close it, e.g. --from \"Zoë Li\"")) {
            try WordReader.words(in: #"call --from "Bob"#)
        }
    }

    @Test("each client command reads as the CLI reads it", arguments: [
        (#"call --from "Zoë 张伟" --handle +15551234 --video"#, ControlRequest.call(Caller(name: "Zoë 张伟", handle: "+15551234", hasVideo: true))),
        ("call", .call(Caller(name: ControlRequest.defaultHandle, handle: ControlRequest.defaultHandle))),
        ("cancel", .cancel), ("hangup", .hangup), ("key ad1", .key("ad1")), ("lock", .lock), ("unlock", .unlock),
        ("app foreground", .app(.foreground)), ("app end-call", .app(.endCall)), ("app delete", .app(.delete)), ("app install", .app(.install)),
        ("state", .state), ("screen", .screen),
        ("events", .events(follow: false)),
        ("network offline", .network(.offline, latency: nil)), ("network online", .network(nil, latency: nil)),
        ("network cellular --latency 250", .network(.cellular, latency: .milliseconds(250))), ("network wifi --latency=0", .network(.wifi, latency: .zero)),
        ("power low", .power(.low)), ("power normal", .power(.normal)),
        ("cellular call --from +15550199", .cellular(.call(from: "+15550199"))), ("cellular end", .cellular(.end)), ("cellular hold", .cellular(.hold)),
        ("route bluetooth", .route(.bluetooth)), ("route carplay", .route(.carplay)), ("route receiver", .route(.receiver)),
        ("interrupt begin", .interrupt(began: true)), ("interrupt end", .interrupt(began: false)),
        ("interrupt end --no-resume", .interrupt(began: false, resumes: false)), ("media-reset", .mediaReset),
        ("fault audio-session never-activates", .fault(.neverActivates)), ("fault audio-session none", .fault(.none)),
        ("fault call-directory crash", .crashCallDirectory),
        ("key headset", .key("headset")),
        ("focus on", .focus(true)), ("focus off", .focus(false)),
        ("call-directory on", .callDirectory(true)), ("call-directory off", .callDirectory(false)),
        ("time-sensitive off", .timeSensitive(false)), ("time-sensitive on", .timeSensitive(true)),
        ("incoming-calls banner", .incomingCalls(.banner)), ("incoming-calls full-screen", .incomingCalls(.fullScreen)),
        ("tap Retry", .tap("Retry")), (#"tap "Sign In""#, .tap("Sign In")),
    ])
    func commands(line: String, request: ControlRequest) throws {
        #expect(try ControlRequest.read(commandLine: line) == request)
    }

    @Test("--key=VALUE reads as --key VALUE on the / line too")
    func equalsForm() throws {
        #expect(try ControlRequest.read(commandLine: "call --from=Zoë --handle=+15551234 --video")
            == .call(Caller(name: "Zoë", handle: "+15551234", hasVideo: true)))
        #expect(try ControlRequest.read(commandLine: #"call "--from=Zoë Li""#) == .call(Caller(name: "Zoë Li", handle: ControlRequest.defaultHandle)))
        #expect(throws: ControlError.self) { try ControlRequest.read(commandLine: "call --video=yes") }
    }

    @Test("push reads the payload file and the APNs headers")
    func push() throws {
        let path = Repository.path("Assets/Payloads/voip-call.json")
        guard case .push(let push) = try ControlRequest.read(commandLine: "push \(path) --priority 5 --collapse-id c1") else {
            Issue.record("not a push")
            return
        }
        #expect(push.kind == .voip && push.priority == 5 && push.collapseID == "c1")
        #expect(push.payload["aps"] != nil)
    }

    @Test("push --host: the APNs host the provider sends to, which must name an environment; it survives the control protocol's JSON")
    func pushHost() throws {
        let path = Repository.path("Assets/Payloads/voip-call.json")
        let request = try ControlRequest.read(commandLine: "push \(path) --host api.push.apple.com")
        guard case .push(let push) = request else {
            Issue.record("not a push")
            return
        }
        #expect(push.host == "api.push.apple.com")
        #expect(try ControlRequest.decodeLine(utf8: Array(request.json.text.utf8)).request == request)
        #expect(throws: ControlError("push: --host is \"example.com\"; give an APNs host: api.push.apple.com (production) or api.sandbox.push.apple.com (development)")) {
            try ControlRequest.read(commandLine: "push \(path) --host example.com")
        }
    }

    @Test("a cellular call comes from what a phone number can be: digits, +, * and #, and the separators people type")
    func cellularNumbers() throws {
        for number in ["+15550199", "+1 (555) 010-0199", "555.0199", "*67 555 0199", "#31#"] {
            #expect(try ControlRequest.read(commandLine: "cellular call --from '\(number)'") == .cellular(.call(from: number)))
        }
        let accepted = "a number has digits, +, * and #, and may have spaces, -, ., ( and ) between them, e.g. +1 (555) 010-0199"
        let usage = "usage: cellular call|end|hold [--from NUMBER]"
        #expect(throws: ControlError(#"cellular: --from is "📞5550199", not a phone number: "📞" cannot be part of one; \#(accepted); \#(usage)"#)) {
            try ControlRequest.read(commandLine: "cellular call --from 📞5550199")
        }
        // A control character is named, not written to the terminal as it is.
        #expect(throws: ControlError(#"cellular: --from is "555U+001B[2J", not a phone number: "U+001B" cannot be part of one; \#(accepted); \#(usage)"#)) {
            try ControlRequest.read(commandLine: "cellular call --from 555\u{1B}[2J")
        }
        #expect(throws: ControlError(#"cellular: --from is "( )", not a phone number: it has no digit; \#(accepted); \#(usage)"#)) {
            try ControlRequest.read(commandLine: "cellular call --from '( )'")
        }
    }

    @Test("a curly quote typed where a straight one was meant is said so")
    func curlyQuotes() {
        let hint = #"(” is a curly quote, which quotes nothing: type a straight " or ' instead)"#
        #expect(throws: ControlError(#"call: unexpected argument "Li”" \#(hint); usage: call [--from NAME] [--handle H] [--video]"#)) {
            try ControlRequest.read(commandLine: "call --from “Zoë Li”")
        }
        #expect(throws: ControlError(#"focus: "‘on’" is not one of on|off (Focus, Do Not Disturb, on or off) (‘ and ’ are curly quotes, which quote nothing: type a straight " or ' instead); usage: focus on|off"#)) {
            try ControlRequest.read(commandLine: "focus ‘on’")
        }
        // A mistake about another word says nothing of them.
        #expect(throws: ControlError(#"call: unknown option "--vidoe"; usage: call [--from NAME] [--handle H] [--video]"#)) {
            try ControlRequest.read(commandLine: "call --from “Bob” --vidoe")
        }
    }

    @Test("no usage the / line shows names --socket, which it refuses")
    func usagesLeaveOutSocket() {
        for verb in ControlRequest.wordCommands {
            for line in [verb, "\(verb) zzz", "\(verb) zzz zzz", "\(verb) --zzz"] {
                do { _ = try ControlRequest.read(commandLine: line) } catch {
                    #expect(error.message.firstRange(of: "--socket") == nil, "\(line): \(error.message)")
                }
            }
        }
    }

    @Test("mistakes are one line naming the word and what is accepted", arguments: [
        ("dial 123", #"unknown command "dial"; use one of: call, cancel, hangup, push, key, tap, lock, unlock, app, network, power, focus, call-directory, time-sensitive, incoming-calls, cellular, route, interrupt, media-reset, fault, state, screen, caption, events"#),
        ("", "type a command: call, cancel, hangup, push, key, tap, lock, unlock, app, network, power, focus, call-directory, time-sensitive, incoming-calls, cellular, route, interrupt, media-reset, fault, state, screen, caption, events"),
        ("call --form Bob", #"call: unknown option "--form"; usage: call [--from NAME] [--handle H] [--video]"#),
        ("call --from", "call: --from needs a value; usage: call [--from NAME] [--handle H] [--video]"),
        ("call --handle ''", "call: --handle is empty; give the caller's number or id"),
        ("key", "key: which keys? e.g. `key a`; usage: key KEYS|headset"),
        (#"key """#, "key: which keys? e.g. `key a`; usage: key KEYS|headset"),
        ("app fly", #"app: "fly" is not one of foreground|background|kill|delete|install|reinstall|end-call; usage: app foreground|background|kill|delete|install|reinstall|end-call"#),
        ("lock now", #"lock: unexpected argument "now"; usage: lock"#),
        ("lock --socket /tmp/x.sock", "lock: --socket is not used here: this line drives the phone it is typed on"),
        ("push", "push: which payload file? e.g. `push Assets/Payloads/voip-call.json`"),
        ("push -", "push: which payload file? e.g. `push Assets/Payloads/voip-call.json`"),
        ("push /nonexistent/p.json", "push: cannot read the push payload /nonexistent/p.json: No such file or directory"),
        ("push x.json --type fax", #"push: --type "fax" must be voip or alert"#),
        ("push x.json --priority 7", #"push: --priority is "7"; APNs accepts 10 (deliver immediately), 5 (power-considerate) or 1 (lowest) (400 BadPriority, iOS rule 18)"#),
        ("events --follow", #"events: unknown option "--follow"; usage: events"#),
        ("route", "route: which route? usage: route receiver|speaker|bluetooth|carplay|wired"),
        ("route airpods", #"route: "airpods" is not one of receiver|speaker|bluetooth|carplay|wired; usage: route receiver|speaker|bluetooth|carplay|wired"#),
        ("interrupt now", #"interrupt: "now" is not one of begin|end; usage: interrupt begin|end [--no-resume]"#),
        ("interrupt begin --no-resume", #"interrupt: --no-resume is for the end of an interruption; usage: interrupt begin|end [--no-resume]"#),
        ("media-reset now", #"media-reset: unexpected argument "now"; usage: media-reset"#),
        ("fault network", #"fault: "network" is not a fault Softphone has; use audio-session or call-directory; usage: fault audio-session none|never-activates | call-directory crash"#),
        ("fault audio-session sometimes", #"fault: "sometimes" is not one of none|never-activates; usage: fault audio-session none|never-activates | call-directory crash"#),
        ("fault call-directory hang", #"fault: "hang" is not one of crash (the system ends the extension's load); usage: fault audio-session none|never-activates | call-directory crash"#),
        ("network", "network: offline or online? usage: network offline|online|wifi|cellular [--latency MS]"),
        ("network airplane", #"network: "airplane" is not one of offline|online|wifi|cellular; usage: network offline|online|wifi|cellular [--latency MS]"#),
        ("network online --latency soon", #"network: --latency is "soon"; give whole milliseconds from 0 to 3600000, e.g. 250"#),
        ("network online --latency -1", #"network: --latency is "-1"; give whole milliseconds from 0 to 3600000, e.g. 250"#),
        ("cellular", "cellular: call, end or hold? usage: cellular call|end|hold [--from NUMBER]"),
        ("cellular ring", #"cellular: "ring" is not one of call|end|hold; usage: cellular call|end|hold [--from NUMBER]"#),
        ("cellular call", "cellular: cellular call needs --from, the number the cellular call is from, e.g. +15550199; usage: cellular call|end|hold [--from NUMBER]"),
        ("cellular end --from +15550199", #"cellular: unknown option "--from"; usage: cellular call|end|hold [--from NUMBER]"#),
        ("power max", #"power: "max" is not one of low|normal (Low Power Mode on or off); usage: power low|normal"#),
        ("focus yes", #"focus: "yes" is not one of on|off (Focus, Do Not Disturb, on or off); usage: focus on|off"#),
        ("call-directory yes", #"call-directory: "yes" is not one of on|off (the app's Call Directory extension in Settings, on or off); usage: call-directory on|off"#),
        ("tap", "tap: which button? its title, e.g. `tap Retry`; usage: tap LABEL"),
        ("incoming-calls popup", #"incoming-calls: "popup" is not one of banner|full-screen (how a call shows on the unlocked phone); usage: incoming-calls banner|full-screen"#),
    ])
    func mistakes(line: String, message: String) {
        #expect(throws: ControlError(message)) { try ControlRequest.read(commandLine: line) }
    }
}
