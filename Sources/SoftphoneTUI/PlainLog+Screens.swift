import SoftphoneCore

/// Plain mode's lines for the screens a person opens with a key (`r` Recents, `n` the notification
/// centre, `!` the conditions panel, `?` help): full screen draws them; in plain mode they are listed, one fixed-prefix line
/// per entry, so a person at a line terminal (or an expect script) sees what the keys reach.
extension PlainLog {
    /// The lines `screen` is listed as, or nil for the screens plain mode reports through events.
    /// The first line names the screen; the entry with `selected=yes` is the one Enter acts on. When
    /// only the selection moved since `previous`, just the newly selected entry.
    public static func lines(for screen: Screen, previous: Screen? = nil) -> [String]? {
        switch (screen, previous) {
        case (.recents(let recents), .recents(let before)?) where before.entries == recents.entries:
            return recents.entries.indices.contains(recents.selected) ? [recentLine(recents, recents.selected)] : []
        case (.recents(let recents), _):
            return ["RECENTS " + pairs([("count", String(recents.entries.count))])]
                + recents.entries.indices.map { recentLine(recents, $0) }
        case (.notificationCentre(let centre), .notificationCentre(let before)?) where before.notifications == centre.notifications:
            return centre.notifications.indices.contains(centre.selected) ? [notificationLine(centre, centre.selected)] : []
        case (.notificationCentre(let centre), _):
            return ["NOTIFICATIONS " + pairs([("count", String(centre.notifications.count))])]
                + centre.notifications.indices.map { notificationLine(centre, $0) }
        case (.conditions(let panel, _), _):
            return ["CONDITIONS " + pairs([("set", String(panel.rows.filter(\.isSet).count))])]
                + panel.rows.map { "CONDITION " + pairs([("name", $0.name), ("value", $0.value), ("set", $0.isSet ? "yes" : "no")]) }
        case (.help(let shown), _):
            return ["HELP " + pairs([("screen", shown.name)]) + " (any key closes it)"]
                + Keymap.bindings(for: shown).map { "KEY " + pairs([("keys", $0.label), ("does", $0.help)]) }
        default:
            return nil
        }
    }

    private static func recentLine(_ recents: RecentsScreen, _ index: Int) -> String {
        let entry = recents.entries[index]
        return "RECENT " + pairs([
            ("n", String(index + 1)), ("selected", index == recents.selected ? "yes" : "no"),
            ("direction", entry.call.isOutgoing ? "outgoing" : "incoming"), ("missed", entry.call.isMissed ? "yes" : "no"),
            ("name", entry.call.caller.name), ("handle", entry.call.caller.handle), ("minutes_ago", String(entry.minutesAgo)),
        ])
    }

    private static func notificationLine(_ centre: NotificationCentreScreen, _ index: Int) -> String {
        let banner = centre.notifications[index]
        return "NOTIFICATION " + pairs([
            ("n", String(index + 1)), ("selected", index == centre.selected ? "yes" : "no"), ("app", banner.appName),
            ("title", banner.title), ("body", banner.body), ("minutes_ago", String(banner.minutesAgo)),
        ])
    }
}
