import SoftphoneControl
import SoftphoneCore
import Testing

/// A store whose writes fail while `broken`, as a full disk's do.
private final class FlakyStore: CallStore {
    var broken = false
    let kept = MemoryCallStore()
    private func check() throws(ControlError) { if broken { throw ControlError("call store: database or disk is full (code 13)") } }
    func record(_ entry: JournalEntry) throws(ControlError) { try check(); try kept.record(entry) }
    func record(_ entry: JournalEntry, recent: RecentCall?) throws(ControlError) { try check(); try kept.record(entry, recent: recent) }
    func journal(limit: Int) throws(ControlError) -> [JournalEntry] { try kept.journal(limit: limit) }
    func add(_ recent: RecentCall) throws(ControlError) { try check(); try kept.add(recent) }
    func recents(app: String, limit: Int) throws(ControlError) -> [RecentCall] { try kept.recents(app: app, limit: limit) }
    func open(_ call: OpenCall) throws(ControlError) { try check(); try kept.open(call) }
    func recoverOpenCalls(endedAt: Double) throws(ControlError) -> [OpenCall] { try kept.recoverOpenCalls(endedAt: endedAt) }
}

@Suite("Journal writer")
struct JournalWriterTests {
    private func ended(_ n: Int) -> JournalWriter.Write {
        let caller = Caller(name: "Caller \(n)", handle: "+\(n)")
        return .ended(
            JournalEntry(app: "voip", uuid: "U\(n)", caller: caller, reason: .remote, durationMilliseconds: 0, endedAt: Int64(n)),
            RecentCall(app: "voip", uuid: "U\(n)", caller: caller, handleType: .generic, isOutgoing: false, isMissed: true,
                       reason: .remote, endedAt: Double(n), durationMilliseconds: 0))
    }

    @Test("writes refused by a full disk wait in order, are said to fail once, and are all written once it has room")
    func fullDisk() throws {
        let store = FlakyStore()
        let writer = JournalWriter(store: store, open: nil)
        #expect(writer.write(ended(1)) == nil)
        store.broken = true
        #expect(writer.write(ended(2)) == .failed(error: "call store: database or disk is full (code 13)", waiting: 1))
        for n in 3...300 { #expect(writer.write(ended(n)) == nil, "said once, not once per call") }
        #expect(writer.retry() == nil && writer.waiting.count == 299)
        store.broken = false
        #expect(writer.retry() == .recovered(written: 299))
        #expect(!writer.needsRetry)
        #expect(try store.journal(limit: 1000).map(\.uuid) == (1...300).reversed().map { "U\($0)" })
        #expect(try store.recents(app: "voip", limit: 1000).count == 100)
    }

    @Test("a store that could not be opened at start is opened again at a retry, and what waited is written")
    func openedLater() throws {
        let store = FlakyStore()
        var openable = false
        let writer = JournalWriter(store: nil, open: { () throws(ControlError) in
            guard openable else { throw ControlError("call store: cannot open (disk I/O error)") }
            return store
        }, failure: "call store: cannot open (disk I/O error)")
        #expect(writer.write(ended(1)) == nil, "the failure was said at start")
        openable = true
        #expect(writer.retry() == .recovered(written: 1))
        #expect(try store.journal(limit: 10).count == 1)
    }

    @Test("past 10,000 waiting writes the oldest are given up and counted")
    func bounded() {
        let store = FlakyStore()
        store.broken = true
        let writer = JournalWriter(store: store, open: nil)
        for n in 0..<(JournalWriter.capacity + 5) { _ = writer.write(ended(n)) }
        #expect(writer.waiting.count == JournalWriter.capacity && writer.dropped == 5)
    }
}
