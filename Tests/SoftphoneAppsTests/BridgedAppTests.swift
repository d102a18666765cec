import SoftphoneApps
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The built-in bridged app on the manual clock: a native plugin that reports and fulfils at once,
/// and an engine that subscribes to its events only `engineStart` ms after each launch.
@Suite("The bridged app: a cross-platform plugin's cold launch")
struct BridgedAppTests {
    final class Bench: PhoneOnManualClock<BridgedApp> {
        init(_ settings: [String: AppSetting.Value] = [:]) {
            super.init(configuration: Phone.Configuration(app: AppCatalog.bridged.bundle, settings: settings), seed: 42)
        }

        /// The names of the app's server requests, in order.
        var told: [String] {
            events.compactMap { if case .serverRequest(let name, _) = $0, name != "register" { name } else { nil } }
        }
    }

    /// A cold launch for a call (the app killed, a push), answered `after` it.
    private func coldLaunchAnswered(_ bench: Bench, after delay: Duration) {
        bench.send(.app(.kill))
        bench.send(.incomingCall(Caller(name: "Alice", handle: "+15550001")), after: .seconds(1))
        bench.send(.answer, after: delay)
    }

    @Test("an answer during the cold launch connects in CallKit, is lost, and the engine says so when it starts")
    func answerLost() {
        let bench = Bench()
        coldLaunchAnswered(bench, after: .seconds(1))
        #expect(bench.events.contains(.connected(call: 1)))
        #expect(bench.told.isEmpty)
        bench.advance(by: .seconds(2))  // the engine subscribes 3 s after the launch
        #expect(bench.told == ["engine-ready", "answer-lost"])
        if case .connected? = bench.phone.currentCalls.first?.state {} else { Issue.record("the call is not connected: \(bench.phone.currentCalls)") }
    }

    @Test("with queueEvents the answer waits for the engine, which joins the call")
    func answerQueued() {
        let bench = Bench(["queueEvents": .bool(true)])
        coldLaunchAnswered(bench, after: .seconds(1))
        bench.advance(by: .seconds(2))
        #expect(bench.told == ["engine-ready", "join"])
    }

    @Test("once the engine runs, an answer reaches it at once; engineStart sets when it subscribes", arguments: [500, 3000, 10_000])
    func engineStart(milliseconds: Int) {
        let bench = Bench(["engineStart": .int(milliseconds)])
        bench.advance(by: .milliseconds(milliseconds - 1))
        #expect(bench.told.isEmpty)
        bench.advance(by: .milliseconds(1))
        #expect(bench.told == ["engine-ready"])
        bench.send(.incomingCall(Caller(name: "Bob", handle: "+15550002")))
        bench.send(.answer)
        #expect(bench.told == ["engine-ready", "join"])
        bench.send(.end)
        #expect(bench.told == ["engine-ready", "join", "leave"])
    }
}
