import SoftphoneCore

/// Where the phone keeps what must survive a restart: the journal of every call and the Recents
/// list (iOS rule 48). The core never touches it: the shell records the core's `.ended` events and
/// `.recordRecent` effects here and hands the Recents back to the next phone it makes.
/// `SQLiteCallStore` is the real one (WAL mode: nothing lost on kill -9); `MemoryCallStore` its
/// twin for tests.
public protocol CallStore: AnyObject {
    /// Appends one ended call to the journal.
    func record(_ entry: JournalEntry) throws(ControlError)
    /// Appends one ended call to the journal together with its Recents entry (if it has one) and
    /// forgets it as an open call: all of it or none, so a kill at any instant leaves them agreeing.
    func record(_ entry: JournalEntry, recent: RecentCall?) throws(ControlError)
    /// Keeps a call that has begun (or, again, one that connected) until it is recorded as ended.
    func open(_ call: OpenCall) throws(ControlError)
    /// The calls that were open when the last phone stopped without ending them, each written to
    /// the journal and Recents as ended by the crash at `endedAt` (UNIX seconds) and forgotten.
    func recoverOpenCalls(endedAt: Double) throws(ControlError) -> [OpenCall]
    /// The newest `limit` journal entries, newest first.
    func journal(limit: Int) throws(ControlError) -> [JournalEntry]
    /// Keeps one Recents entry (only the newest `recentsLimit` of each app are kept).
    func add(_ recent: RecentCall) throws(ControlError)
    /// The app's Recents, newest first.
    func recents(app: String, limit: Int) throws(ControlError) -> [RecentCall]
}

/// One journal row: who, when, how the call ended, which CallKit actions ran.
public struct JournalEntry: Equatable, Sendable {
    public var app: String
    public var uuid: String
    public var caller: Caller
    public var isOutgoing: Bool
    public var reason: EndReason
    public var durationMilliseconds: Int64
    /// Wall-clock UNIX seconds when the call ended.
    public var endedAt: Int64
    /// The actions that ran on the call and how each ended, e.g. `answer:fulfilled`.
    public var actions: [String]

    /// Makes an entry.
    public init(
        app: String, uuid: String, caller: Caller, isOutgoing: Bool = false, reason: EndReason, durationMilliseconds: Int64,
        endedAt: Int64, actions: [String] = []
    ) {
        self.app = app
        self.uuid = uuid
        self.caller = caller
        self.isOutgoing = isOutgoing
        self.reason = reason
        self.durationMilliseconds = durationMilliseconds
        self.endedAt = endedAt
        self.actions = actions
    }
}

/// The in-memory twin of `SQLiteCallStore`, for tests: the same contract, nothing on disk.
public final class MemoryCallStore: CallStore {
    private var entries: [JournalEntry] = []
    private var recentCalls: [RecentCall] = []
    private let recentsLimit: Int

    /// Makes an empty store keeping `recentsLimit` Recents per app.
    public init(recentsLimit: Int = 100) { self.recentsLimit = recentsLimit }

    private var openCalls: [OpenCall] = []

    public func record(_ entry: JournalEntry) throws(ControlError) { entries.append(entry) }

    public func record(_ entry: JournalEntry, recent: RecentCall?) throws(ControlError) {
        entries.append(entry)
        if let recent { try add(recent) }
        openCalls.removeAll { $0.uuid == entry.uuid }
    }

    public func open(_ call: OpenCall) throws(ControlError) {
        openCalls.removeAll { $0.uuid == call.uuid }
        openCalls.append(call)
    }

    public func recoverOpenCalls(endedAt: Double) throws(ControlError) -> [OpenCall] {
        let recovered = openCalls
        openCalls = []
        for call in recovered {
            let (entry, recent) = call.ended(at: endedAt)
            try record(entry, recent: recent)
        }
        return recovered
    }
    public func journal(limit: Int) throws(ControlError) -> [JournalEntry] { Array(entries.reversed().prefix(limit)) }

    public func add(_ recent: RecentCall) throws(ControlError) {
        recentCalls.append(recent)
        let mine = recentCalls.filter { $0.app == recent.app }
        if mine.count > recentsLimit, let oldest = recentCalls.firstIndex(where: { $0.app == recent.app }) { recentCalls.remove(at: oldest) }
    }

    public func recents(app: String, limit: Int) throws(ControlError) -> [RecentCall] {
        Array(recentCalls.reversed().filter { $0.app == app }.prefix(limit))
    }
}
