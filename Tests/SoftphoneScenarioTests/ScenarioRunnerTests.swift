import SoftphoneApps
import SoftphoneScenario
import Testing

@Suite("Scenario files: running them on the manual clock")
struct ScenarioRunnerTests {
    @Test("the example: a consultation, busy, hung up at 70 s — no real time passes")
    func passing() throws {
        let result = try run("""
            app consult
            lock
            at 0s   push \(payload("consult-start"))
            expect  call.incoming caller="Helpo Hospital" within 1s
            at 2s   key a
            expect  call.connected
            at 5s   push \(payload("consult-start-other-bizno"))
            expect  server.request name=busy
            at 70s  key d
            expect  call.ended reason=local
            """)
        #expect(result.outcome == .passed)
        #expect(result.duration == .seconds(70))
        #expect(result.failure == nil)
        #expect(result.report == "PASS test (70 s)")
    }

    @Test("an expired push is one outcome online and offline: apns.discarded reason=expired, never push.dropped")
    func expiredPush() throws {
        let result = try run("""
            at 0s   push \(payload("voip-call")) --expiration 1000000000
            expect  apns.discarded reason=expired
            expect  no push.dropped for 1s
            at 2s   network offline
            at 3s   push \(payload("voip-call")) --expiration 1000000000
            expect  apns.discarded reason=expired
            expect  no call.incoming for 1s
            """)
        #expect(result.outcome == .passed, "\(result.report)")
    }

    @Test("a number or boolean field matches as it prints; expects after one action match in any order")
    func fieldsAndOrder() throws {
        let result = try run("""
            at 1s   call --from Alice
            expect  call.incoming call=1 video=false
            expect  push.received kind=voip
            at 3s   key a
            expect  call.connected call=1
            expect  call.action call=1 action=answer outcome=fulfilled
            """)
        #expect(result.outcome == .passed)
        #expect(result.duration == .seconds(3))
    }

    @Test("an event of the expected name with another field fails (exit 1), naming the step and listing the window's events")
    func wrongField() throws {
        let result = try run("""
            at 0s  call --from Alice
            expect call.incoming
            at 2s  key d
            expect call.ended reason=local within 1s
            """)
        #expect(result.outcome == .failed)
        #expect(result.failure?.line == 4)
        #expect(result.failure?.message == "expected call.ended reason=local within 1 s; call.ended came, but not with those fields")
        let report = result.report.split(separator: "\n").map(String.init)
        #expect(report[0] == "FAIL test (3 s)")
        #expect(report[1] == "  test.scenario:4: expect call.ended reason=local within 1s")
        #expect(report[3] == "  events from 2 s to 3 s:")
        #expect(report.contains { $0.hasPrefix("    2 s      call.ended call=1 uuid=") && $0.hasSuffix(#"reason=declined duration_ms=0 actions=["end:fulfilled"]"#) })
        #expect(ScenarioSuite(results: [result]).exitStatus == 1)
    }

