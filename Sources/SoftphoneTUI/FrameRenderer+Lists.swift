import SoftphoneCore

/// The layouts of the lists: Recents, the notification centre, and the notifications stacked on
/// the lock screen. An entry says what it is in words or a mark, never by colour alone: a missed
/// call is red and marked, the selected entry has a pointer.
extension Pen {
    /// Entries a list shows at once: one row each in the compact layout, two in the roomy one.
    var visibleEntries: Int { compact ? 9 : 7 }

    /// Recents, newest first: direction or missed mark, name, age; the handle and the kind of
    /// call under it in the roomy layout.
    func recentsRows(_ list: RecentsScreen) -> [(Int, Line)] {
        listRows(title: "Recents", empty: "No recent calls", count: list.entries.count, selected: list.selected) { index, selected in
            let entry = list.entries[index]
            let call = entry.call
            let (name, handle) = names(call.caller)
            let role: Role = call.isMissed ? .decline : selected ? .caller : .normal
            let mark = (glyphs.selection(selected), role), direction = (glyphs.recentMark(call) + " ", role)
            let age = (FrameRenderer.ageText(minutes: entry.minutesAgo), Role.dim)
            if compact { return [.row([mark, direction, (handle.isEmpty ? name : name + "  " + handle, role)], trailing: age)] }
            let kind = (call.isMissed ? "missed" : call.isOutgoing ? "outgoing" : "incoming") + (call.caller.hasVideo ? " video" : "")
            return [
                .row([mark, direction, (name, role)], trailing: age),
                .row([("    ", .normal), ((handle.isEmpty ? "" : handle + glyphs.separator) + kind, call.isMissed ? .decline : .dim)]),
            ]
        }
    }

    /// The notification centre, newest first: title and age, then the app and the body.
    func notificationCentreRows(_ centre: NotificationCentreScreen) -> [(Int, Line)] {
        listRows(title: "Notifications", empty: "No notifications", count: centre.notifications.count, selected: centre.selected) { index, selected in
            let banner = centre.notifications[index]
            let mark = (glyphs.selection(selected), Role.caller)
            let age = (FrameRenderer.ageText(minutes: banner.minutesAgo), Role.dim)
            let title = (bannerTitle(banner), selected ? Role.caller : .normal)
            if compact { return [.row([mark, title, (": " + bannerBody(banner), .normal)], trailing: age)] }
            return [.row([mark, title], trailing: age), .row([("  ", .normal), (banner.appName + glyphs.separator + bannerBody(banner), .dim)])]
        }
    }

    /// Notifications stacked on the lock screen as iOS stacks them: newest on top, as many as fit
    /// in `rows` rows, then how many more wait under them. Roomy: title and body on two rows;
    /// compact: one row each.
    func bannerRows(_ banners: [NotificationBanner], top: Int, rows: Int) -> [(Int, Line)] {
        guard !banners.isEmpty else { return [] }
        let perBanner = compact ? 1 : 2
        let shown = banners.count * perBanner <= rows ? banners.count : max(1, (rows - 1) / perBanner)
        var lines: [(Int, Line)] = []
        for (index, banner) in banners.prefix(shown).enumerated() {
            let title = (bannerTitle(banner), Role.caller), age = (FrameRenderer.ageText(minutes: banner.minutesAgo), Role.dim)
            if compact {
                lines.append((top + index, .row([title, (": " + bannerBody(banner), .normal)], trailing: age)))
            } else {
                lines.append((top + 2 * index, .row([title], trailing: age)))
                lines.append((top + 2 * index + 1, .row([(bannerBody(banner), .normal)])))
            }
        }
        if shown < banners.count { lines.append((top + perBanner * shown, .text("+\(banners.count - shown) more", .dim))) }
        return lines
    }

    /// A list with a title and the selected entry in view; a long list says where the selection is.
    private func listRows(title: String, empty: String, count: Int, selected: Int, entry: (Int, Bool) -> [Line]) -> [(Int, Line)] {
        let heading = title + (count > visibleEntries ? " \(selected + 1)/\(count)" : "")
        var rows: [(Int, Line)] = [(compact ? 0 : 1, .text(heading, .title))]
        guard count > 0 else { return rows + [(compact ? 4 : 8, .text(empty, .dim))] }
        let first = selected >= visibleEntries ? selected - visibleEntries + 1 : 0
        let perEntry = compact ? 1 : 2
        for (slot, index) in (first..<min(count, first + visibleEntries)).enumerated() {
            for (offset, line) in entry(index, index == selected).enumerated() {
                rows.append(((compact ? 1 : 3) + slot * perEntry + offset, line))
            }
        }
        return rows
    }

    private func bannerTitle(_ banner: NotificationBanner) -> String { banner.title.isEmpty ? banner.appName : banner.title }

    private func bannerBody(_ banner: NotificationBanner) -> String {
        banner.subtitle.isEmpty ? banner.body : banner.subtitle + glyphs.separator + banner.body
    }
}

extension FrameRenderer {
    /// How long ago, as the notification list says it: "now", "5m ago", "2h ago", "3d ago".
    public static func ageText(minutes: Int64) -> String {
        if minutes < 1 { return "now" }
        if minutes < 60 { return "\(minutes)m ago" }
        if minutes < 24 * 60 { return "\(minutes / 60)h ago" }
        return "\(minutes / (24 * 60))d ago"
    }
}

extension GlyphSet {
    /// The pointer at the selected entry of a list, or as many spaces.
    func selection(_ selected: Bool) -> String {
        selected ? (self == .unicode ? "▸ " : "> ") : "  "
    }

    /// A Recents entry's mark: missed, outgoing or incoming.
    func recentMark(_ call: RecentCall) -> String {
        switch (self, call.isMissed, call.isOutgoing) {
        case (.unicode, true, _): "✗"
        case (.unicode, false, true): "↗"
        case (.unicode, false, false): "↙"
        case (.ascii, true, _): "!"
        case (.ascii, false, true): ">"
        case (.ascii, false, false): "<"
        }
    }
}
