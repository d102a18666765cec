import CSQLite3
import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The SQLite store and its in-memory twin keep the same contract.
@Suite("Call store")
struct CallStoreTests {
    static let first = JournalEntry(
        app: "voip", uuid: "U1", caller: Caller(name: "Zoë 张伟", handle: "+1"), reason: .declined, durationMilliseconds: 0,
        endedAt: 100, actions: ["end:fulfilled"])
    static let second = JournalEntry(
        app: "voip", uuid: "U2", caller: Caller(name: "Bob", handle: "+2", hasVideo: true), isOutgoing: true, reason: .local,
        durationMilliseconds: 7000, endedAt: 200, actions: ["start:fulfilled", "end:fulfilled"])

    static func recent(_ n: Int, app: String = "voip", missed: Bool = false) -> RecentCall {
        RecentCall(
            app: app, uuid: "R\(n)", caller: Caller(name: "Caller \(n)", handle: "+\(n)"), handleType: .phoneNumber,
            isOutgoing: false, isMissed: missed, reason: missed ? .unanswered : .local, endedAt: 1_800_000_000.5 + Double(n),
            durationMilliseconds: Int64(n) * 1000)
    }

    @Test("the journal keeps every ended call with its actions, newest first, across reopening and a new process's open")
    func journalAcrossReopen() throws {
        let folder = temporaryFolder() + "/data"
        do {
            let store = try SQLiteCallStore.open(inDirectory: folder)
            try store.record(Self.first)
            try store.record(Self.second)
        }
        let reopened = try SQLiteCallStore.open(inDirectory: folder)
        #expect(try reopened.journal(limit: 10) == [Self.second, Self.first])
    }

    @Test("iOS rule 48: Recents survive reopening, newest first, per app, capped at the limit")
    func recentsAcrossReopen() throws {
        let folder = temporaryFolder() + "/data"
        do {
            let store = try SQLiteCallStore.open(inDirectory: folder)
            store.recentsLimit = 3
            for n in 1...5 { try store.add(Self.recent(n, missed: n == 5)) }
            try store.add(Self.recent(9, app: "consult"))
        }
        let reopened = try SQLiteCallStore.open(inDirectory: folder)
        #expect(try reopened.recents(app: "voip", limit: 10) == [Self.recent(5, missed: true), Self.recent(4), Self.recent(3)])
        #expect(try reopened.recents(app: "consult", limit: 10) == [Self.recent(9, app: "consult")])
    }

    @Test("the in-memory twin answers exactly as the SQLite store does")
    func twin() throws {
        let memory = MemoryCallStore(recentsLimit: 3)
        let disk = try SQLiteCallStore.open(inDirectory: temporaryFolder() + "/data")
        disk.recentsLimit = 3
        for store in [memory, disk] as [any CallStore] {
            try store.record(Self.first)
            try store.record(Self.second)
            for n in 1...5 { try store.add(Self.recent(n)) }
        }
        #expect(try memory.journal(limit: 1) == disk.journal(limit: 1))
        #expect(try memory.recents(app: "voip", limit: 10) == disk.recents(app: "voip", limit: 10))
    }

    @Test("a journal written before Recents existed is upgraded in place and keeps its rows")
    func upgradesOldJournal() throws {
        let folder = temporaryFolder()
        let path = folder + "/journal.sqlite"
        try sqlite(path, """
            CREATE TABLE calls (id INTEGER PRIMARY KEY, uuid TEXT NOT NULL, caller_name TEXT NOT NULL, handle TEXT NOT NULL,
              video INTEGER NOT NULL, reason TEXT NOT NULL, duration_ms INTEGER NOT NULL, ended_at INTEGER NOT NULL);
            INSERT INTO calls (uuid, caller_name, handle, video, reason, duration_ms, ended_at) VALUES ('OLD','Ann','+9',0,'remote',5,7);
            """)
        let store = try SQLiteCallStore(path: path)
        try store.record(Self.first)
        let rows = try store.journal(limit: 10)
        #expect(rows.map(\.uuid) == ["U1", "OLD"])
        #expect(rows.last?.reason == .remote && rows.last?.actions == [])
    }

    @Test("the WAL is checkpointed and cut every few pages, however fast the calls are written")
    func smallWAL() throws {
        let folder = temporaryFolder() + "/data"
        let store = try SQLiteCallStore.open(inDirectory: folder)
        // Each record is a commit of a page or two: 20,000 of them as fast as they go.
        var largest = 0
        for n in 0..<20_000 {
            var entry = Self.first
            entry.uuid = "U\(n)"
            try store.record(entry)
            var wal = stat()
            if stat(store.path + "-wal", &wal) == 0 { largest = max(largest, Int(wal.st_size)) }
        }
        // A commit may end a few pages past the checkpoint's mark; unbounded, 20,000 calls would
        // make it about 40,000 pages.
        #expect(largest <= SQLiteCallStore.walBytes + 8 * 4096, "the WAL reached \(largest) bytes")
        // The file alone, without its WAL, holds nearly every row: checkpoints copied them.
        #expect(try rowsInFileAlone(store.path) >= 19_900)
        #expect(try store.journal(limit: 30_000).count == 20_000)
    }

    /// The journal rows in the database file at `path`, its WAL ignored.
    private func rowsInFileAlone(_ path: String) throws -> Int {
        var db: OpaquePointer?
        defer { sqlite3_close(db) }
        guard sqlite3_open_v2("file:" + path + "?immutable=1", &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK else { return 0 }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, "SELECT count(*) FROM calls", -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW else { return 0 }
        return Int(sqlite3_column_int64(statement, 0))
    }

    @Test("an unusable store path is one clear error naming the file")
    func badPath() {
        #expect(throws: ControlError.self) { try SQLiteCallStore(path: "/proc/softphone/journal.sqlite") }
    }
}

/// Runs `sql` on the database at `path` directly, to make files as older versions wrote them.
private func sqlite(_ path: String, _ sql: String) throws {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { throw ControlError("cannot open \(path)") }
    defer { sqlite3_close(db) }
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw ControlError(String(cString: sqlite3_errmsg(db))) }
}

@Suite("Call store folder")
struct CallStoreFolderTests {
    @Test("with HOME unset the data folder is the user's own home's, never a shared one like /tmp")
    func noHome() throws {
        let home = String(cString: getpwuid(getuid()).pointee.pw_dir)
        #expect(try SQLiteCallStore.defaultDirectory(environment: [:]) == home + "/.local/share/softphone")
        #expect(try SQLiteCallStore.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.local/share/softphone")
        #expect(try SQLiteCallStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/softphone")
    }

    @Test("a data folder another user owns is refused in one line")
    func foreignDataFolder() throws {
        let folder = temporaryFolder() + "/data"
        #expect(mkdir(folder, 0o700) == 0 && chown(folder, 65534, 65534) == 0)
        #expect(throws: ControlError("data folder \(folder) belongs to user 65534, not to you (user \(getuid())); give another with --data-dir PATH")) {
            try SQLiteCallStore.open(inDirectory: folder)
        }
    }
}
