import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
@testable import SoftphoneShell
import Testing

/// GNU's `--key=VALUE`, taken by every long option of every subcommand as `--key VALUE` is.
@Suite("The command line: --key=VALUE")
struct LongOptionValueTests {
    static func parse(_ words: [String]) throws -> Invocation { try Arguments.parse(words, apps: .builtIn) }

    @Test("the phone's own options")
    func phone() throws {
        guard case .run(let options) = try Self.parse(["--plain", "--socket=/tmp/p.sock", "--data-dir=/tmp/d", "--app=consult", "--set=ringTimeout=30"]) else {
            Issue.record("not the phone")
            return
        }
        #expect(options.socket == "/tmp/p.sock" && options.dataDirectory == "/tmp/d" && options.app.id == "consult")
        #expect(options.settings == ["ringTimeout": .int(30)])
    }

    @Test("scenario, wait, events, play, flow: each value in either form")
    func subcommands() throws {
        guard case .scenario(let files, let junit, let root, let flow, _, _) = try Self.parse(["scenario", "a.scenario", "--junit=out.xml", "--junit-root=.", "--flow=flows"]) else {
            Issue.record("not scenario")
            return
        }
        #expect(files == ["a.scenario"] && junit == "out.xml" && root == "." && flow == "flows")
        guard case .wait(let event, let conditions, let timeout, _, let afterCall, let socket) = try Self.parse(
            ["wait", "call.ended", "--where=reason=local", "--timeout=5", "--after-call=1", "--socket=/tmp/s"]) else {
            Issue.record("not wait")
            return
        }
        #expect(event == "call.ended" && conditions == [Condition(field: "reason", value: "local")] && timeout == 5 && afterCall == 1 && socket == "/tmp/s")
        guard case .play(let path, let repetitions, _) = try Self.parse(["play", "--loop=3", "x.wav"]) else {
            Issue.record("not play")
            return
        }
        #expect(path == "x.wav" && repetitions == 3)
        guard case .flow(let options) = try Self.parse(["flow", "run.jsonl", "--html=run.html", "--width=100"]) else {
            Issue.record("not flow")
            return
        }
        #expect(options.html == "run.html" && options.width == 100 && options.input == "run.jsonl")
    }

    @Test("client subcommands: a value may start with -- when given with =, and an operand after one is still the operand")
    func client() throws {
        guard case .client(.call(let caller), let socket, _) = try Self.parse(["call", "--from=--Zoë", "--handle=+15551234", "--socket=/tmp/s"]) else {
            Issue.record("not call")
            return
        }
        #expect(caller.name == "--Zoë" && caller.handle == "+15551234" && socket == "/tmp/s")
        guard case .client(.key(let keys), _, _) = try Self.parse(["key", "--socket=/tmp/s", "ad"]) else {
            Issue.record("not key")
            return
        }
        #expect(keys == "ad")
    }

    @Test("a flag that takes no value, given one, is one line naming both")
    func noValue() {
        #expect(throws: ControlError(
            "softphone scenario: --real-time takes no value, but was given \"yes\" (--real-time=yes); write --real-time alone; usage: softphone scenario FILE... [--junit OUT.xml [--junit-root DIR]] [--flow DIR] [--real-time]")) {
            try Self.parse(["scenario", "a.scenario", "--real-time=yes"])
        }
        #expect(throws: ControlError.self) { try Self.parse(["--plain=yes"]) }
    }
}
