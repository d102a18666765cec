import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneScenario

/// The tour as it runs: each flow in turn on a phone started with the flow's flags (restarted
/// only when the next flow needs other ones), a caption naming the next flow in the pause before
/// it, one per step while it runs, and one saying so when a flow did not go as its scenario says.
struct DemoShow {
    /// The pause before each flow, while its caption says what it will show.
    static let pauseBetweenFlows = 3.0
    /// How long a flow that went differently stays on the screen with the caption saying how.
    static let pauseAfterSurprise = 4.0

    let options: DemoCommand.Options
    /// The private folder: the phones' data, and their socket unless `--socket` names one.
    let folder: String
    let keyboard: DemoKeyboard
    private var phone: DemoPhone?
    private var phonesStarted = 0
    /// Why the tour could not go on, said once the terminal is back.
    private(set) var problem: String?

    init(options: DemoCommand.Options, folder: String, keyboard: DemoKeyboard) {
        self.options = options
        self.folder = folder
        self.keyboard = keyboard
    }

    /// Runs the tour (forever with `--loop`) until its end or `q`; returns the exit status.
    mutating func run(_ flows: [DemoTour.Flow]) -> Int32 {
        while true {
            for (index, flow) in flows.enumerated() {
                let progress = "\(index + 1)/\(flows.count)"
                guard let phone = phone(for: flow.scenario) else { return 1 }
                keyboard.resetSkip()
                // The tour's keys are said before its first flow (and in the pause): the flows'
                // titles need the caption's room after that.
                let keys = index == 0 ? "  (space pauses · n skips · q ends)" : ""
                if !idle(Self.pauseBetweenFlows, caption: "Next, \(progress): \(flow.about)\(keys)", on: phone) {
                    return endedStatus
                }
                if keyboard.skipped { continue }
                let result = play(flow, progress: progress, on: phone)
                if keyboard.quit { return endedStatus }
                if !phone.isRunning {
                    problem = "the phone stopped in the middle of \(flow.scenario.name) (exit \(phone.exitStatus ?? 0))"
                    return 1
                }
                if let result, result.outcome != .passed, !keyboard.skipped, let failure = result.failure {
                    let text = "\(progress) went differently from its scenario (line \(failure.line)): \(failure.message)"
                    if !idle(Self.pauseAfterSurprise, caption: text, on: phone) { return endedStatus }
                }
            }
            guard options.loop, let phone else { break }
            if !idle(Self.pauseBetweenFlows, caption: "That was every flow; the tour starts again", on: phone) { return endedStatus }
        }
        if let phone { _ = idle(Self.pauseBetweenFlows, caption: "That was every flow of the tour", on: phone) }
        return endedStatus
    }

    /// 0, or 128 plus the signal that ended the tour.
    private var endedStatus: Int32 {
        keyboard.signal.map { 128 + $0 } ?? 0
    }

    /// Stops the phone that runs, if any.
    mutating func stopPhone() {
        phone?.stop()
        phone = nil
    }

    /// The phone for `scenario`: the one running when its flags are the scenario's, else a new one.
    private mutating func phone(for scenario: Scenario) -> DemoPhone? {
        let flags = ["--app", scenario.app]
            + scenario.settings.sorted { $0.key < $1.key }.flatMap { ["--set", "\($0.key)=\($0.value.description)"] }
            + ScenarioRule.changes(scenario.rules).flatMap { ["--rule", $0] }
        if let phone, phone.flags == flags, phone.isRunning { return phone }
        stopPhone()
        phonesStarted += 1
        var more = options.phoneArguments
        if let out = options.audioOut { more += ["--audio-out", DemoTour.recording(out, phone: phonesStarted)] }
        let socket = options.socket ?? folder + "/control.sock"
        do {
            let started = try DemoPhone(flags: flags, more: more, socket: socket, dataDirectory: folder + "/data")
            phone = started
            guard started.waitUntilReady(seconds: 15) else {
                problem = started.isRunning
                    ? "the phone (\(flags.joined(separator: " "))) did not answer on \(socket) within 15 s"
                    : "the phone (\(flags.joined(separator: " "))) did not start (exit \(started.exitStatus ?? 0)); its own message is above"
                return nil
            }
            return started
        } catch {
            problem = error.message
            return nil
        }
    }

    /// Runs one flow; nil when its scenario could not start on the phone (said in `problem`'s place, the caption).
    private func play(_ flow: DemoTour.Flow, progress: String, on phone: DemoPhone) -> ScenarioResult? {
        let driver: RealTimeDriver
        do { driver = try RealTimeDriver(scenario: flow.scenario, socket: phone.socket) } catch {
            _ = idle(Self.pauseAfterSurprise, caption: "\(progress) could not start: \(error.message)", on: phone)
            return nil
        }
        let keyboard = keyboard
        let captions = DemoCaption.steps(of: flow.scenario).map { "\(progress) · " + $0 }
        let demo = DemoDriver(driver, captions: captions, readKeys: { keyboard.keys() }, show: { phone.caption($0) })
        var runner = ScenarioRunner(flow.scenario, on: demo)
        let result = runner.run()
        // A flow ended early (n) or that went differently may leave a call ringing: the next starts clean.
        if !keyboard.quit { driver.cleanUp() }
        return result
    }

    /// Shows `caption` for `seconds`, reading the tour's keys: space pauses and goes on, `n` ends
    /// the wait, `q` (or a signal) ends the tour: then false.
    private func idle(_ seconds: Double, caption: String, on phone: DemoPhone) -> Bool {
        phone.caption(caption)
        var paused = false
        var left = seconds
        while paused || left > 0 {
            let started = ControlClient.monotonicSeconds()
            for key in keyboard.keys(waitingUpTo: paused ? 200 : Int32(min(200, left * 1000))) {
                switch key {
                case .quit: return false
                case .next: return true
                case .pause:
                    paused.toggle()
                    phone.caption(paused ? DemoDriver<RealTimeDriver>.pausedCaption : caption)
                }
            }
            if !paused { left -= ControlClient.monotonicSeconds() - started }
            if !phone.isRunning { return true }
        }
        return true
    }
}
