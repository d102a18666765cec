import SoftphoneCore

/// The screens without a call: the lock screen (the clock, the notifications stacked on it, the
/// phone's state under them) and the app's own screen. Each state is a word, not a colour.
extension Pen {
    /// The lock screen: the lock state, the date and the big clock, a pending call, the
    /// notifications, and the status lines.
    func lockScreenRows(_ lock: LockScreen, time: String, date: String) -> [(Int, Line)] {
        // The motor's buzz shows beside the lock state, where a glance finds it.
        let status = Line.text(glyphs.lockStatus(lock.lock) + (lock.isVibrating ? glyphs.separator + "vibrating" : ""), .status)
        // The ASCII clock is five rows high: in the compact layout notifications need two of them.
        let clock: Line = glyphs == .ascii && !lock.notifications.isEmpty ? .text(time, .title) : .clock(time)
        var rows: [(Int, Line)] = compact
            ? [(0, status), (2, .text(date, .normal)), (3, clock)]
            : [(1, status), (3, .text(date, .normal)), (4, .clock(time))]
        rows += statusRows(lock)
        // A call whose banner was swiped away still rings: say so where the banner was (iOS rule 37).
        if let pending = lock.pendingCall {
            rows.append((compact ? 1 : 2, .text("call pending: " + names(pending).name, .warning)))
        }
        // Compact: two rows between the clock and the status lines; roomy: five.
        rows += bannerRows(lock.notifications, top: compact ? 6 : 9, rows: compact ? 2 : 5)
        return rows
    }

    /// The lock screen's status: the app's state, the ring/silent switch, Do Not Disturb, the
    /// network when it is not Wi-Fi, Low Power Mode, and whether iOS stopped delivering VoIP
    /// pushes (iOS rule 7). Roomy: under the notifications;
    /// compact: one line at the bottom.
    func statusRows(_ lock: LockScreen) -> [(Int, Line)] {
        let appState = switch lock.appState {
        case .notInstalled: "not installed"
        case .notRunning: "not running"
        case .foreground: "in foreground"
        case .background: "in background"
        }
        let app = lock.appName + ": " + appState
        // The field's conditions only when set: offline or cellular, Low Power Mode.
        let conditions = (lock.network == .wifi ? "" : glyphs.separator + lock.network.rawValue)
            + (lock.power == .low ? glyphs.separator + "low power" : "")
        let switches = (lock.ringer == .ring ? "ringer on" : "silent") + glyphs.separator + (lock.doNotDisturb ? "DND on" : "DND off") + conditions
        // The penalty ladder, once the app is on it (iOS rules 4–7).
        let ladder: (short: String, long: String)? = switch lock.voipDelivery {
        case .on: nil
        case .killedOnReport: ("VoIP: killed", "VoIP: killed for an unreported push")
        case .notLaunched: ("VoIP: not launched", "VoIP: no longer launched for pushes")
        case .stopped: ("VoIP blocked", "VoIP delivery blocked")
        }
        if compact {
            let blocked = ladder.map { glyphs.separator + $0.short } ?? ""
            return [(8, .text(app + blocked, ladder == nil ? .dim : .warning)), (9, .text(switches, .dim))]
        }
        var rows: [(Int, Line)] = [(14, .text(app, .dim)), (15, .text(switches, .dim))]
        if let ladder { rows.append((16, .text(ladder.long, .warning))) }
        return rows
    }

    /// The app's own screen: its name, a title and lines, and its buttons.
    func appScreenRows(_ screen: AppScreen) -> [(Int, Line)] {
        var rows: [(Int, Line)] = [(compact ? 0 : 1, .text(screen.appName, .dim)), (compact ? 2 : 4, .text(screen.title, .title))]
        for (index, text) in screen.lines.prefix(compact ? 4 : 8).enumerated() {
            rows.append(((compact ? 4 : 6) + index, .text(text, index == 0 ? .caller : .normal)))
        }
        // The buttons where the incoming call's Decline and Accept are.
        if !screen.buttons.isEmpty {
            rows.append((compact ? 9 : 15, .keys(screen.buttons.map { ("[\($0.key)] \($0.label)", .title) })))
        }
        return rows
    }
}
