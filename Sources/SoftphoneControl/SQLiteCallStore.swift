import CSQLite3
import Glibc
import SoftphoneCore

/// The `CallStore` on disk: an SQLite file (WAL mode) holding the journal of every call and the
/// Recents, so nothing is lost when the phone is killed.
public final class SQLiteCallStore: CallStore {
    /// The database file.
    public let path: String
    private let db: OpaquePointer

    /// Opens (creating when missing) the journal at `path`.
    public init(path: String) throws(ControlError) {
        self.path = path
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard rc == SQLITE_OK, let handle else {
            let text = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close(handle)
            throw ControlError("call store \(path): cannot open (\(text))")
        }
        db = handle
        sqlite3_busy_timeout(db, 2000)
        // The store is whole from here: on an error its deinit closes what it opened.
        try execute("PRAGMA journal_mode=WAL")
        // A commit reaches the operating system before the call.ended it stands for is published,
        // so a kill -9 loses nothing; not waiting for the disk (fsync) on every call keeps a
        // push storm from being held to the disk's pace. (A power cut may lose the last calls.)
        try execute("PRAGMA synchronous=NORMAL")
        // The phone appends rows and reads Recents once at start: SQLite's default page cache
        // (2 MB) would only grow with the journal, a resident cost that buys nothing here.
        try execute("PRAGMA cache_size=-256")
        // Every `walPages` pages the committing connection copies the whole WAL into the database
        // and cuts it to nothing (a truncating checkpoint), so the WAL stays a few calls' pages on
        // any disk. SQLite's automatic checkpoint (1000 pages, passive) would let the WAL alone
        // fill a small data disk; passive checkpoints on a thread of their own never found it all
        // copied while a storm's commits came, so it grew until the disk was full. Only this
        // connection writes the journal: nothing holds the checkpoint up.
        sqlite3_wal_hook(db, { _, database, name, pages in
            if pages >= SQLiteCallStore.walPages { sqlite3_wal_checkpoint_v2(database, name, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) }
            return SQLITE_OK
        }, nil)
        // The WAL is cut back to this when it starts over after a checkpoint, so what a burst
        // of calls grew it to goes back to the disk.
        try execute("PRAGMA journal_size_limit=\(Self.walBytes)")
        try execute("""
            CREATE TABLE IF NOT EXISTS calls (
              id INTEGER PRIMARY KEY, uuid TEXT NOT NULL, caller_name TEXT NOT NULL, handle TEXT NOT NULL,
              video INTEGER NOT NULL, reason TEXT NOT NULL, duration_ms INTEGER NOT NULL, ended_at INTEGER NOT NULL)
            """)
        // Journals written before Recents existed lack these columns; add them in place.
        for column in ["app TEXT NOT NULL DEFAULT ''", "outgoing INTEGER NOT NULL DEFAULT 0", "actions TEXT NOT NULL DEFAULT ''"] {
            let name = String(column.prefix { $0 != " " })
            if try !columnExists("calls", name) { try execute("ALTER TABLE calls ADD COLUMN " + column) }
        }
        try execute("""
            CREATE TABLE IF NOT EXISTS recents (
              id INTEGER PRIMARY KEY, app TEXT NOT NULL, uuid TEXT NOT NULL, caller_name TEXT NOT NULL,
              handle TEXT NOT NULL, handle_type INTEGER NOT NULL, video INTEGER NOT NULL, outgoing INTEGER NOT NULL,
              missed INTEGER NOT NULL, reason TEXT NOT NULL, ended_at REAL NOT NULL, duration_ms INTEGER NOT NULL)
            """)
        try execute("""
            CREATE TABLE IF NOT EXISTS open_calls (
              uuid TEXT PRIMARY KEY, app TEXT NOT NULL, caller_name TEXT NOT NULL, handle TEXT NOT NULL,
              video INTEGER NOT NULL, outgoing INTEGER NOT NULL, connected INTEGER NOT NULL)
            """)
    }

    /// A store that only reads, over a handle opened read-only (`readRecents`); it closes it.
    private init(reading handle: OpaquePointer, path: String) {
        self.path = path
        db = handle
    }

