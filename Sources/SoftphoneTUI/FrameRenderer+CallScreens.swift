import SoftphoneCore

/// The parts of the call and lock screens that show the phone's state: the in-call buttons and
/// the lock screen's status line. Each state is a word ("on", "off", "silent"), not a colour.
extension Pen {
    /// The in-call buttons — mute, hold, keypad (the digits sent, newest kept), speaker — then
    /// End. Roomy: one a row, key, name and state in columns; compact: two a row. Hold says what
    /// `x` does (swap, with a call held), and is "n/a" for a call the app reported as one it
    /// cannot hold.
    func buttonRows(_ call: InCallScreen) -> [(Int, Line)] {
        let hold: (key: String, name: String, on: Bool, word: String?) = switch call.holdAction {
        case nil: ("[x]", "hold", false, "n/a")
        case "swap": ("[x]", "swap", false, "")
        default: ("[x]", "hold", call.status == .onHold, nil)
        }
        let buttons: [(key: String, name: String, on: Bool, word: String?)] = [
            ("[m]", "mute", call.isMuted, nil), hold, ("[p]", "speaker", call.isSpeaker, nil),
        ]
        let state = { (button: (key: String, name: String, on: Bool, word: String?)) in button.word ?? (button.on ? "on" : "off") }
        let end = Line.keys([("[d] End", .decline)])
        if compact {
            var rows: [(Int, Line)] = [
                (5, .keys(buttons.prefix(2).map { (trimmed($0.key + " " + $0.name + " " + state($0)), $0.on ? .status : .normal) })),
                (6, .keys([(buttons[2].key + " " + buttons[2].name + " " + state(buttons[2]), buttons[2].on ? .status : .normal),
                           ("[0-9] keypad", .normal)])),
                (8, end),
            ]
            if !call.digits.isEmpty { rows.append((7, .text("keypad " + digits(call.digits, fitting: 16), .status))) }
            return rows
        }
        let column = { (text: String, width: Int) in text + String(repeating: " ", count: max(1, width - DisplayWidth.of(text))) }
        var rows: [(Int, Line)] = buttons.enumerated().map { index, button in
            (9 + index + (index == 2 ? 1 : 0), .row([("   " + column(button.key, 7), .dim), (column(button.name, 9), .normal),
                                                     (state(button), button.on ? .status : .dim)]))
        }
        rows.append((11, .row([("   " + column("[0-9]", 7), .dim), (column("keypad", 9), .normal), (digits(call.digits, fitting: 11), .status)])))
        rows.append((15, end))
        return rows
    }

    /// `text` without the space an empty state word leaves at its end.
    private func trimmed(_ text: String) -> String { text.hasSuffix(" ") ? String(text.dropLast()) : text }

    /// The digits sent so far as typed, the newest kept when more than `width` were.
    private func digits(_ digits: String, fitting width: Int) -> String {
        digits.count > width ? glyphs.ellipsis + digits.suffix(width - 1) : digits
    }

    /// The lock screen's status: the app's state, the ring/silent switch, Do Not Disturb, and
    /// whether iOS stopped delivering VoIP pushes (iOS rule 7). Roomy: under the notifications;
    /// compact: one line at the bottom.
    func statusRows(_ lock: LockScreen) -> [(Int, Line)] {
        let appState = switch lock.appState {
        case .notInstalled: "not installed"
        case .notRunning: "not running"
        case .foreground: "in foreground"
        case .background: "in background"
        }
        let app = lock.appName + ": " + appState
        let switches = (lock.ringer == .ring ? "ringer on" : "silent") + glyphs.separator + (lock.doNotDisturb ? "DND on" : "DND off")
        if compact {
            let blocked = lock.voipBlocked ? glyphs.separator + "VoIP blocked" : ""
            return [(8, .text(app + blocked, lock.voipBlocked ? .warning : .dim)), (9, .text(switches, .dim))]
        }
        var rows: [(Int, Line)] = [(14, .text(app, .dim)), (15, .text(switches, .dim))]
        if lock.voipBlocked { rows.append((16, .text("VoIP delivery blocked", .warning))) }
        return rows
    }
}
