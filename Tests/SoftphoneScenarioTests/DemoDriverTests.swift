import SoftphoneApps
import SoftphoneControl
import SoftphoneScenario
import Testing

/// The demo's driver on the manual clock: captions before each step, and the keys read while a
/// flow waits.
@Suite("softphone demo: the driver and its keys")
struct DemoDriverTests {
    static let text = """
        at 0s   call --from Alice
        expect  call.incoming
        at 2s   key a
        expect  call.connected
        at 8s   key d
        expect  call.ended reason=local
        """

    /// A key source that gives `script`'s keys one read after another, then none.
    final class Keys {
        var script: [[DemoKey]]
        init(_ script: [[DemoKey]]) { self.script = script }
        func read() -> [DemoKey] { script.isEmpty ? [] : script.removeFirst() }
    }

    final class Shown {
        var captions: [String] = []
    }

    private func run(keys: [[DemoKey]]) throws -> (ScenarioResult, [String]) {
        let flow = try scenario(Self.text)
        let source = Keys(keys), shown = Shown()
        let driver = DemoDriver(ManualClockDriver(scenario: flow, apps: .builtIn), captions: ["one", "two", "three"], readKeys: source.read, show: { shown.captions.append($0) })
        var runner = ScenarioRunner(flow, on: driver)
        return (runner.run(), shown.captions)
    }

    @Test("with no key pressed the flow runs as its scenario says, a caption before each at step")
    func untouched() throws {
        let (result, captions) = try run(keys: [])
        #expect(result.outcome == .passed)
        #expect(captions == ["one", "two", "three"])
    }

    @Test("n ends the flow where it is")
    func skip() throws {
        let (result, captions) = try run(keys: [[], [.next]])
        #expect(result.outcome != .passed)
        #expect(result.failure?.message == "skipped (n)")
        #expect(captions == ["one"])
    }

    @Test("space pauses until space again; the time paused is taken off the flow's clock")
    func pause() throws {
        // Paused for five reads (500 ms on the manual clock) while waiting for the answer step.
        let (result, captions) = try run(keys: [[], [], [.pause], [], [], [], [], [.pause]])
        #expect(result.outcome == .passed)
        #expect(result.duration == .seconds(8))
        #expect(captions == ["one", DemoDriver<ManualClockDriver>.pausedCaption, "one", "two", "three"])
    }

    @Test("q while paused ends the flow")
    func quitWhilePaused() throws {
        let (result, _) = try run(keys: [[.pause], [], [.quit]])
        #expect(result.failure?.message == "ended (q)")
    }
}
