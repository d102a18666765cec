import SoftphoneCore
@testable import SoftphoneFlow
import Testing

/// The model: events in, rows out, in Apple's words.
struct FlowLadderTests {
    /// The answered call of docs/events.md's example.
    static let answered = """
        {"t_ms":0,"event":"phone.ready","app":"voip","lock":"locked","token":"95fc"}
        {"t_ms":0,"event":"app.state","state":"background","reason":"launched (installed)"}
        {"t_ms":0,"event":"push.token","token":"95fc"}
        {"t_ms":0,"event":"server.request","name":"register","token":"95fc"}
        {"t_ms":1510,"event":"push.received","kind":"voip"}
        {"t_ms":1510,"event":"call.incoming","call":1,"uuid":"D15D","caller":"Zoë 张伟","handle":"+15551234","video":false}
        {"t_ms":1510,"event":"ring.started","call":1,"latency_us":120}
        {"t_ms":3538,"event":"server.request","name":"answer","uuid":"D15D"}
        {"t_ms":3538,"event":"call.action","call":1,"action":"answer","outcome":"fulfilled"}
        {"t_ms":3538,"event":"call.connected","call":1}
        {"t_ms":3538,"event":"audio.session","active":true}
        {"t_ms":3538,"event":"ring.stopped","call":1,"latency_us":30}
        {"t_ms":9559,"event":"call.action","call":1,"action":"end","outcome":"timed-out"}
        {"t_ms":9559,"event":"rule.violated","rule":31,"message":"The end action was not fulfilled in time."}
        {"t_ms":9560,"event":"some.future.event","answer":42}
        """

    static func ladder(capacity: Int? = nil) throws -> FlowLadder {
        FlowLadder(events: try FlowEventReader.events(in: answered, file: "answered.jsonl"), capacity: capacity)
    }

    @Test func everyEventIsARowInAppleTerms() throws {
        let ladder = try Self.ladder()
        #expect(ladder.items.count == 15)
        let labels = ladder.items.map(\.label)
        #expect(labels[2] == "pushRegistry(_:didUpdate:for:)")
        #expect(labels[4] == "pushRegistry(_:didReceiveIncomingPushWith:)")
        #expect(ladder.items[4].shape == .arrow(from: .apns, to: .app))
        #expect(labels[5] == "reportNewIncomingCall Zoë 张伟")
        #expect(ladder.items[5].shape == .arrow(from: .app, to: .callKit))
        #expect(labels[7] == "server: answer")
        #expect(ladder.items[7].shape == .arrow(from: .app, to: .server))
        #expect(labels[8] == "CXAnswerCallAction fulfill()")
        #expect(labels[10] == "provider(_:didActivate:)")
        #expect(labels[12] == "CXEndCallAction timed-out")
        #expect(ladder.items[12].isProblem)
    }

    @Test func timeIsCountedFromThePush() throws {
        let ladder = try Self.ladder()
        #expect(ladder.items[3].timeText == "@0.000")
        #expect(ladder.items[4].timeText == "+0.000")
        #expect(ladder.items[7].timeText == "+2.028")
    }

    @Test func aUUIDPlacesARequestInItsCall() throws {
        let ladder = try Self.ladder()
        #expect(ladder.items[7].call == 1)
        #expect(ladder.items[3].call == nil)
        #expect(ladder.calls == [1])
        #expect(ladder.items(call: 2).allSatisfy { $0.call == nil })
    }

    @Test func aBrokenRuleIsALineAcrossWithItsWords() throws {
        let item = try Self.ladder().items[13]
        #expect(item.shape == .violation(rule: 31))
        #expect(item.label == "iOS rule 31: The end action was not fulfilled in time.")
    }

    @Test func anUnknownEventIsANoteNotDropped() throws {
        let item = try Self.ladder().items[14]
        #expect(item.shape == .note(.server))
        #expect(item.label == "some.future.event answer=42")
    }

    @Test func ringingIsASpanFromTheCallToTheRingtonesStop() throws {
        let spans = try Self.ladder().spans
        #expect(spans == [FlowSpan(kind: .ring, call: 1, first: 5, last: 9, isOpen: false)])
    }

    @Test func partiesAreTheColumnsInUse() throws {
        #expect(try Self.ladder().parties == [.server, .apns, .pushKit, .app, .callKit, .phoneUI])
    }

    @Test func aBoundedLadderKeepsTheNewestRows() throws {
        let ladder = try Self.ladder(capacity: 4)
        #expect(ladder.items.map(\.index) == [11, 12, 13, 14])
        #expect(ladder.eventCount == 15)
    }

    @Test func aLineThatIsNotJSONIsNamedByFileAndLine() {
        #expect(throws: FlowEventReader.LineError(file: "x.jsonl", line: 3, reason: "not JSON: expected a JSON value at byte 0")) {
            try FlowEventReader.events(in: "{\"t_ms\":0,\"event\":\"a\"}\n\nnonsense\n", file: "x.jsonl")
        }
        #expect(throws: FlowEventReader.LineError(file: "-", line: 1, reason: "not a JSON object (an event is one object a line)")) {
            try FlowEventReader.events(in: "[1]", file: "-")
        }
    }

    @Test func aHeadlessRunsRepliesAreSkipped() throws {
        let events = try FlowEventReader.events(in: "{\"ok\":true}\n{\"t_ms\":1,\"event\":\"call.connected\",\"call\":1}\n", file: "run.jsonl")
        #expect(events.count == 1)
    }
}
