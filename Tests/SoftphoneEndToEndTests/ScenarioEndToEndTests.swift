import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// `softphone scenario` through the real binary: the bundled suite, SIPp's exit codes, syntax
/// errors before anything runs, the JUnit file, and `--real-time` against a running phone.
@Suite("Scenario files, end to end", .serialized)
struct ScenarioEndToEndTests {
    let folder = temporaryFolder()

    /// Writes a scenario file into the test's folder; its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name + ".scenario"
        try writeFile(text: text, to: path)
        return path
    }

    /// All the bundled scenarios.
    static var bundled: [String] {
        guard let dir = opendir(Repository.path("Assets/Scenarios")) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".scenario") { names.append(Repository.root + "/Assets/Scenarios/" + name) }
        }
        return names.sorted()
    }

    @Test("the bundled suite passes: one line per scenario, a summary with scenarios/s, a JUnit file; exit 0")
    func bundledSuite() throws {
        let junit = folder + "/scenarios.xml"
        let files = Self.bundled
        #expect(files.count >= 13)
        let run = try PhoneProcess.run(["scenario"] + files + ["--junit", junit])
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == files.count + 1)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS ") })
        #expect(lines.last?.hasPrefix("\(files.count) scenarios passed in ") == true)
        #expect(lines.last?.hasSuffix(" scenarios/s) on the manual clock") == true)
        guard let xml = fopen(junit, "rb") else { Issue.record("no JUnit file"); return }
        fclose(xml)
        // docs/scenarios.md shows this run's output, line for line but for the summary's real time and rate.
        #expect(Self.withoutTime(try Self.documentedRun()) == Self.withoutTime(run.out), "paste this run's output into docs/scenarios.md")
    }

    /// The output docs/scenarios.md shows for the bundled suite: the block after its command's.
    static func documentedRun() throws -> String {
        let lines = try SmallTextFile.read(Repository.path("docs/scenarios.md")).get().split(separator: "\n", omittingEmptySubsequences: false)
        guard let command = lines.firstIndex(of: "softphone scenario Assets/Scenarios/*.scenario --junit .build/scenarios.xml"),
              let close = lines[command...].firstIndex(of: "```"), let open = lines[(close + 1)...].firstIndex(of: "```") else { return "" }
        return lines[(open + 1)...].prefix { $0 != "```" }.map { $0 + "\n" }.joined()
    }

    /// A suite's output with the summary's real time and rate (`in 0.013 s (1048 scenarios/s)`) left out.
    static func withoutTime(_ output: String) -> String {
        output.split(separator: "\n").map { line in
            guard line.hasSuffix(" on the manual clock"), let cut = line.firstRange(of: " in ") else { return String(line) }
            return line[..<cut.lowerBound] + " in … on the manual clock"
        }.joined(separator: "\n")
    }

    @Test("exit 1 when a scenario fails (its file:line on stderr), 97 when one only times out, 99 when none ran")
    func exitCodes() throws {
        let failing = try file("failing", "at 0s call --from Alice\nexpect call.incoming caller=Bob within 1s\n")
        let timing = try file("timing", "at 0s call\nexpect call.connected within 2s\n")
        let passing = try file("passing", "at 0s call\nexpect call.incoming\n")
        let empty = try file("empty", "# nothing yet\napp voip\n")

        let failed = try PhoneProcess.run(["scenario", passing, failing, timing])
        #expect(failed.status == 1)
        #expect(failed.out.hasPrefix("PASS passing (0 s)\n"))
        #expect(failed.err.split(separator: "\n").contains { $0 == "  \(failing):2: expect call.incoming caller=Bob within 1s" })
        #expect(failed.out.hasSuffix("3 scenarios: 1 passed, 1 failed, 1 timed out, in " + (failed.out.split(separator: "in ").last.map(String.init) ?? "")))

        let timedOut = try PhoneProcess.run(["scenario", passing, timing])
        #expect(timedOut.status == 97)
        #expect(timedOut.err.hasPrefix("TIMEOUT timing (2 s)\n"))

        #expect(try PhoneProcess.run(["scenario"]).status == 99)
        let none = try PhoneProcess.run(["scenario", empty])
        #expect(none.status == 99)
        #expect(none.err.hasPrefix("softphone scenario: \(empty) has no steps"))
    }

    @Test("a run that stops on a mistake replaces the previous report with one whose error names file:line:column")
    func reportOfASyntaxError() throws {
        let junit = folder + "/reports/out.xml"  // the folder is made, as --flow's is
        let good = try file("good", "at 0s call\nexpect call.incoming\n")
        #expect(try PhoneProcess.run(["scenario", good, "--junit", junit]).status == 0)
        guard case .success(let passed) = SmallTextFile.read(junit) else { Issue.record("no report after a pass"); return }
        #expect(passed.contains(#"failures="0" errors="0""#))
        let bad = try file("bad", "at 0s call\nexpect call.incomming\n")
        #expect(try PhoneProcess.run(["scenario", good, bad, "--junit", junit]).status == 2)
        guard case .success(let broken) = SmallTextFile.read(junit) else { Issue.record("no report after a mistake"); return }
        #expect(broken.contains(#"tests="2" failures="0" errors="1""#))
        #expect(broken.contains(#"<error message="\#(bad):2:8: unknown event &quot;call.incomming&quot;"#))
        #expect(broken.contains(#"<skipped message="not run"#))
        // Written beside the report and renamed over it: nothing is left half-written.
        #expect(try listFolder(folder + "/reports") == ["out.xml"])
    }

    @Test("a --junit path that cannot be written is a command-line mistake found before anything runs; exit 2")
    func unwritableReport() throws {
        let good = try file("good", "at 0s call\nexpect call.incoming\n")
        let run = try PhoneProcess.run(["scenario", good, "--junit", folder + "/no/such/out.xml"])
        #expect(run.status == 2)
        #expect(run.out == "")
        #expect(run.err == "softphone scenario: --junit \(folder)/no/such/out.xml: cannot make the folder \(folder)/no/such: No such file or directory; give a file in a folder that can be written\n")
        let root = try PhoneProcess.run(["scenario", good, "--junit", folder + "/out.xml", "--junit-root", folder + "/nowhere"])
        #expect(root.status == 2)
        #expect(root.err.hasPrefix("softphone scenario: --junit-root \(folder)/nowhere is not a folder"))
    }

    @Test("a mistake in any file is named file:line:column before anything runs; exit 2")
    func syntaxError() throws {
        let good = try file("good", "at 0s call\nexpect call.incoming\n")
        let bad = try file("bad", "at 0s call\nat 2s key a\nat 1s key d\n")
        let run = try PhoneProcess.run(["scenario", good, bad])
        #expect(run.status == 2)
        #expect(run.out == "")
        #expect(run.err.hasPrefix("softphone scenario: \(bad):3:4: at 1 s comes after at 2 s (line 2)"))
        #expect(try PhoneProcess.run(["scenario", good, "--socket", "/tmp/x"]).status == 2)
    }

    @Test("times that add up past the clock's range are one line naming file:line, exit 2, not a crash")
    func timeOverflow() throws {
        let steps = ["at 0s call"] + Array(repeating: "expect no call.outgoing for 999999m", count: 155)
        let path = try file("overflow", steps.joined(separator: "\n") + "\n")
        let run = try PhoneProcess.run(["scenario", path])
        #expect(run.status == 2)
        // 999,999 minutes is 1.9 years: the 53rd wait passes 100 years; the at line is line 1.
        #expect(run.err == "softphone scenario: \(path):54:1: the scenario's times add up to more than 100 years by this step (the latest at time plus every within and for): the phone's clock counts 64-bit nanoseconds; use shorter times\n")
    }

    @Test("--real-time drives a running phone through its socket, on the wall clock, and checks its app")
    func realTime() throws {
        let phone = try PlainPhone(["--no-audio"])
        let started = try PhoneProcess.run(["wait", "phone.ready", "--socket", phone.socket, "--timeout", "10"])
        #expect(started.status == 0)
        let demo = try file("demo", """
            app voip
            at 0s    call --from "Zoë 张伟" --handle +15551234
            expect   call.incoming caller="Zoë 张伟" within 1s
            at 0.4s  key a
            expect   call.connected within 1s
            at 0.9s  key d
            expect   call.ended reason=local within 1s
            """)
        let begin = PhoneProcess.now()
        let run = try PhoneProcess.run(["scenario", "--real-time", "--socket", phone.socket, demo])
        let took = PhoneProcess.now() - begin
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.hasPrefix("PASS demo (0.9"))
        // On the wall clock a scenarios/s rate would only restate the scenario's own length.
        let summary = run.out.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("1 scenario passed in ") && summary.hasSuffix(" s"), "\(summary)")
        #expect(took >= 0.9)
        #expect(phone.process.line(startingWith: "ENDED call=1")?.hasPrefix("ENDED call=1 reason=local") == true)

        let consult = try file("consult", "app consult\nat 0s call\nexpect call.incoming\n")
        let wrongApp = try PhoneProcess.run(["scenario", "--real-time", "--socket", phone.socket, consult])
        #expect(wrongApp.status == 1)
        #expect(wrongApp.err == "softphone scenario: \(consult):1: the scenario is for the consult app, but the phone on \(phone.socket) runs voip; start the phone with --app consult, or change the scenario\n")

        let rules = try file("rules", "app voip\nrule actionTimeout=2s\nat 0s call\nexpect call.incoming\n")
        let fixedRules = try PhoneProcess.run(["scenario", "--real-time", "--socket", phone.socket, rules])
        #expect(fixedRules.status == 1)
        #expect(fixedRules.err == "softphone scenario: \(rules): the scenario's settings, rules and build (actionTimeout=2000ms, build=appstore) are not the phone's on \(phone.socket) (build=appstore); start the phone with --app voip --rule actionTimeout=2000ms\n")

        // The same file again, back to back on the same phone: its call is call=1 of this scenario
        // (the phone's second call), and a failure leaves no call ringing for the next.
        #expect(try PhoneProcess.run(["scenario", "--real-time", "--socket", phone.socket, demo]).status == 0)
        let failing = try file("failing", "app voip\nat 0s call\nexpect call.incoming call=1\nexpect call.connected within 0.5s\n")
        #expect(try PhoneProcess.run(["scenario", "--real-time", "--socket", phone.socket, failing]).status != 0)
        let state = try phone.state()
        #expect(state["calls"] == .array([]), "the failed scenario's call was ended: \(state.text)")
        #expect(state["call_count"] == .number(3))
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("a phone started with the scenario's --set and --rule runs it in real time")
    func realTimeWithSettingsAndRules() throws {
        let phone = try PlainPhone(["--no-audio", "--app", "consult", "--set", "ringTimeout=15", "--rule", "actionTimeout=2s"])
        #expect(try PhoneProcess.run(["wait", "phone.ready", "--socket", phone.socket, "--timeout", "10"]).status == 0)
        let scenario = try file("settings", "app consult\nset ringTimeout=15\nrule actionTimeout=2000ms\nat 0s push \(Repository.root)/Assets/Payloads/consult-start.json\nexpect call.incoming call=1\nat 0.5s key d\nexpect call.ended reason=declined\n")
        let run = try PhoneProcess.run(["scenario", "--real-time", "--socket", phone.socket, scenario])
        #expect(run.status == 0, "\(run.err)")
        let state = try phone.state()
        #expect(state["settings"] == .object([("ringTimeout", .string("15"))]) && state["rules"] == .array([.string("actionTimeout=2000ms")]))
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }
}
