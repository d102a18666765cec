import CSQLite3
import Glibc
import SoftphoneCore
import Synchronization

/// Checkpoints the journal's WAL on a thread of its own.
///
/// SQLite's automatic checkpoint runs on the thread that commits, and waits for the disk twice
/// (the WAL, then the database file): on the phone's thread that was a stall of 10–20 ms every few
/// hundred calls, in the middle of whatever rang then. The store turns it off and asks this
/// instead, once the WAL holds `pages` pages; the phone's commits go on meanwhile (a passive
/// checkpoint waits for nobody, and nobody waits for it).
///
/// The WAL starts over from its beginning only at a commit that finds every page of it copied
/// into the database. A checkpoint copies what was committed when it began, so the thread goes
/// again until a pass finds nothing new. A phone that commits faster than that for long (a push
/// storm) would still grow the WAL for ever: past `mostPages` the store checkpoints on its own
/// thread, as SQLite would, which ends with everything copied.
final class SQLiteCheckpointer: Sendable {
    /// WAL pages that call for a checkpoint: a few calls' worth. SQLite's default (1000 pages,
    /// 4 MB) would let the WAL alone fill a small data disk before the first checkpoint; a small
    /// one keeps the disk for the journal itself.
    static let pages: Int32 = 16
    /// WAL pages past which the committing thread checkpoints itself.
    static let mostPages: Int32 = 4 * pages
    /// Passes of one checkpoint, at most, while the phone keeps committing.
    static let passes = 8

    private enum Message: Sendable {
        case checkpoint
        case stop
    }

    private let path: String
    /// The thread's mailbox, made with the thread at the first request: a store whose WAL never
    /// fills costs no thread, no connection and no descriptor.
    private let queue = Locked<WakeUpQueue<Message>?>(nil)
    /// Whether the thread could not be started (the store then checkpoints as SQLite would).
    private let unavailable = Atomic<Bool>(false)
    /// A checkpoint asked for and not begun: asked once, however many commits come meanwhile.
    private let pending = Atomic<Bool>(false)

    /// For the WAL-mode database at `path`.
    init(path: String) {
        self.path = path
    }

    /// Asks for a checkpoint; false when there is no thread to do it (the caller then does).
    func request() -> Bool {
        guard !unavailable.load(ordering: .relaxed) else { return false }
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return true }
        let queue = queue.withLock { queue in
            if queue == nil { queue = start() }
            return queue
        }
        guard let queue else {
            unavailable.store(true, ordering: .relaxed)
            return false
        }
        queue.post(.checkpoint)
        return true
    }

    /// Ends the thread, if it runs; it finishes the checkpoint it is doing first.
    func stop() {
        queue.withLock { $0 }?.post(.stop)
    }

    /// Opens the thread's own connection (a connection is used by one thread at a time) and
    /// starts the thread; nil when either cannot be had.
    private func start() -> WakeUpQueue<Message>? {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle else {
            sqlite3_close(handle)
            return nil
        }
        sqlite3_busy_timeout(handle, 2000)
        // As the store's own connection: the checkpoint waits for the disk, commits would not.
        sqlite3_exec(handle, "PRAGMA synchronous=NORMAL", nil, nil, nil)
        sqlite3_exec(handle, "PRAGMA cache_size=-64", nil, nil, nil)
        let queue = WakeUpQueue<Message>()
        // The connection goes to the thread; nothing else touches it.
        nonisolated(unsafe) let database = handle
        do {
            try DetachedThread.start { [self] in run(database, queue) }
        } catch {
            sqlite3_close(handle)
            return nil
        }
        return queue
    }

    private func run(_ database: OpaquePointer, _ queue: WakeUpQueue<Message>) {
        POSIXThread.nameCurrentThread("softphone-wal")
        defer { sqlite3_close(database) }
        while true {
            var entry = pollfd(fd: queue.readEnd, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, -1) < 0 && errno != EINTR { return }
            for message in queue.take() {
                switch message {
                case .stop: return
                case .checkpoint:
                    pending.store(false, ordering: .releasing)
                    for _ in 0..<Self.passes {
                        var walPages: Int32 = 0, copied: Int32 = 0
                        // A failure (a full disk) is the store's to report, at its next commit. Past
                        // `mostPages` the committing thread checkpoints itself: this one then stops
                        // going again, so as not to hold the checkpoint's lock against it.
                        guard sqlite3_wal_checkpoint_v2(database, nil, SQLITE_CHECKPOINT_PASSIVE, &walPages, &copied) == SQLITE_OK,
                              copied < walPages, walPages < Self.mostPages else { break }
                    }
                }
            }
        }
    }
}
