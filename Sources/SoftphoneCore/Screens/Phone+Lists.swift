/// The lists the person opens over the lock screen and moves through: Recents (Phone+Recents)
/// and the notification centre.
extension Phone {
    /// `n`: the notification centre, newest first (it shows on the locked phone too).
    func openNotificationCentre() {
        screens.openList = (.notifications, 0, calls.ended?.record.number)
    }

    /// Closes the open list.
    func closeList() {
        guard screens.openList != nil else { return refuse(.noListOpen) }
        screens.openList = nil
    }

    /// Moves the selection by `step` entries, stopping at either end.
    func moveSelection(by step: Int) {
        guard let open = screens.openList else { return refuse(.noListOpen) }
        let count = open.list == .recents ? recentsList.count : notifications.delivered.count
        screens.openList?.selected = max(0, min(count - 1, open.selected + step))
    }

    /// The open list's screen at `instant`, if a list is open.
    func listScreen(at instant: Instant) -> Screen? {
        guard let open = screens.openList else { return nil }
        switch open.list {
        case .recents:
            return recentsScreen(at: instant, selected: open.selected)
        case .notifications:
            let shown = notificationBanners(at: instant)
            return .notificationCentre(NotificationCentreScreen(notifications: shown, selected: min(open.selected, max(0, shown.count - 1))))
        }
    }
}
