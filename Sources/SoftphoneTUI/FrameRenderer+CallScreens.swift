import SoftphoneCore

/// The call screens: a call ringing (full screen, or a banner over the unlocked phone), a second
/// call waiting, a call in progress with its buttons, a call just ended. Each state is a word
/// ("on", "off", "ringing"), not a colour.
extension Pen {
    /// The in-call buttons — mute, hold, keypad (the digits sent, newest kept), speaker (or the
    /// accessory the route goes to) — then
    /// End. Roomy: one a row, key, name and state in columns; compact: two a row. Hold says what
    /// `x` does (swap, with a call held), and is "n/a" for a call the app reported as one it
    /// cannot hold.
    func buttonRows(_ call: InCallScreen) -> [(Int, Line)] {
        let hold: (key: String, name: String, on: Bool, word: String?) = switch call.holdAction {
        case nil: ("[x]", "hold", false, "n/a")
        case "swap": ("[x]", "swap", false, "")
        default: ("[x]", "hold", call.status == .onHold, nil)
        }
        // An accessory's route takes the speaker's place, named alone (it fits 40 columns so): the
        // audio goes there, not to the phone; `p` still switches to the loudspeaker.
        let speaker: (key: String, name: String, on: Bool, word: String?) = switch call.route {
        case .receiver, .speaker: ("[p]", "speaker", call.isSpeaker, nil)
        default: ("[p]", call.route.rawValue, true, "")
        }
        let buttons: [(key: String, name: String, on: Bool, word: String?)] = [
            ("[m]", "mute", call.isMuted, nil), hold, speaker,
        ]
        let state = { (button: (key: String, name: String, on: Bool, word: String?)) in button.word ?? (button.on ? "on" : "off") }
        let end = Line.keys([("[d] End", .decline)])
        let column = { (text: String, width: Int) in text + String(repeating: " ", count: max(1, width - DisplayWidth.of(text))) }
        if call.isCellular {
            // The cellular call is not the app's: no mute or keypad of CallKit's for it here; with
            // the app's call held, `x` swaps them; held (no call of the app's left), `x` resumes
            // it in the speaker's place.
            let shown = call.status == .onHold ? [hold] : (call.holdAction == nil ? [] : [hold]) + [buttons[2]]
            if compact {
                return shown.enumerated().map { index, button in
                    (5 + index, .keys([(button.key + " " + button.name + " " + state(button), button.on ? .status : .normal)]))
                } + [(8, end)]
            }
            return shown.enumerated().map { index, button in
                (9 + index, .row([("   " + column(button.key, 7), .dim), (column(button.name, 9), .normal), (state(button), button.on ? .status : .dim)]))
            } + [(15, end)]
        }
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

    /// A call ringing while the phone is unlocked: a banner at the top of the home screen (iOS rule 37).
    func bannerCallRows(_ call: IncomingCallScreen) -> [(Int, Line)] {
        let (name, handle) = names(call.caller)
        let lines: [Line] = [
            .text(glyphs.lockStatus(.unlocked), .status),
            .text(callLabel(app: call.appName, video: call.caller.hasVideo), .dim),
            .text(name, .caller),
            .text(handle, .dim),
            .keys([(Keymap.declineButton, .decline), (Keymap.acceptButton, .accept)]),
        ]
        return Array(zip(compact ? [0, 2, 3, 4, 5] : [1, 3, 4, 5, 6], lines))
    }

    /// A second call ringing during one: who calls, who the call in progress is with, and the choices.
    func callWaitingRows(_ call: CallWaitingScreen) -> [(Int, Line)] {
        let (name, handle) = names(call.caller)
        var rows: [(Int, Line)] = [
            (compact ? 0 : 1, .text("Call waiting" + glyphs.separator + call.appName, .title)),
            (compact ? 1 : 3, .text(name, .caller)),
            (compact ? 2 : 4, .text(handle, .dim)),
            (compact ? 3 : 6, .text("on a call with " + names(call.active).name, .status)),
        ]
        if let held = call.held { rows.append((compact ? 4 : 7, .text("on hold: " + names(held).name, .status))) }
        for (index, choice) in call.choices.enumerated() {
            let role: Role = choice == .decline ? .decline : .accept
            rows.append(((compact ? 6 : 10) + index, .text(Keymap.button(for: choice), role)))
        }
        return rows
    }

    /// A call ringing full screen (the phone locked): who calls, how long it has rung, the buzz.
    func incomingCallRows(_ call: IncomingCallScreen) -> [(Int, Line)] {
        let (name, handle) = names(call.caller)
        let vibrating: Line = if call.isSilenced { .text("silenced", .status) } else if case .buzzing = call.vibration {
            .text("vibrating", .status)
        } else { .text("", .status) }
        let lines: [Line] = [
            .text(callLabel(app: call.appName, video: call.caller.hasVideo), .dim),
            .text(name, .caller),
            .text(handle, .dim),
            .text("ringing " + FrameRenderer.timerText(seconds: call.ringingSeconds), .timer),
            .text(glyphs.vibration(call.vibration), .status),
            vibrating,
            .keys([(Keymap.declineButton, .decline), (Keymap.acceptButton, .accept)]),
        ]
        return Array(zip(compact ? [0, 2, 3, 4, 6, 7, 9] : [1, 4, 5, 7, 10, 11, 15], lines))
    }

    /// A call in progress: who it is with, its state and timer, a held call, and the buttons.
    func inCallRows(_ call: InCallScreen) -> [(Int, Line)] {
        let (name, handle) = names(call.caller)
        let state: Line = switch call.status {
        case .connecting: .text("connecting" + glyphs.ellipsis, .status)
        case .connected: .text(FrameRenderer.timerText(seconds: call.connectedSeconds), .timer)
        case .onHold: .text("on hold " + FrameRenderer.timerText(seconds: call.connectedSeconds), .status)
        }
        let lines: [Line] = [
            .text(callLabel(app: call.appName, video: call.caller.hasVideo), .dim),
            .text(name, .caller),
            .text(handle, .dim),
            state,
        ]
        var rows = Array(zip(compact ? [0, 1, 2, 3] : [1, 3, 4, 6], lines))
        // A held cellular call shows where a held call of the app's does (iOS rule 39), unless
        // it is the call on screen itself.
        let cellular = call.cellular.flatMap { $0.state == .held && !call.isCellular ? "cellular " + $0.from : nil }
        let held = [call.held.map { names($0).name }, cellular].compactMap { $0 }
        if !held.isEmpty { rows.append((compact ? 4 : 7, .text("on hold: " + held.joined(separator: ", "), .status))) }
        return rows + buttonRows(call)
    }

    /// The call just ended: with whom, why, and how long it lasted.
    func endedCallRows(_ call: EndedCallScreen) -> [(Int, Line)] {
        let (name, handle) = names(call.caller)
        let lines: [Line] = [
            .text("Call ended", .title),
            .text(name, .caller),
            .text(handle, .dim),
            .text(call.reason.summary, .status),
            .text("duration " + FrameRenderer.timerText(seconds: call.durationSeconds), .dim),
        ]
        return Array(zip(compact ? [0, 2, 3, 4, 5] : [1, 4, 5, 7, 8], lines))
    }

    /// "VoIP · audio call": the app and the kind of call, like iOS's "WhatsApp Audio…" line.
    private func callLabel(app: String, video: Bool) -> String {
        app + glyphs.separator + (video ? "video call" : "audio call")
    }
}
