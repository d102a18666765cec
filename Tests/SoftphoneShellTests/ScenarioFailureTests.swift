import SoftphoneApps
import SoftphoneShell
import Testing

/// `Softphone.scenarioFailure`: a scenario run for an app's own tests, on the manual clock.
@Suite("Softphone.scenarioFailure: a scenario in an app's own test")
struct ScenarioFailureTests {
    static let apps = [AppCatalog.voip.bundle]

    @Test("a flow that happens as written is nil")
    func passing() {
        let failure = Softphone.scenarioFailure("""
            app voip
            at 0s   call --from "Zoë" --handle +15551234
            expect  call.incoming call=1 caller="Zoë" within 1s
            at 2s   key a
            expect  call.connected call=1
            """, apps: Self.apps)
        #expect(failure == nil)
    }

    @Test("a step that does not happen is the report softphone scenario prints")
    func failing() throws {
        let failure = try #require(Softphone.scenarioFailure("""
            app voip
            at 0s   call --from "Zoë" --handle +15551234
            expect  call.incoming call=1 caller="Ada" within 1s
            """, file: "zoe.scenario", apps: Self.apps))
        #expect(failure.hasPrefix("FAIL zoe"))
        #expect(failure.contains("zoe.scenario:3: expect  call.incoming call=1 caller=\"Ada\" within 1s"))
    }

    @Test("a mistake in the text, and a scenario without steps, are said, not passed")
    func cannotRun() {
        #expect(Softphone.scenarioFailure("app voip\nat 0s ring", file: "bad.scenario", apps: Self.apps)?.hasPrefix("bad.scenario:2:") == true)
        #expect(Softphone.scenarioFailure("app voip", file: "empty.scenario", apps: Self.apps) == "empty.scenario has no steps (no at or expect line)")
        #expect(Softphone.scenarioFailure("app voip\nat 0s key a", apps: []) == "no apps to run: give at least one AppBundle")
    }
}
