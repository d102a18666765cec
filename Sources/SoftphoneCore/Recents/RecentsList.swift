/// The Phone app's Recents: the calls the app's provider let into it, newest shown first, up to
/// `Phone.Rules.recentsLimit` (a longer list given at start stays as long).
///
/// The entries are kept oldest first, maybe behind a few older ones no longer shown: a call
/// appends one, and the old ones leave in batches, so the entries shown are not moved each time.
struct RecentsList {
    /// The entries, oldest first; the newest `count` of them show.
    private(set) var entries: [RecentCall]
    /// How many of the newest entries Recents shows.
    private(set) var count: Int

    /// Recents holding `newestFirst`, kept from earlier runs.
    init(newestFirst: [RecentCall]) {
        entries = Array(newestFirst.reversed())
        count = newestFirst.count
    }

    /// The entries Recents shows, newest first.
    var newestFirst: [RecentCall] { entries.suffix(count).reversed() }

    /// Entry `index` as Recents numbers them, 1 the newest (`newestFirst[index - 1]`, without
    /// building the list); `index` must be from 1 to `count`.
    subscript(index: Int) -> RecentCall { entries[entries.count - index] }

    /// Adds the newest entry. Recents grows to `limit`, then keeps its length.
    mutating func add(_ recent: RecentCall, limit: Int) {
        entries.append(recent)
        if count < limit { count += 1 }
        if entries.count >= 2 * count + 16 { entries.removeFirst(entries.count - count) }
    }
}
