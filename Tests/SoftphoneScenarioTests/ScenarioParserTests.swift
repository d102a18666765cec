import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
import SoftphoneScenario
import SoftphoneTestSupport
import Testing

@Suite("Scenario files: reading them")
struct ScenarioParserTests {
    @Test("build ID sets the app's build; an unknown one is named with the builds accepted")
    func buildLine() throws {
        let scenario = try ScenarioParser.parse("build testflight\nat 0s call\n", file: "b.scenario", apps: .builtIn)
        #expect(scenario.build == .testflight)
        #expect(try ScenarioParser.parse("at 0s call\n", file: "b.scenario", apps: .builtIn).build == .appstore)
        #expect(throws: ScenarioSyntaxError(file: "b.scenario", line: 1, column: 7, message: "unknown build \"beta\"; use one of: development, testflight, appstore")) {
            try ScenarioParser.parse("build beta\n", file: "b.scenario", apps: .builtIn)
        }
    }
    @Test("the set-up lines: app, set, lock, unlock; comments and blank lines")
    func setUp() throws {
        let parsed = try scenario("""
            # a comment
            app consult
            set ringTimeout=15   # trailing comment
            set loggedIn=NO

            unlock
            expect phone.ready
            """)
        #expect(parsed.name == "test")
        #expect(parsed.app == "consult" && parsed.appLine == 2)
        #expect(parsed.settings == ["ringTimeout": .int(15), "loggedIn": .bool(false)])
        #expect(parsed.lock == .unlocked)
        #expect(parsed.steps.count == 1)
        #expect(try scenario("expect phone.ready").app == "voip")
        #expect(try scenario("expect phone.ready").lock == .locked)
    }

    @Test("a file saved on Windows reads the same: CRLF line ends and a UTF-8 byte-order mark")
    func windowsFile() throws {
        let text = "# made on Windows\nat 0s call --from Ann\nexpect call.incoming caller=Ann\nat 1s key a\n"
        let unix = try scenario(text)
        let windows = try scenario("\u{FEFF}" + text.split(separator: "\n").joined(separator: "\r\n") + "\r\n")
        #expect(windows.steps.count == 3)
        #expect(windows.steps.map(\.line) == unix.steps.map(\.line))
        #expect(windows.steps.map(\.text) == unix.steps.map(\.text))
        #expect(syntaxError("at 0s call\r\nat 0s dial\r\n")?.line == 2)
    }

    @Test("every action of an at step becomes the control request its CLI subcommand sends")
    func actions() throws {
        let parsed = try scenario("""
            at 0s push \(payload("voip-call"))
            at 0s push \(payload("ring-extension-mutable-content")) --type alert
            at 250ms call --from "Zoë 张伟" --handle +15551234 --video
            at 1s call
            at 1.5s cancel
            at 2s hangup
            at 2s key a
            at 2s key "1#"
            at 2s lock
            at 2s unlock
            at 1m app foreground
            at 2m app end-call
            """)
        let requests = parsed.steps.map { step -> (Duration, ControlRequest)? in
            if case .action(let time, let request) = step.kind { (time, request) } else { nil }
        }
        #expect(requests.map { $0?.0 } == [
            .zero, .zero, .milliseconds(250), .seconds(1), .milliseconds(1500), .seconds(2), .seconds(2), .seconds(2), .seconds(2),
            .seconds(2), .seconds(60), .seconds(120),
        ])
        guard case .push(let push)? = requests[0]?.1, push.kind == .voip else { Issue.record("not a VoIP push"); return }
        let body = push.payload
        #expect(body["caller"] != nil && body["aps"] != nil)
        if case .push(let push)? = requests[1]?.1 { #expect(push.kind == .alert) } else { Issue.record("not a push") }
        #expect(requests[2]?.1 == .call(Caller(name: "Zoë 张伟", handle: "+15551234", hasVideo: true)))
        #expect(requests[3]?.1 == .call(Caller(name: ControlRequest.defaultHandle, handle: ControlRequest.defaultHandle)))
        #expect(requests[4...].map { $0?.1 } == [.cancel, .hangup, .key("a"), .key("1#"), .lock, .unlock, .app(.foreground), .app(.endCall)])
        #expect(parsed.steps[2].line == 3)
        #expect(parsed.steps[2].text == #"at 250ms call --from "Zoë 张伟" --handle +15551234 --video"#)
    }

    @Test("expect, expect no … for, optional expect; fields with quotes; within's default")
    func expectations() throws {
        let parsed = try scenario("""
            expect call.incoming caller="Helpo Hospital" video=true within 1s
            expect call.connected
            expect no call.ended reason=local for 59.5s
            optional expect sound.played sound=incoming.wav within 2s
            """)
        let expectations = parsed.steps.compactMap { step -> ScenarioExpectation? in
            if case .expect(let e) = step.kind { e } else { nil }
        }
        #expect(expectations.count == 4)
        #expect(expectations[0].event == "call.incoming")
        #expect(expectations[0].conditions == [FieldCondition(field: "caller", value: "Helpo Hospital"), FieldCondition(field: "video", value: "true")])
        #expect(expectations[0].window == .seconds(1))
        #expect(expectations[0].summary == #"call.incoming caller="Helpo Hospital" video=true"#)
        #expect(expectations[1].window == ScenarioParser.defaultWithin && !expectations[1].negated && !expectations[1].optional)
        #expect(expectations[2].negated && expectations[2].window == .milliseconds(59500))
        #expect(expectations[3].optional && expectations[3].window == .seconds(2))
    }

    @Test("every mistake names file:line:column and what is accepted, before anything runs",
        arguments: [
            ("frobnicate", 1, 1, "unknown step \"frobnicate\"; a line is one of: app ID"),
            ("at 1x key a", 1, 4, "\"1x\" is not a time; write a number and a unit: 250ms, 1.5s, 2m"),
            ("at", 1, 1, "`at` needs a time"),
            ("at 5s key a\nat 2s key d", 2, 4, "at 2 s comes after at 5 s (line 1): at times count from the scenario's start and must not go backwards"),
            ("at 1s dance", 1, 7, "unknown action \"dance\"; use one of: push FILE"),
            ("at 1s", 1, 1, "at 1 s does what?"),
            ("at 1s key", 1, 7, "key: which keys? e.g. `key a`; usage: key KEYS|headset (quote keys with # or spaces: key \"1#\")"),
            ("at 1s app fly", 1, 11, "app: \"fly\" is not one of foreground|background|kill|delete|install|reinstall|end-call; usage: app foreground|"),
            ("at 1s call --from", 1, 12, "call: --from needs a value; usage: call [--from NAME] [--handle H] [--video]"),
            ("at 1s call --loud", 1, 12, "call: unknown option \"--loud\"; usage: call [--from NAME] [--handle H] [--video]"),
            ("at 1s call --handle \"\" --video", 1, 21, "call: --handle is empty; give the caller's number or id"),
            ("at 1s key --socket /tmp/p.sock a", 1, 11, "key: unknown option \"--socket\"; usage: key KEYS|headset"),
            ("at 1s push /nonexistent/x.json", 1, 12, "push: cannot read the push payload /nonexistent/x.json: No such file or directory"),
            ("at 1s push", 1, 7, "push: which payload file? e.g. `push Assets/Payloads/voip-call.json`"),
            ("at 1s push - --type voip", 1, 12, "push: which payload file?"),
            ("at 1s key a extra", 1, 13, "key: unexpected argument \"extra\"; usage: key KEYS|headset"),
            ("expect call.incomming", 1, 8, "unknown event \"call.incomming\"; the events are: phone.ready"),
            ("expect call.ended reason", 1, 19, "\"reason\" is not FIELD=VALUE"),
            ("expect call.ended reson=local", 1, 19, "call.ended has no field \"reson\"; its fields are: call, uuid, caller, handle, reason"),
            ("expect call.ended =local", 1, 19, "\"=local\" is not FIELD=VALUE"),
            ("expect call.ended within soon", 1, 26, "\"soon\" is not a time"),
            ("expect call.ended for 1s", 1, 19, "expect … takes `within TIME`"),
            ("expect no call.ended", 1, 1, "expect no call.ended needs `for TIME`"),
            ("expect no call.ended within 1s", 1, 22, "expect no … ends with `for TIME`"),
            ("optional expect no call.ended for 1s", 1, 10, "`optional` and `expect no` do not go together"),
            ("optional call.ended", 1, 10, "`optional` goes before `expect`"),
            ("expect", 1, 1, "expect which event?"),
            ("expect call.ended caller=\"Zoë", 1, 26, "this quote is not closed"),
            ("expect call.ended caller='Zoë", 1, 26, "this quote is not closed; end the value with '"),
            ("app phone", 1, 5, "unknown app \"phone\"; use one of: voip, consult, ring-extension, bridged"),
            ("app consult\nset ringTimeout=soon", 2, 5, "ringTimeout"),
            ("set colour=red", 1, 5, "the voip app has no setting \"colour\"; its settings: tokenFormat, callGroups, audioWatchdog"),
            ("rule", 1, 1, "which rule? rule NAME=VALUE"),
            ("rule actionTimeout", 1, 6, "\"actionTimeout\" is not NAME=VALUE"),
            ("rule speed=2", 1, 6, "unknown rule \"speed\"; the rules are: secondReportCheck, unreportedPushLimit"),
            ("rule actionTimeout=soon", 1, 6, "actionTimeout \"soon\" is not a time above 0"),
            ("rule actionTimeout=0s", 1, 6, "actionTimeout \"0s\" is not a time above 0"),
            ("rule unreportedPushLimit=0", 1, 6, "unreportedPushLimit \"0\" must be a whole number above 0"),
            ("rule systemVersion=17", 1, 6, "systemVersion \"17\" must be one of 18, 26, 26.4"),
            ("at 0s key a\nrule actionTimeout=5s", 2, 1, "`rule` sets up the phone, so it goes before the first step (line 1)"),
            ("set ringTimeout", 1, 5, "\"ringTimeout\" is not KEY=VALUE"),
            ("set tokenFormat=hex\napp consult", 2, 1, "`app` goes before the `set` lines"),
            ("at 0s key a\nlock", 2, 1, "`lock` sets up the phone, so it goes before the first step (line 1); to lock the phone during the scenario, write `at TIME lock`"),
            ("expect phone.ready\napp consult", 2, 1, "`app` sets up the phone, so it goes before the first step (line 1)"),
            ("at 999999m call\n" + String(repeating: "expect call.ended within 999999m\n", count: 60), 53, 1,
             "the scenario's times add up to more than 100 years by this step"),
        ])
    func mistakes(text: String, line: Int, column: Int, message: String) {
        let error = syntaxError(text)
        #expect(error?.file == "test.scenario")
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
        #expect(error?.description.hasPrefix("test.scenario:\(line):\(column): ") == true)
    }

    @Test("a push that is not JSON, or that APNs would refuse, is a mistake at its file's column")
    func badPayloads() {
        #expect(syntaxError("at 0s push \(payload("voip-too-large"))")?.message.hasSuffix("(413 PayloadTooLarge, iOS rule 16)") == true)
        #expect(syntaxError("at 0s push \(Repository.root)/README.md")?.message.hasPrefix("push: \(Repository.root)/README.md is not JSON") == true)
        #expect(syntaxError("at 0s push \(Repository.root)/README.md")?.column == 12)
        #expect(syntaxError("at 0s push \(payload("voip-call")) --type text")?.message == "push: --type \"text\" must be voip or alert")
    }

    @Test("rule lines change the phone's numbers for the scenario (Phone.Rules), each checked")
    func rules() throws {
        let parsed = try scenario("rule serviceExtensionTimeLimit=20s\nrule actionTimeout=2.5s\nrule unreportedPushLimit=1\nrule systemVersion=26.4")
        #expect(parsed.rulesLine == 1)
        #expect(parsed.rules.serviceExtensionTimeLimit == .seconds(20) && parsed.rules.actionTimeout == .milliseconds(2_500))
        #expect(parsed.rules.unreportedPushLimit == 1 && parsed.rules.systemVersion == .iOS26_4)
        #expect(try scenario("app voip").rulesLine == nil)
    }

    @Test("a push step takes APNs' headers as softphone push does, each checked before anything runs")
    func pushHeaders() throws {
        let file = payload("voip-call")
        let parsed = try scenario("at 0s push \(file) --topic com.example.voip.voip --priority 5 --expiration 0 --collapse-id call-7")
        guard case .action(_, .push(let push))? = parsed.steps.first?.kind else {
            Issue.record("not a push: \(String(describing: parsed.steps.first))")
            return
        }
        #expect(push.topic == "com.example.voip.voip" && push.priority == 5 && push.expiration == 0 && push.collapseID == "call-7")
        let priority = syntaxError("at 0s push \(file) --priority 7")
        #expect(priority?.column == 12 + file.count + 1)
        #expect(priority?.message.hasSuffix("(400 BadPriority, iOS rule 18)") == true)
        #expect(syntaxError("at 0s push \(file) --collapse-id \(String(repeating: "x", count: 65))")?.message.hasSuffix("(400 BadCollapseId, iOS rule 18)") == true)
        #expect(syntaxError("at 0s push \(file) --loud yes")?.message.hasPrefix("push: unknown option \"--loud\"; usage: push FILE [--type voip|alert] [--topic T]") == true)
    }

    @Test("a payload path is looked for from the current folder, then from the scenario's folder")
    func payloadRelativeToScenario() throws {
        let parsed = try ScenarioParser.parse("at 0s push ../Payloads/voip-call.json", file: Repository.path("Assets/Scenarios/x.scenario"), apps: .builtIn)
        #expect(parsed.steps.count == 1)
    }

    @Test("a bundled scenario's Assets/Payloads path is found from the folders above its own, wherever the run starts")
    func payloadFromAFolderAbove() throws {
        let parsed = try ScenarioParser.parse("at 0s push Assets/Payloads/voip-call.json", file: Repository.path("Assets/Scenarios/x.scenario"), apps: .builtIn)
        #expect(parsed.steps.count == 1)
    }

    @Test("a scenario file that cannot be read is a mistake too")
    func unreadable() {
        #expect(throws: ScenarioSyntaxError.self) { try ScenarioParser.parse(file: "/nonexistent/a.scenario", apps: .builtIn) }
    }
}
