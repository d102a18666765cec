import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// ExampleApp, the app docs/writing-an-app.md shows, run on a phone on the manual clock; and
/// checks that the docs say what the code does.
@Suite("example app")
struct ExampleAppTests {
    /// A phone running ExampleApp. Time moves only when a test says so.
    final class ExamplePhone: PhoneOnManualClock<ExampleApp> {
        init() { super.init(configuration: .init(app: ExampleApp.bundle), lock: .locked, seed: 7) }

        /// Runs `press` as the app's own UI does, inside the phone, now.
        func pressInApp(_ press: (ExampleApp) -> Void) { runInApp(press) }

        /// The UUID the app reported the newest incoming call with.
        var lastIncoming: UUID? {
            events.compactMap { if case .incoming(_, let uuid, _) = $0 { UUID(uuidString: uuid) } else { nil } }.last
        }
        var connected: [Int] { events.compactMap { if case .connected(let call) = $0 { call } else { nil } } }
        /// Each ended call: its number, reason and connected duration.
        var ended: [(call: Int, reason: EndReason, duration: Duration)] {
            events.compactMap { if case .ended(let call, _, _, let reason, let duration, _) = $0 { (call, reason, duration) } else { nil } }
        }
        /// The names of the requests the app sent its server, in order.
        var serverRequests: [String] { events.compactMap { if case .serverRequest(let name, _) = $0 { name } else { nil } } }
    }

    static let zoe = Caller(name: "Zoë", handle: "+15551234")

    /// iOS rule 4, rule 32 and rule 35: the push is reported and rings; the app's own hang-up goes
    /// through CXCallController with the call's UUID and comes back as the one end action.
    @Test func answeredThenEndedFromTheAppsOwnButton() throws {
        let t = ExamplePhone()
        #expect(t.serverRequests == ["register"])
        t.send(.incomingCall(Self.zoe))
        let uuid = try #require(t.lastIncoming)
        #expect(t.effects.contains(.startRinging(call: 1)))
        #expect(t.app!.calls == [uuid])

        t.advance(by: .seconds(2))
        t.send(.answer)
        #expect(t.effects.contains(.stopRinging(call: 1)))
        #expect(t.connected == [1])
        #expect(t.serverRequests == ["register", "answer", "media"])

        t.send(.toggleMute)
        #expect(t.app!.isMuted)
        #expect(t.events.contains(.muted(call: 1, muted: true)))

        // The app's own button, pressed inside the phone: CallKit hands back the end action at once.
        t.advance(by: .seconds(5))
        t.pressInApp { $0.hangUp(uuid) }
        #expect(t.ended.map(\.reason) == [.local])
        #expect(t.ended.first?.duration == .seconds(5))
        #expect(t.serverRequests.last == "end")
        #expect(t.app!.calls.isEmpty)
        #expect(!t.app!.isMuted)

        // The ring timer was stopped by the answer: nothing else ends, and no rule was broken.
        t.advance(by: .seconds(120))
        #expect(t.ended.count == 1)
        #expect(t.violatedRules.isEmpty)
    }

    /// iOS rule 26 and rule 28: iOS has no ring timeout; the app's own timer ends the call `.unanswered`
    /// at exactly 30 s, and Recents shows it as missed.
    @Test func unansweredAfterTheAppsOwnTimer() {
        let t = ExamplePhone()
        t.send(.incomingCall(Self.zoe))
        t.advance(by: .seconds(30) - .milliseconds(1))
        #expect(t.ended.isEmpty)
        t.advance(by: .milliseconds(1))
        #expect(t.ended.map(\.reason) == [.unanswered])
        #expect(t.effects.contains(.stopRinging(call: 1)))
        #expect(t.serverRequests.last == "missed")
        #expect(t.phone.recents.first?.isMissed == true)
        #expect(t.app!.calls.isEmpty)
        #expect(t.violatedRules.isEmpty)
    }

    /// iOS rule 32: declining arrives as the end action, and stops the app's ring timer.
    @Test func declinedWhileRinging() {
        let t = ExamplePhone()
        t.send(.incomingCall(Self.zoe))
        t.send(.end)
        #expect(t.ended.map(\.reason) == [.declined])
        #expect(t.serverRequests.last == "end")
        t.advance(by: .seconds(60))
        #expect(t.ended.count == 1)
    }

