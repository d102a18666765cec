import CSQLite3
import Glibc
import SoftphoneCore

/// The call journal: every ended call, kept in an SQLite file (WAL mode) so nothing is lost
/// when the phone is killed. Recents will be read from here.
public final class CallJournal {
    /// One journal row.
    public struct Entry: Equatable, Sendable {
        public var uuid: String
        public var caller: Caller
        public var reason: EndReason
        public var durationMilliseconds: Int64
        /// Wall-clock UNIX seconds when the call ended.
        public var endedAt: Int64

        /// Makes an entry.
        public init(uuid: String, caller: Caller, reason: EndReason, durationMilliseconds: Int64, endedAt: Int64) {
            self.uuid = uuid
            self.caller = caller
            self.reason = reason
            self.durationMilliseconds = durationMilliseconds
            self.endedAt = endedAt
        }
    }

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
            throw ControlError("call journal \(path): cannot open (\(text))")
        }
        db = handle
        sqlite3_busy_timeout(db, 2000)
        do {
            try execute("PRAGMA journal_mode=WAL")
            try execute("""
                CREATE TABLE IF NOT EXISTS calls (
                  id INTEGER PRIMARY KEY, uuid TEXT NOT NULL, caller_name TEXT NOT NULL, handle TEXT NOT NULL,
                  video INTEGER NOT NULL, reason TEXT NOT NULL, duration_ms INTEGER NOT NULL, ended_at INTEGER NOT NULL)
                """)
        } catch {
            sqlite3_close(db)
            throw error
        }
    }

    deinit { sqlite3_close(db) }

    private func message(_ rc: Int32) -> String {
        "call journal \(path): \(String(cString: sqlite3_errmsg(db))) (code \(rc))"
    }

    private func execute(_ sql: String) throws(ControlError) {
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw ControlError(message(rc)) }
    }

    /// SQLite must copy bound text: Swift's buffer is gone once the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Appends one ended call.
    public func record(_ entry: Entry) throws(ControlError) {
        var statement: OpaquePointer?
        var rc = sqlite3_prepare_v2(db, "INSERT INTO calls (uuid, caller_name, handle, video, reason, duration_ms, ended_at) VALUES (?,?,?,?,?,?,?)", -1, &statement, nil)
        guard rc == SQLITE_OK else { throw ControlError(message(rc)) }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, entry.uuid, -1, Self.transient)
        sqlite3_bind_text(statement, 2, entry.caller.name, -1, Self.transient)
        sqlite3_bind_text(statement, 3, entry.caller.handle, -1, Self.transient)
        sqlite3_bind_int(statement, 4, entry.caller.hasVideo ? 1 : 0)
        sqlite3_bind_text(statement, 5, entry.reason.rawValue, -1, Self.transient)
        sqlite3_bind_int64(statement, 6, entry.durationMilliseconds)
        sqlite3_bind_int64(statement, 7, entry.endedAt)
        rc = sqlite3_step(statement)
        guard rc == SQLITE_DONE else { throw ControlError(message(rc)) }
    }

    /// The newest `limit` entries, newest first.
    public func recent(limit: Int = 50) throws(ControlError) -> [Entry] {
        var statement: OpaquePointer?
        var rc = sqlite3_prepare_v2(db, "SELECT uuid, caller_name, handle, video, reason, duration_ms, ended_at FROM calls ORDER BY id DESC LIMIT ?", -1, &statement, nil)
        guard rc == SQLITE_OK else { throw ControlError(message(rc)) }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(limit))
        var entries: [Entry] = []
        while true {
            rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw ControlError(message(rc)) }
            func text(_ column: Int32) -> String { sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "" }
            entries.append(Entry(
                uuid: text(0),
                caller: Caller(name: text(1), handle: text(2), hasVideo: sqlite3_column_int(statement, 3) != 0),
                reason: EndReason(rawValue: text(4)) ?? .local,
                durationMilliseconds: sqlite3_column_int64(statement, 5),
                endedAt: sqlite3_column_int64(statement, 6)))
        }
        return entries
    }

    /// The default journal folder: `$XDG_DATA_HOME/softphone`, else `~/.local/share/softphone`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/softphone" }
        return (environment["HOME"] ?? "/tmp") + "/.local/share/softphone"
    }

    /// Opens `journal.sqlite` in `directory`, creating the folder when missing.
    public static func open(inDirectory directory: String) throws(ControlError) -> CallJournal {
        var info = stat()
        if stat(directory, &info) != 0 { try makeDirectories(directory, mode: 0o700) }
        return try CallJournal(path: directory + "/journal.sqlite")
    }
}