    @Test("server.request's own fields: one the app never sent fails at once, naming those it sent; named, the request decides")
    func appFields() throws {
        let unknown = try run("""
            at 0s  call --from Alice
            expect server.request nosuch=1 within 30s
            """)
        #expect(unknown.outcome == .failed)
        #expect(unknown.duration == .zero, "at once, not after 30 s")
        #expect(unknown.failure?.message.hasPrefix(#"server.request has no field "nosuch" in this run; the app's requests so far carried: name, token, environment."#) == true)
        let named = try run("""
            app consult
            at 0s  push \(payload("consult-start"))
            at 5s  push \(payload("consult-start-other-bizno"))
            expect server.request name=busy bizno=BZ20260101002 within 30s
            """)
        #expect(named.outcome == .failed)
        #expect(named.duration == .seconds(5), "when the busy request came without it")
        #expect(named.failure?.message.hasPrefix(#"server.request name=busy came without a field "bizno"; the app's requests so far carried: name, token, environment, bizNo"#) == true)
        #expect(try run("""
            app consult
            at 0s  push \(payload("consult-start"))
            at 5s  push \(payload("consult-start-other-bizno"))
            expect server.request name=busy bizNo=BZ20260101002
            """).outcome == .passed)
    }

    @Test("an expectation whose time runs out with no event of its name times out (exit 97)")
    func timingOut() throws {
        let result = try run("""
            at 0s  call --from Alice
            expect call.connected within 10s
            """)
        #expect(result.outcome == .timedOut)
        #expect(result.duration == .seconds(10))
        #expect(result.failure?.message == "expected call.connected within 10 s; no call.connected came")
        #expect(result.report.hasPrefix("TIMEOUT test (10 s)\n  test.scenario:2: expect call.connected within 10s\n"))
        #expect(ScenarioSuite(results: [result]).exitStatus == 97)
        // Events before the latest action are not looked at: this one times out too.
        let alsoTimedOut = try run("at 0s key a\nexpect phone.ready within 1s")
        #expect(alsoTimedOut.outcome == .timedOut)
        #expect(ScenarioSuite(results: [result, alsoTimedOut]).exitStatus == 97)
        // A failure anywhere wins over a timeout.
        let wrong = try run("at 0s call\nexpect call.incoming caller=Bob")
        #expect(ScenarioSuite(results: [result, wrong]).exitStatus == 1)
    }

    @Test("the app's 60 s ring timeout on the manual clock: nothing before it, the end at it")
    func sixtySeconds() throws {
        let result = try run("""
            at 0s  call
            expect no call.ended for 59.999s
            expect call.ended reason=unanswered within 1ms
            """)
        #expect(result.outcome == .passed)
        #expect(result.duration == .seconds(60))
    }

    @Test("expect no: the event happening fails the scenario, with when it happened")
    func expectNoViolated() throws {
        let result = try run("""
            at 0s  call
            expect no call.ended for 61s
            """)
        #expect(result.outcome == .failed)
        #expect(result.failure?.message == "call.ended happened at 60 s, within 61 s where it must not")
        #expect(result.duration == .seconds(60))
    }

    @Test("optional: an expectation that does not come is passed over; one that does is taken")
    func optionalSteps() throws {
        let result = try run("""
            at 0s  call
            optional expect call.connected within 1s
            optional expect call.incoming
            expect no call.incoming for 1s
            at 3s  key a
            expect call.connected
            """)
        #expect(result.outcome == .passed)
        #expect(result.duration == .seconds(3))
    }

    @Test("a refused action fails the scenario with the phone's words; keys that mean nothing do not")
    func refusedAction() throws {
        #expect(try run("at 0s key a\nat 1s key xyz").outcome == .passed)
        let result = try run("at 1s hangup")
        #expect(result.outcome == .failed)
        #expect(result.failure?.message == "the phone refused it: there is no call to end")
    }

    @Test("app delete and app install as steps: the app's life events, and a push to the deleted app fails the scenario with what to do")
    func deleteAndInstall() throws {
        let result = try run("""
            at 0s  call --from Alice
            expect call.incoming
            at 1s  app delete
            expect call.ended reason=failed
            expect app.state state=not-installed reason=deleted
            at 2s  app install
            expect app.state state=background reason="launched (installed)"
            expect push.token
            at 3s  call --from Bob
            expect call.incoming caller=Bob
            """)
        #expect(result.outcome == .passed, "\(result.report)")
        let refused = try run("at 0s app delete\nat 1s push \(payload("voip-call"))")
        #expect(refused.outcome == .failed)
        #expect(refused.failure?.message == "the phone refused it: the app is not installed; softphone app install installs it again")
        #expect(try run("at 0s app install").failure?.message
            == "the phone refused it: the app is already installed; softphone app reinstall deletes it and installs it afresh")
    }

    @Test("the same scenario runs the same every time: same seed, same UUIDs")
    func deterministic() throws {
        let text = "at 0s call\nexpect call.incoming\nexpect call.connected within 1s"
        let first = try run(text), second = try run(text)
        #expect(first.failure?.window.map(\.json) == second.failure?.window.map(\.json))
    }

    @Test("no scenario ran: exit 99")
    func emptySuite() {
        #expect(ScenarioSuite().exitStatus == 99)
        var lines: [String] = []
        #expect(ScenarioCommand.run(files: [], junit: nil, clock: .manual, apps: .builtIn, out: { lines.append($0) }, err: { lines.append($0) }) == 99)
        #expect(lines.first?.hasPrefix("softphone scenario: no scenario ran") == true)
    }
}
