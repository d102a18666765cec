/// The system's own screens around the calls: Recents and the notification centre (lists the
/// person opens and moves through), the help overlay, and the keys that reach them. Keys are
/// read against the screen on show, so a key does what the screen says it does.
extension Phone {
    // MARK: - Keys

    /// A key: the command it gives on the screen on show, or a refusal naming the screen.
    func press(_ key: Unicode.Scalar) {
        let shown = screen(at: now)
        guard let command = Keymap.command(for: key, on: shown) else {
            return refuse(.keyDoesNothing(key: Keymap.name(of: key), screen: shown.name))
        }
        apply(command)
    }

    /// `?`: the help overlay over the screen on show, until a key closes it or that screen goes.
    func showHelp() {
        helpOver = screen(at: now).name
    }

    // MARK: - Lists

    /// `n`: the notification centre, newest first (it shows on the locked phone too).
    func openNotificationCentre() {
        openList = (.notifications, 0, calls.ended?.record.number)
    }

    func closeList() {
        guard openList != nil else { return refuse(.noListOpen) }
        openList = nil
    }

    /// Moves the selection by `step` entries, stopping at either end.
    func moveSelection(by step: Int) {
        guard let open = openList else { return refuse(.noListOpen) }
        let count = open.list == .recents ? recentsList.count : notifications.delivered.count
        openList?.selected = max(0, min(count - 1, open.selected + step))
    }

    /// The open list's screen at `instant`, if a list is open.
    func listScreen(at instant: Instant) -> Screen? {
        guard let open = openList else { return nil }
        switch open.list {
        case .recents:
            return recentsScreen(at: instant, selected: open.selected)
        case .notifications:
            let shown = notificationBanners(at: instant)
            return .notificationCentre(NotificationCentreScreen(notifications: shown, selected: min(open.selected, max(0, shown.count - 1))))
        }
    }

    // MARK: - The ringer and the loudspeaker

    /// `s`, the side button: the ringing call's sound and vibration stop; it keeps ringing on screen.
    func silenceRinger() {
        guard let incoming = calls.presentedIncoming, !incoming.isSilenced else { return refuse(.nothingToSilence) }
        incoming.isSilenced = true
        stopRinger(for: incoming)
    }

    /// `p`: the call audio to the loudspeaker or back to the receiver.
    func toggleSpeaker() {
        guard calls.focus != nil else { return refuse(.noCallForSpeaker) }
        calls.speakerOn.toggle()
    }

    // MARK: - Ages

    /// Whole minutes from the wall-clock time `seconds` (since 1970) to `instant`.
    func minutesSince(wallClock seconds: Double, at instant: Instant) -> Int64 {
        let elapsed = wallClockStart + Double(instant.nanoseconds) / 1e9 - seconds
        return elapsed <= 0 ? 0 : Int64(elapsed / 60)
    }

    /// The first instant after `instant` at which an age on screen ("5m ago") moves on.
    func nextAgeChange(after instant: Instant) -> Instant? {
        var times = notifications.delivered.map(\.date.timeIntervalSince1970)
        if openList?.list == .recents { times += recents.map(\.endedAt) }
        let wall = wallClockStart + Double(instant.nanoseconds) / 1e9
        let next = times.map { $0 + 60 * Double(max(0, Int64(($0 < wall ? wall - $0 : 0) / 60) + 1)) }.min()
        return next.map { Instant(nanoseconds: Int64((($0 - wallClockStart) * 1e9).rounded(.up))) }
    }
}

/// The lists the person can open over the lock screen.
enum SystemList {
    /// The Phone app's Recents.
    case recents
    /// The notification centre.
    case notifications
}
