import SoftphoneApps
import SoftphoneControl
import SoftphoneScenario
import SoftphoneTestSupport
import Testing

/// The demo's tour: which bundled flows it shows, in which order, and what its captions say.
@Suite("softphone demo: the tour and its captions")
struct DemoTourTests {
    /// Every bundled scenario with its text, as `softphone demo` reads them.
    static func bundled() throws -> [(scenario: Scenario, text: String)] {
        let folder = Repository.path("Assets/Scenarios/")
        let names = [
            "consult-busy", "consult-decline", "consult-logged-out", "consult-no-answer", "consult-rejoin", "ring-extension-opened",
            "ring-extension-rings", "ring-extension-sound-ended", "ring-extension-time-will-expire", "voip-answer-hang-up",
            "voip-call-waiting", "voip-decline", "voip-remote-cancel", "voip-unanswered",
        ]
        return try names.map { name in
            let path = folder + name + ".scenario"
            guard case .success(let text) = SmallTextFile.read(path) else { throw ScenarioSyntaxError(file: path, line: 1, column: 1, message: "unreadable") }
            return (try ScenarioParser.parse(file: path, apps: .builtIn), text)
        }
    }

    @Test("app by app, the long timers left out, flows needing the same phone back to back")
    func order() throws {
        let tour = DemoTour.flows(try Self.bundled(), apps: .builtIn)
        #expect(tour.map(\.scenario.name) == [
            "voip-answer-hang-up", "voip-call-waiting", "voip-decline", "voip-remote-cancel",
            "consult-decline", "consult-logged-out", "consult-rejoin",
            "ring-extension-opened", "ring-extension-rings",
        ])
        // Under about three minutes with the pauses: each flow plus its 3 s pause.
        let seconds = tour.map { DemoTour.nominalLength($0.scenario) + .seconds(3) }.reduce(.zero, +)
        #expect(seconds < .seconds(150))
    }

    @Test("--app keeps one app's flows")
    func oneApp() throws {
        #expect(DemoTour.flows(try Self.bundled(), apps: .builtIn, app: "ring-extension").map(\.scenario.name) == ["ring-extension-opened", "ring-extension-rings"])
    }

    @Test("a flow's length: its latest at time and every expect no window")
    func lengths() throws {
        let all = try Self.bundled()
        func length(_ name: String) -> Duration { DemoTour.nominalLength(all.first { $0.scenario.name == name }!.scenario) }
        #expect(length("voip-answer-hang-up") == .seconds(8))
        #expect(length("voip-unanswered") == .milliseconds(59_900))
        #expect(length("consult-busy") == .seconds(70))
        #expect(length("consult-decline") == .seconds(22))
    }

    @Test("what a flow shows is its file's top comment, as one line")
    func about() {
        #expect(DemoTour.about(fileText: "# ring-extension: one,\n#   two.\napp ring-extension\n# later\n") == "ring-extension: one, two.")
        #expect(DemoTour.about(fileText: "app voip\n# after\n") == "")
    }

    @Test("a caption per at step, in iOS's terms; a key after an answer hangs up")
    func captions() throws {
        let all = try Self.bundled()
        func captions(_ name: String) -> [String] { DemoCaption.steps(of: all.first { $0.scenario.name == name }!.scenario) }
        let answer = captions("voip-answer-hang-up")
        #expect(answer.count == 3)
        #expect(answer[0].hasPrefix("The app's server sends a VoIP push; the app reports the call to CallKit before its PushKit handler returns (iOS rule 4)"))
        #expect(answer[1].hasPrefix("The person answers: CallKit sends the app a CXAnswerCallAction"))
        #expect(answer[2].hasPrefix("The person hangs up"))
        #expect(captions("voip-decline")[1].hasPrefix("The person declines"))
        #expect(captions("voip-call-waiting")[2].hasPrefix("A second call during the first"))
        #expect(captions("voip-remote-cancel")[1].hasSuffix("not a push (rule 10), and reports the call ended to CallKit"))
        #expect(captions("consult-logged-out")[0].hasSuffix("iOS kills it (rules 4, 5)"))
        #expect(captions("consult-rejoin")[2].hasPrefix("A start push for the same consultation with a newer room"))
        #expect(captions("ring-extension-rings")[0].hasPrefix("An alert push with mutable-content runs the app's notification service extension (rule 40), which rings"))
        #expect(captions("ring-extension-opened")[1].hasPrefix("The person opens the notification"))
    }

    @Test("--audio-out: a WAV file per phone; /dev/null stays itself")
    func recordings() {
        #expect(DemoTour.recording("out/tour.wav", phone: 2) == "out/tour-2.wav")
        #expect(DemoTour.recording("/dev/null", phone: 3) == "/dev/null")
    }

    @Test("every caption of the tour fits on the two caption rows of an 80×24 terminal")
    func captionsFit() throws {
        for flow in DemoTour.flows(try Self.bundled(), apps: .builtIn) {
            for caption in DemoCaption.steps(of: flow.scenario) {
                #expect(caption.count <= DemoCaption.longest, "\(flow.scenario.name): \(caption)")
            }
        }
    }

    @Test("the tour's keys: space, n, q; the rest mean nothing to it")
    func keys() {
        #expect(DemoKey.keys(in: Array(" nqaN\u{1B}[A".utf8)) == [.pause, .next, .quit, .next])
    }
}