    /// iOS rule 10: the caller's cancel and hang-up reach the app over its server connection,
    /// not as pushes; the app reports `.remoteEnded`.
    @Test func remoteSideCancelsWhileRingingThenHangsUpAConnectedCall() {
        let t = ExamplePhone()
        t.send(.incomingCall(Self.zoe))
        t.advance(by: .seconds(3))
        t.send(.remoteEnd(call: nil))
        #expect(t.ended.map(\.reason) == [.remote])
        #expect(t.app!.calls.isEmpty)

        t.send(.incomingCall(Self.zoe))
        t.send(.answer)
        t.advance(by: .seconds(10))
        t.send(.remoteEnd(call: 2))
        #expect(t.ended.map(\.call) == [1, 2])
        #expect(t.ended.map(\.reason) == [.remote, .remote])
        #expect(t.ended.last?.duration == .seconds(10))

        // Neither call's ring timer outlives it.
        t.advance(by: .seconds(60))
        #expect(t.ended.count == 2)
        #expect(t.violatedRules.isEmpty)
    }

    // MARK: - The docs

    /// docs/writing-an-app.md shows each file it names whole, byte for byte: the ``` block after
    /// each `<!-- example: PATH -->` line is the file at PATH (ExampleApp.swift, and the files of
    /// Examples/MyPhoneApp).
    @Test func theGuideShowsEachExampleFileExactly() throws {
        let guide = try SmallTextFile.read(Repository.path("docs/writing-an-app.md")).get()
        let parts = split(guide, on: "<!-- example: ")
        #expect(parts.count >= 9, "the guide shows ExampleApp.swift and the example package's eight files")
        for part in parts.dropFirst() {
            let path = try #require(split(part, on: " -->\n").first)
            let afterFence = try #require(split(part, on: "```").dropFirst().first.map { String($0.drop { $0 != "\n" }.dropFirst()) })
            let block = try #require(split(afterFence, on: "\n```\n").first.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" })
            let source = try SmallTextFile.read(Repository.path(path)).get()
            #expect(block == source, "docs/writing-an-app.md's block for \(path) differs from the file: copy the file into the block")
        }
    }

    /// docs/ios-rules.md has one row for each rule, 1 to 51, each with a known
    /// status; an enforced rule names its test file.
    @Test func theRulesTableHasEveryRuleOnce() throws {
        let table = try SmallTextFile.read(Repository.path("docs/ios-rules.md")).get()
        var numbers: [Int] = []
        // The columns are found by their headings (`| # | … | status | … | tests |`), so the tables
        // may gain columns without this test reading the wrong one.
        var statusColumn = 3, testsColumn = 5
        for line in table.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(trimmingSpaces)
            if cells.count > 1, cells[1] == "#" {
                statusColumn = cells.firstIndex(of: "status") ?? statusColumn
                testsColumn = cells.firstIndex(of: "tests") ?? testsColumn
                continue
            }
            guard cells.count > statusColumn, let number = Int(cells[1]) else { continue }
            numbers.append(number)
            let status = cells[statusColumn]
            #expect(
                status.hasPrefix("enforced") || status.hasPrefix("modeled without enforcement") || status.hasPrefix("not applicable here"),
                "rule \(number) has an unknown status: \(status)")
            if status.hasPrefix("enforced") {
                #expect(cells.count > testsColumn && cells[testsColumn].contains(".swift"), "rule \(number) is enforced but names no test file")
            }
        }
        #expect(numbers == Array(1...51))
    }
}

/// The parts of `text` between occurrences of `separator` (no Foundation here).
private func split(_ text: String, on separator: String) -> [String] {
    let bytes = Array(text.utf8), sep = Array(separator.utf8)
    var parts: [String] = []
    var start = 0, i = 0
    while i + sep.count <= bytes.count {
        if bytes[i..<(i + sep.count)].elementsEqual(sep) {
            parts.append(String(decoding: bytes[start..<i], as: UTF8.self))
            i += sep.count
            start = i
        } else {
            i += 1
        }
    }
    parts.append(String(decoding: bytes[start...], as: UTF8.self))
    return parts
}

private func trimmingSpaces(_ text: Substring) -> String {
    String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
}
