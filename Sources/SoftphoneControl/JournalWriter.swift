import SoftphoneCore

/// Writes calls to the `CallStore` without ever losing one to a storage failure (a full disk, a
/// folder made read-only, a store that could not be opened at start): what cannot be written
/// waits here, in order, and is written by the next `retry()` or write that succeeds. The shell
/// reports each `Change` once, in the event stream and on screen, instead of once per call.
public final class JournalWriter {
    /// One write to the store.
    public enum Write: Equatable, Sendable {
        /// A call ended: its journal row and Recents entry, together.
        case ended(JournalEntry, RecentCall?)
        /// A call began or connected.
        case open(OpenCall)
        /// A Recents entry that came without its call's end.
        case recent(RecentCall)
    }

    /// What a write or retry changed, to be reported.
    public enum Change: Equatable, Sendable {
        /// Writing has started to fail: why, and how many writes wait.
        case failed(error: String, waiting: Int)
        /// Writing works again: how many waiting writes were written.
        case recovered(written: Int)
    }

    /// Most writes kept waiting; past this the oldest are given up (and counted in `dropped`), so
    /// a store that never comes back costs bounded memory.
    public static let capacity = 10_000

    private var store: (any CallStore)?
    private let open: (() throws(ControlError) -> any CallStore)?
    /// Writes not yet in the store, oldest first.
    public private(set) var waiting: [Write] = []
    /// Writes given up because `capacity` were waiting.
    public private(set) var dropped = 0
    /// The error while writes fail; nil while they succeed.
    public private(set) var failure: String?

    /// Where the writes still waiting at exit go (`finish`), for the next start to take them.
    public var unwrittenFolder: String?

    /// Writes to `store`; when it is nil (it could not be opened), `open` is tried again at each
    /// retry. With neither, nothing is kept (no journal was asked for, or there is no folder for
    /// one: `failure` says why).
    public init(store: (any CallStore)?, open: (() throws(ControlError) -> any CallStore)?, failure: String? = nil) {
        self.store = store
        self.open = open
        self.failure = store == nil ? failure : nil
    }

    /// Whether writes wait for a retry.
    public var needsRetry: Bool { !waiting.isEmpty }

    /// Writes `write` after those waiting, or keeps it waiting; says what changed, if anything.
    public func write(_ write: Write) -> Change? {
        guard store != nil || open != nil else { return nil }
        waiting.append(write)
        if waiting.count > Self.capacity {
            waiting.removeFirst(waiting.count - Self.capacity)
            dropped += 1
        }
        return retry()
    }

    /// Writes what waits, in order, until one fails.
    public func retry() -> Change? {
        let before = waiting.count
        var written = 0
        do throws(ControlError) {
            if store == nil, let open { store = try open() }
            guard let store else { return nil }
            while written < waiting.count {
                try Self.apply(waiting[written], to: store)
                written += 1
            }
            waiting.removeAll()
            guard failure != nil else { return nil }
            failure = nil
            return .recovered(written: before)
        } catch {
            waiting.removeFirst(written)
            guard failure == nil else { return nil }
            failure = error.message
            return .failed(error: error.message, waiting: waiting.count)
        }
    }

    private static func apply(_ write: Write, to store: any CallStore) throws(ControlError) {
        switch write {
        case .ended(let entry, let recent): try store.record(entry, recent: recent)
        case .open(let call): try store.open(call)
        case .recent(let recent): try store.add(recent)
        }
    }

    /// At exit: writes what waits, one last time; what still cannot be written goes to
    /// `unwrittenFolder`, whose journal the next start moves into this one. The line to say, or
    /// nil when every call was written.
    public func finish() -> String? {
        _ = retry()
        guard !waiting.isEmpty || dropped > 0 else { return nil }
        let calls = waiting.reduce(0) { count, write in if case .ended = write { count + 1 } else { count } }
        let why = failure ?? "the journal cannot be written"
        let lostBefore = dropped > 0 ? "; \(dropped) more were given up while it could not (more than \(Self.capacity) waited)" : ""
        guard !waiting.isEmpty else { return "\(dropped) call write(s) were given up (\(why))" }
        guard let folder = unwrittenFolder else {
            return "\(calls) call(s) were not written to the journal (\(why)) and are lost: there is no folder to keep them in\(lostBefore)"
        }
        do throws(ControlError) {
            let store = try SQLiteCallStore.open(inDirectory: folder)
            for write in waiting { try Self.apply(write, to: store) }
            waiting.removeAll()
            return "\(calls) call(s) were not written to the journal (\(why)): they are kept in \(folder)/journal.sqlite and go into the journal at the next start\(lostBefore)"
        } catch {
            return "\(calls) call(s) were not written to the journal (\(why)) and are lost: \(error.message)\(lostBefore)"
        }
    }
}
