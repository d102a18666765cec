import SoftphoneControl
import SoftphoneCore
import Testing

@Suite("Call journal")
struct CallJournalTests {
    @Test("ended calls are stored in SQLite and read back newest first, across reopening")
    func recordAndReopen() throws {
        let folder = temporaryFolder() + "/data"
        let first = CallJournal.Entry(uuid: "U1", caller: Caller(name: "Zoë 张伟", handle: "+1"), reason: .declined, durationMilliseconds: 0, endedAt: 100)
        let second = CallJournal.Entry(uuid: "U2", caller: Caller(name: "Bob", handle: "+2", hasVideo: true), reason: .local, durationMilliseconds: 7000, endedAt: 200)
        do {
            let journal = try CallJournal.open(inDirectory: folder)
            try journal.record(first)
            try journal.record(second)
        }
        let reopened = try CallJournal.open(inDirectory: folder)
        #expect(try reopened.recent() == [second, first])
    }

    @Test("an unusable journal path is one clear error naming the file")
    func badPath() {
        #expect(throws: ControlError.self) { try CallJournal(path: "/proc/softphone/journal.sqlite") }
    }
}
