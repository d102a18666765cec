/// One load of the app's Call Directory extension, in a process of its own: what the extension
/// added and removed, in order, and the first mistake it made (iOS rule 50).
final class CallDirectoryLoad {
    /// One change the extension asked for.
    enum Change: Equatable {
        case block(CXCallDirectoryPhoneNumber)
        case identify(CXCallDirectoryPhoneNumber, String)
        case unblock(CXCallDirectoryPhoneNumber)
        case unidentify(CXCallDirectoryPhoneNumber)
        case unblockAll
        case unidentifyAll
    }

    /// The process number (below zero): its queued work and timers carry it.
    let process: Int
    /// The identifier the load was asked for by (the app's, or the extension's own when enabled).
    let identifier: String
    /// Whether the phone offers an incremental load: one completed since the extension was enabled.
    let offersIncremental: Bool
    /// The changes, in the order the extension made them.
    private(set) var changes: [Change] = []
    /// The load is incremental: `isIncremental` was read, true, before any change.
    private(set) var isIncremental = false
    /// The first mistake, which fails the load when it completes.
    private(set) var mistake: CXErrorCodeCallDirectoryManagerError.Code?
    /// The last number added of each kind: each must be greater than the one before.
    private var lastBlocked: CXCallDirectoryPhoneNumber?
    private var lastIdentified: CXCallDirectoryPhoneNumber?
    /// Who asked for the load, each with the launch whose queue gets the answer.
    var replies: [(launch: Int, completion: ((any Error)?) -> Void)] = []
    /// The provider, made in the process when it starts, kept for the load's length.
    var provider: CXCallDirectoryProvider?
    /// Whether the process has ended (completed, failed, or killed): nothing of it runs again.
    var finished = false
    /// The system's end of a load that runs too long (`Rules.callDirectoryLoadTimeout`).
    var timeout: PhoneRunLoop.Ticket?

    init(process: Int, identifier: String, offersIncremental: Bool) {
        self.process = process
        self.identifier = identifier
        self.offersIncremental = offersIncremental
    }

    /// `isIncremental`: the answer, which confirms an incremental load when nothing was changed yet.
    func askIncremental() -> Bool {
        if offersIncremental, changes.isEmpty { isIncremental = true }
        return offersIncremental
    }

    /// Records a change, and the first mistake in it: a number not above the last of its kind, or
    /// a removal from a load that is not incremental.
    func record(_ change: Change) {
        changes.append(change)
        switch change {
        case .block(let number): check(number, after: &lastBlocked)
        case .identify(let number, _): check(number, after: &lastIdentified)
        case .unblock, .unidentify, .unblockAll, .unidentifyAll:
            if !isIncremental { fail(.unexpectedIncrementalRemoval) }
        }
    }

    private func check(_ number: CXCallDirectoryPhoneNumber, after last: inout CXCallDirectoryPhoneNumber?) {
        if let previous = last {
            if number == previous { fail(.duplicateEntries) } else if number < previous { fail(.entriesOutOfOrder) }
        }
        last = number
    }

    private func fail(_ code: CXErrorCodeCallDirectoryManagerError.Code) {
        if mistake == nil { mistake = code }
    }

    /// The entries after this load: `entries` changed, for an incremental load, or replaced.
    func applied(to entries: CallDirectoryEntries) -> CallDirectoryEntries {
        var result = isIncremental ? entries : CallDirectoryEntries()
        for change in changes {
            switch change {
            case .block(let number): result.blocked.insert(number)
            case .identify(let number, let label): result.labels[number] = label
            case .unblock(let number): result.blocked.remove(number)
            case .unidentify(let number): result.labels[number] = nil
            case .unblockAll: result.blocked.removeAll()
            case .unidentifyAll: result.labels.removeAll()
            }
        }
        return result
    }
}

/// The numbers the app's Call Directory extension blocks and identifies, as its last completed
/// load left them.
struct CallDirectoryEntries: Equatable {
    var blocked: Set<CXCallDirectoryPhoneNumber> = []
    var labels: [CXCallDirectoryPhoneNumber: String] = [:]
}

/// The system's state of the app's Call Directory extension (CallDirectory/).
struct CallDirectoryState {
    /// Whether the person enabled it in Settings › Apps › Phone › Call Blocking & Identification
    /// (Settings › Phone › … before iOS 18).
    var isEnabled = false
    /// The entries in force, from the last completed load.
    var entries = CallDirectoryEntries()
    /// Whether a load completed since the extension was enabled: the next may be incremental.
    var hasLoaded = false
    /// The identifier the last completed load was asked for by: events name the extension by it.
    var identifier: String?
    /// The load under way, if any.
    var load: CallDirectoryLoad?
}