    /// Statements prepared once and reused, by their SQL: every call writes the same few, and
    /// preparing one (parsing its SQL, planning it) costs about as much as running it.
    private var statements: [String: OpaquePointer] = [:]


    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_wal_hook(db, nil, nil)
        sqlite3_close(db)
    }

    private func message(_ rc: Int32) -> String {
        "call store \(path): \(String(cString: sqlite3_errmsg(db))) (code \(rc))"
    }

    private func execute(_ sql: String) throws(ControlError) {
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw ControlError(message(rc)) }
    }

    /// WAL pages at which the WAL is checkpointed and cut: a few calls' worth.
    static let walPages: Int32 = 16
    /// The most the WAL file keeps allocated between checkpoints.
    public static let walBytes = 4096 * Int(walPages)

    /// Moves the calls of the journal at `path` (one a previous run wrote where it could, its data
    /// folder being full or read-only) into this one, in their order, then deletes it; how many
    /// calls it held. Both were made by this store, so their tables are alike.
    public func absorb(journalAt path: String) throws(ControlError) -> Int {
        let quoted = path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
        try execute("ATTACH DATABASE '\(quoted)' AS pending")
        var moved = 0
        do throws(ControlError) {
            try query("SELECT count(*) FROM pending.calls", []) { row in moved = Int(row.int(0)) }
            try transaction { () throws(ControlError) in
                let calls = "uuid, caller_name, handle, video, reason, duration_ms, ended_at, app, outgoing, actions"
                let recents = "app, uuid, caller_name, handle, handle_type, video, outgoing, missed, reason, ended_at, duration_ms"
                let open = "uuid, app, caller_name, handle, video, outgoing, connected"
                try execute("INSERT INTO main.calls (\(calls)) SELECT \(calls) FROM pending.calls ORDER BY id")
                try execute("INSERT INTO main.recents (\(recents)) SELECT \(recents) FROM pending.recents ORDER BY id")
                try execute("INSERT OR REPLACE INTO main.open_calls (\(open)) SELECT \(open) FROM pending.open_calls")
                // A call begun here and ended there is not open any more.
                try execute("DELETE FROM main.open_calls WHERE uuid IN (SELECT uuid FROM pending.calls)")
            }
        } catch {
            try? execute("DETACH DATABASE pending")
            throw error
        }
        try execute("DETACH DATABASE pending")
        for file in [path, path + "-wal", path + "-shm"] { unlink(file) }
        return moved
    }

    /// SQLite must copy bound text: Swift's buffer is gone once the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// How many Recents each app keeps, as iOS keeps about 100.
    public var recentsLimit = 100

    private func columnExists(_ table: String, _ column: String) throws(ControlError) -> Bool {
        var found = false
        try query("PRAGMA table_info(\(table))", []) { row in if row.text(1) == column { found = true } }
        return found
    }

    public func record(_ entry: JournalEntry) throws(ControlError) {
        try run(
            "INSERT INTO calls (uuid, caller_name, handle, video, reason, duration_ms, ended_at, app, outgoing, actions) VALUES (?,?,?,?,?,?,?,?,?,?)",
            [.text(entry.uuid), .text(entry.caller.name), .text(entry.caller.handle), .int(entry.caller.hasVideo ? 1 : 0),
             .text(entry.reason.rawValue), .int(entry.durationMilliseconds), .int(entry.endedAt), .text(entry.app),
             .int(entry.isOutgoing ? 1 : 0), .text(entry.actions.joined(separator: " "))])
    }

    public func record(_ entry: JournalEntry, recent: RecentCall?) throws(ControlError) {
        try transaction { () throws(ControlError) in
            try record(entry)
            if let recent { try add(recent) }
            try run("DELETE FROM open_calls WHERE uuid = ?", [.text(entry.uuid)])
        }
    }

    public func open(_ call: OpenCall) throws(ControlError) {
        try run(
            "INSERT OR REPLACE INTO open_calls (uuid, app, caller_name, handle, video, outgoing, connected) VALUES (?,?,?,?,?,?,?)",
            [.text(call.uuid), .text(call.app), .text(call.caller.name), .text(call.caller.handle), .int(call.caller.hasVideo ? 1 : 0),
             .int(call.isOutgoing ? 1 : 0), .int(call.isConnected ? 1 : 0)])
    }

    public func recoverOpenCalls(endedAt: Double) throws(ControlError) -> [OpenCall] {
        var calls: [OpenCall] = []
        try query("SELECT uuid, app, caller_name, handle, video, outgoing, connected FROM open_calls ORDER BY rowid", []) { row in
            calls.append(OpenCall(
                app: row.text(1), uuid: row.text(0), caller: Caller(name: row.text(2), handle: row.text(3), hasVideo: row.int(4) != 0),
                isOutgoing: row.int(5) != 0, isConnected: row.int(6) != 0))
        }
        for call in calls {
            let (entry, recent) = call.ended(at: endedAt)
            try record(entry, recent: recent)
        }
        return calls
    }

    /// Runs `body` in one transaction: committed if it succeeds, rolled back if it throws.
    private func transaction(_ body: () throws(ControlError) -> Void) throws(ControlError) {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    public func journal(limit: Int) throws(ControlError) -> [JournalEntry] {
        var entries: [JournalEntry] = []
        try query(
            "SELECT uuid, caller_name, handle, video, reason, duration_ms, ended_at, app, outgoing, actions FROM calls ORDER BY id DESC LIMIT ?",
            [.int(Int64(limit))]
        ) { row in
            entries.append(JournalEntry(
                app: row.text(7), uuid: row.text(0), caller: Caller(name: row.text(1), handle: row.text(2), hasVideo: row.int(3) != 0),
                isOutgoing: row.int(8) != 0, reason: EndReason(rawValue: row.text(4)) ?? .local, durationMilliseconds: row.int(5),
                endedAt: row.int(6), actions: row.text(9).split(separator: " ").map(String.init)))
        }
        return entries
    }

    public func add(_ recent: RecentCall) throws(ControlError) {
        try run(
            "INSERT INTO recents (app, uuid, caller_name, handle, handle_type, video, outgoing, missed, reason, ended_at, duration_ms) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [.text(recent.app), .text(recent.uuid), .text(recent.caller.name), .text(recent.caller.handle),
             .int(Int64(recent.handleType.rawValue)), .int(recent.caller.hasVideo ? 1 : 0), .int(recent.isOutgoing ? 1 : 0),
             .int(recent.isMissed ? 1 : 0), .text(recent.reason.rawValue), .real(recent.endedAt), .int(recent.durationMilliseconds)])
        try run(
            "DELETE FROM recents WHERE app = ? AND id NOT IN (SELECT id FROM recents WHERE app = ? ORDER BY id DESC LIMIT ?)",
            [.text(recent.app), .text(recent.app), .int(Int64(recentsLimit))])
    }

    public func recents(app: String, limit: Int) throws(ControlError) -> [RecentCall] {
        var recents: [RecentCall] = []
        try query(
            "SELECT uuid, caller_name, handle, handle_type, video, outgoing, missed, reason, ended_at, duration_ms FROM recents WHERE app = ? ORDER BY id DESC LIMIT ?",
            [.text(app), .int(Int64(limit))]
        ) { row in
            recents.append(RecentCall(
                app: app, uuid: row.text(0), caller: Caller(name: row.text(1), handle: row.text(2), hasVideo: row.int(4) != 0),
                handleType: CXHandle.HandleType(rawValue: Int(row.int(3))) ?? .generic, isOutgoing: row.int(5) != 0,
                isMissed: row.int(6) != 0, reason: EndReason(rawValue: row.text(7)) ?? .local, endedAt: row.real(8),
                durationMilliseconds: row.int(9)))
        }
        return recents
    }

    // MARK: - Statements

    /// A value bound to a `?` of a statement.
    private enum Value {
        case text(String)
        case int(Int64)
        case real(Double)
    }

    /// A result row being read.
    private struct Row {
        let statement: OpaquePointer?
        func text(_ column: Int32) -> String { sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "" }
        func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    }

    private func run(_ sql: String, _ values: [Value]) throws(ControlError) {
        try query(sql, values) { _ in }
    }

    /// Prepares `sql` (once: kept for its next use), binds `values`, and calls `each` for every row
    /// (`each` must not run statements of its own: the one it reads is the one SQL a later query reuses).
    private func query(_ sql: String, _ values: [Value], each: (Row) -> Void) throws(ControlError) {
        var rc = SQLITE_OK
        let statement: OpaquePointer
        if let prepared = statements[sql] {
            statement = prepared
        } else {
            var made: OpaquePointer?
            rc = sqlite3_prepare_v2(db, sql, -1, &made, nil)
            guard rc == SQLITE_OK, let made else { throw ControlError(message(rc)) }
            statements[sql] = made
            statement = made
        }
        // Ready for its next use however this one ends; the values bound are let go with it.
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            switch value {
            case .text(let text): sqlite3_bind_text(statement, position, text, -1, Self.transient)
            case .int(let number): sqlite3_bind_int64(statement, position, number)
            case .real(let number): sqlite3_bind_double(statement, position, number)
            }
        }
        while true {
            rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw ControlError(message(rc)) }
            each(Row(statement: statement))
        }
    }

    /// The default data folder: `$XDG_DATA_HOME/softphone`, else `~/.local/share/softphone`, where
    /// `~` is `$HOME` or, unset, the user's home folder in the password database. Never a shared
    /// folder: with neither, it is an error.
    public static func defaultDirectory(environment: [String: String]) throws(ControlError) -> String {
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/softphone" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/softphone" }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir, directory.pointee != 0 {
            return String(cString: directory) + "/.local/share/softphone"
        }
        throw ControlError("HOME is not set and user \(getuid()) has no home folder; set HOME or XDG_DATA_HOME, or give a folder with --data-dir PATH")
    }

    /// The Recents kept in `directory`'s journal, read without writing anything: for a store that
    /// cannot be opened for writing (a read-only folder), so the phone still shows them.
    public static func readRecents(inDirectory directory: String, app: String, limit: Int) -> Result<[RecentCall], ControlError> {
        var handle: OpaquePointer?
        // immutable: no lock, no -shm to create in a folder that cannot be written.
        let uri = "file:" + directory + "/journal.sqlite?immutable=1"
        guard sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK, let handle else {
            sqlite3_close(handle)
            return .failure(ControlError("call store \(directory)/journal.sqlite: cannot be read"))
        }
        do {
            return .success(try SQLiteCallStore(reading: handle, path: directory + "/journal.sqlite").recents(app: app, limit: limit))
        } catch {
            return .failure(error)
        }
    }

    /// Where calls the journal in `directory` could not take at exit are kept until the next start
    /// moves them in (`absorb`): off the data folder's disk, which may be the full or read-only
    /// one — the runtime folder ($XDG_RUNTIME_DIR), else /tmp — in a folder named after it.
    public static func unwrittenDirectory(for directory: String, environment: [String: String]) -> String {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp/softphone-\(getuid())"
        let name = String(directory.map { $0 == "/" ? "_" : $0 })
        return runtime + "/softphone-unwritten/" + name
    }

    /// Opens `journal.sqlite` in `directory`, creating the folder (mode 0700) when missing. The
    /// folder must be the user's; one others may enter is closed to them (0700), and the journal's
    /// files are the user's alone (0600).
    public static func open(inDirectory directory: String) throws(ControlError) -> SQLiteCallStore {
        var info = stat()
        if stat(directory, &info) != 0 { try makeDirectories(directory, mode: 0o700) }
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw ControlError("data folder \(directory) is not a folder; give another with --data-dir PATH")
        }
        guard info.st_uid == getuid() else {
            throw ControlError("data folder \(directory) belongs to user \(info.st_uid), not to you (user \(getuid())); give another with --data-dir PATH")
        }
        if info.st_mode & 0o077 != 0 { chmod(directory, 0o700) }
        let path = directory + "/journal.sqlite"
        // SQLite makes its -wal and -shm files with the journal's own mode.
        let oldMask = umask(0o077)
        defer { umask(oldMask) }
        for file in [path, path + "-wal", path + "-shm"] where access(file, F_OK) == 0 { chmod(file, 0o600) }
        return try SQLiteCallStore(path: path)
    }
}
