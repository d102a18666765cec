/// One key of a screen: how it is written, what it does, and the command it gives. The hint
/// line, the help overlay and the key handling all read the same table, so they cannot disagree.
public struct KeyBinding: Sendable {
    /// The keys that do it (the first is the one named in short hints).
    public var keys: [Unicode.Scalar]
    /// How the keys are written: "a/Enter", "0-9*#".
    public var label: String
    /// A word or two for the hint line (which shows as many keys as fit) and the compact help.
    public var hint: String
    /// What the key does, for the help overlay.
    public var help: String
    /// The command a press of one of `keys` gives.
    let command: @Sendable (Unicode.Scalar) -> Command

    init(_ keys: [Unicode.Scalar], _ label: String, hint: String, help: String, _ command: Command) {
        self.init(keys, label, hint: hint, help: help) { _ in command }
    }

    init(_ keys: [Unicode.Scalar], _ label: String, hint: String, help: String, command: @escaping @Sendable (Unicode.Scalar) -> Command) {
        self.keys = keys
        self.label = label
        self.hint = hint
        self.help = help
        self.command = command
    }
}

/// The person's keys, the same in every mode (full screen, plain, `softphone key`). Each screen
/// has its own table; a key not in the current screen's table does nothing. Keys follow baresip
/// where they overlap: `a` accept, `b`/Esc hang up, `x`/`X` hold and resume.
public enum Keymap {
    /// The command `key` gives on `screen`, or nil when it means nothing there. Over the help
    /// overlay every key closes it.
    public static func command(for key: Unicode.Scalar, on screen: Screen) -> Command? {
        if case .help = screen { return .closeHelp }
        for binding in bindings(for: screen) where binding.keys.contains(key) { return binding.command(key) }
        return nil
    }

    /// Keys with a name rather than a character, pressed whole (`softphone key headset`): the
    /// headset's button means the same on every screen, so it is no screen's binding.
    public static let namedKeys: [String: Command] = ["headset": .headsetButton]

    /// The commands `keys` give: a named key, else each character pressed in turn.
    public static func commands(for keys: String) -> [Command] {
        if let named = namedKeys[keys] { return [named] }
        return keys.unicodeScalars.map(Command.press)
    }

    /// The keys that mean something on `screen`, most used first.
    public static func bindings(for screen: Screen) -> [KeyBinding] {
        switch screen {
        case .lock(let lock):
            // A call whose banner was swiped away still rings behind its indicator (iOS rule 37):
            // its keys, until it is answered or declined.
            var keys = lock.pendingCall != nil ? [openBanner("open the call"), accept, decline, silence] : [demoCall, recents]
            // Delivered notifications put their key before the others, where a narrow hint line still shows it.
            if lock.pendingCall == nil { keys.insert(notifications, at: lock.notifications.isEmpty ? keys.count : 0) }
            keys.append(toggleLock(lock.lock))
            // A deleted app has nothing to open.
            if lock.lock == .unlocked, lock.appState != .notInstalled { keys.append(toggleApp(inForeground: lock.appState == .foreground)) }
            return keys + [help, quit, conditions]
        case .incoming(let call) where call.presentation == .banner:
            return [accept, decline, openBanner("full screen"),
                    KeyBinding(["w"], "w", hint: "swipe away", help: "swipe the banner away: the call stays pending", .dismissBanner)]
                + (call.isSilenced ? [] : [silence]) + [help, quit, conditions]
        case .incoming(let call):
            return [accept, decline] + (call.isSilenced ? [] : [silence]) + [help, quit, conditions]
        case .callWaiting(let waiting):
            var keys = waiting.choices.map(binding(for:))
            if !waiting.choices.contains(.decline) { keys.append(decline) }
            return keys + [help, quit, conditions]
        case .inCall(let call) where call.isCellular:
            // The cellular call is not the app's: it can be ended, and heard on the loudspeaker;
            // swapped with the app's call it holds; held with no call of the app's left, resumed
            // (the same key as the app's hold).
            let end = KeyBinding(["d", "b", "\u{1B}"], "d/b/Esc", hint: "end", help: "end the cellular call", .end)
            if call.status == .onHold {
                return [end, KeyBinding(["x", "X"], "x/X", hint: "resume", help: "resume the held cellular call", .toggleHold), lockOrUnlock, help, quit, conditions]
            }
            let swap = call.holdAction == nil ? [] : [KeyBinding(["x", "X"], "x/X", hint: "swap", help: "swap: hold the cellular call and resume the app's", .toggleHold)]
            return [end] + swap + [speaker(call), lockOrUnlock, help, quit, conditions]
        case .inCall(let call):
            var keys = [KeyBinding(["d", "b", "\u{1B}"], "d/b/Esc", hint: "end", help: "end the call", .end)]
            // The app's own hang-up button, next to CallKit's: only where it can be tapped, the app
            // in the foreground (`f` brings it there).
            if call.appHasCallControls && call.appInForeground {
                keys.append(KeyBinding(["e"], "e", hint: "end in app", help: "hang up from the app's own screen", .app(.endCall)))
            }
            // Only a call the app reported with supportsHolding can be held.
            if let hold = call.holdAction {
                keys.append(KeyBinding(["x", "X"], "x/X", hint: hold, help: "hold the call, resume it, or swap with the held call", .toggleHold))
            }
            keys += [
                KeyBinding(["m"], "m", hint: call.isMuted ? "unmute" : "mute", help: "mute or unmute the microphone", .toggleMute),
                KeyBinding(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "#"], "0-9*#", hint: "keypad",
                           help: "keypad: send the digit as DTMF") { .dtmf(Character($0)) },
                speaker(call),
            ]
            if call.appHasCallControls { keys.append(toggleApp(inForeground: call.appInForeground)) }
            return keys + [lockOrUnlock, help, quit, conditions]
        case .ended:
            return [demoCall, recents, notifications, lockOrUnlock, help, quit, conditions]
        case .app(let screen):
            // The app's own buttons first: they are what its screen is for.
            let buttons = screen.buttons.map { button in
                KeyBinding([button.key], String(button.key), hint: button.label.lowercased(),
                           help: "tap the app's \(button.label) button", .tapAppButton(button.label))
            }
            return buttons + [toggleApp(inForeground: true), recents, notifications, toggleLock(.unlocked), demoCall, help, quit, conditions]
        case .alert(let alert, _):
            // The alert is modal: the app's own buttons under it are covered; the system's keys stay.
            return alertKeys(alert) + [toggleApp(inForeground: true), recents, notifications, toggleLock(.unlocked), demoCall, help, quit, conditions]
        case .recents(let list):
            var keys: [KeyBinding] = []
            if !list.entries.isEmpty {
                keys.append(KeyBinding(["\r", "\n", "c"], "Enter/c", hint: "call back", help: "call the selected entry back (the app starts the call)") { _ in
                    .callBack(recent: list.selected + 1)
                })
            }
            return keys + [selection, KeyBinding(["r", "\u{1B}"], "r/Esc", hint: "close", help: "close Recents", .closeList), toggleLock(.unlocked), help, quit, conditions]
        case .notificationCentre(let centre):
            var keys: [KeyBinding] = []
            if !centre.notifications.isEmpty {
                keys.append(KeyBinding(["\r", "\n", "o"], "Enter/o", hint: "open", help: "open the selected notification (its app opens)") { _ in
                    .openNotification(centre.selected + 1)
                })
            }
            return keys + [selection, KeyBinding(["n", "\u{1B}"], "n/Esc", hint: "close", help: "close the notification centre", .closeList), help, quit, conditions]
        case .conditions(let panel, _):
            // Close first, so even a narrow hint line says how to leave.
            return [KeyBinding(["!", "\u{1B}"], "!/Esc", hint: "close", help: "close the conditions panel", .closeConditions)]
                + conditionKeys(panel) + [help, quit]
        case .help:
            return [KeyBinding([], "any key", hint: "close help", help: "close help", .closeHelp)]
        }
    }

    /// The label without its spelled-out keys, for narrow hint lines: "a/Enter" is "a", "d/b/Esc"
    /// "d/b"; a label of words only stays whole.
    public static func shortLabel(_ label: String) -> String {
        let single: [String] = label.split(separator: "/").filter { $0.count == 1 }.map { String($0) }
        return single.isEmpty ? label : single.joined(separator: "/")
    }

    /// How a key is written in messages: "Enter", "Esc", "space", else the key itself.
    public static func name(of key: Unicode.Scalar) -> String {
        switch key {
        case "\r", "\n": "Enter"
        case "\u{1B}": "Esc"
        case " ": "space"
        default: key.properties.generalCategory == .control ? "U+" + String(key.value, radix: 16, uppercase: true) : String(key)
        }
    }

    // MARK: Keys several screens share

    /// The key of one call-waiting choice.
    static func binding(for choice: CallWaitingChoice) -> KeyBinding {
        switch choice {
        case .endAndAccept: KeyBinding(["1"], "1", hint: "end & accept", help: "End & Accept: end the call in progress, answer", .endAndAccept)
        case .holdAndAccept: KeyBinding(["2"], "2", hint: "hold & accept", help: "Hold & Accept: hold the call in progress, answer", .holdAndAccept)
        case .endHeldAndAccept: KeyBinding(["2"], "2", hint: "end held & accept", help: "End Held & Accept: end the held call, hold the one in progress, answer", .holdAndAccept)
        case .decline: decline
        }
    }

    /// How a screen writes the button of a key: its first key in brackets, then the button's word.
    static func button(_ binding: KeyBinding, _ word: String) -> String {
        "[\(binding.keys[0])] " + word
    }

    /// The incoming call's Decline button as the screen writes it ("[d] Decline"); made once, as
    /// every frame of the incoming screen draws it.
    public static let declineButton = button(decline, "Decline")
    /// The incoming call's Accept button as the screen writes it ("[a] Accept").
    public static let acceptButton = button(accept, "Accept")

    /// A call-waiting choice's button as the screen writes it ("[1] End & Accept").
    public static func button(for choice: CallWaitingChoice) -> String {
        button(binding(for: choice), choice.rawValue)
    }

    private static let accept = KeyBinding(["a", "\r", "\n"], "a/Enter", hint: "accept", help: "accept the call", .answer)
    private static let decline = KeyBinding(["d", "b", "\u{1B}"], "d/b/Esc", hint: "decline", help: "decline the call", .end)
    private static let silence = KeyBinding(["s"], "s", hint: "silence", help: "silence the ringer (the call keeps ringing on screen)", .silenceRinger)
    private static let demoCall = KeyBinding(["c"], "c", hint: "demo call", help: "place a demo call from Alice Zoë", .demoCall)
    private static let recents = KeyBinding(["r"], "r", hint: "recents", help: "open Recents (the phone unlocks)", .openRecents)
    private static let notifications = KeyBinding(["n"], "n", hint: "notifications", help: "open the notification centre", .openNotificationCentre)
    private static let help = KeyBinding(["?"], "?", hint: "help", help: "this help", .showHelp)
    private static let quit = KeyBinding(["q"], "q", hint: "quit", help: "quit Softphone (a call in progress ends)", .quit)
    private static let conditions = KeyBinding(["!"], "!", hint: "conditions", help: "the conditions panel: network, Low Power Mode, Do Not Disturb, …", .showConditions)
    /// Down and up in a list; the arrow keys arrive as j and k.
    private static let selection = KeyBinding(["j", "k"], "j/k", hint: "move", help: "select the next entry (j or the down arrow) or the previous one (k, up)") {
        .moveSelection(by: $0 == "j" ? 1 : -1)
    }

    /// The alert's buttons: the digits 1 to 9 in the order shown (as call waiting numbers its
    /// choices), Enter also for the preferred one and Esc for the cancel one, as a hardware
    /// keyboard chooses them on iOS. A disabled button keeps its key, which is refused.
    private static func alertKeys(_ alert: AppAlert) -> [KeyBinding] {
        alert.buttons.prefix(9).enumerated().map { index, button in
            var keys: [Unicode.Scalar] = [Unicode.Scalar(UInt8(ascii: "1") + UInt8(index))]
            var label = String(keys[0])
            if index == alert.enterButton {
                keys += ["\r", "\n"]
                label += "/Enter"
            }
            if index == alert.escapeButton {
                keys.append("\u{1B}")
                label += "/Esc"
            }
            let disabled = button.isEnabled ? "" : " (disabled: refused)"
            return KeyBinding(keys, label, hint: button.title.lowercased(), help: "choose the alert's \(button.title) button" + disabled,
                              .chooseAlertButton(index + 1))
        }
    }

    /// The conditions panel's keys: each sets one condition, as its request does.
    private static func conditionKeys(_ panel: ConditionsPanel) -> [KeyBinding] {
        let offline = panel.network == .offline
        let routes = AudioRoute.allCases
        let nextRoute = routes[((routes.firstIndex(of: panel.route) ?? 0) + 1) % routes.count]
        return [
            KeyBinding(["o"], "o", hint: offline ? "online" : "offline", help: "take the device offline, or back online (APNs stores pushes meanwhile)",
                       .setNetwork(offline ? nil : .offline, latency: nil)),
            KeyBinding(["w"], "w", hint: "wi-fi", help: "connect over Wi-Fi", .setNetwork(.wifi, latency: nil)),
            KeyBinding(["c"], "c", hint: "cellular", help: "connect over cellular data", .setNetwork(.cellular, latency: nil)),
            KeyBinding(["p"], "p", hint: panel.power == .low ? "normal power" : "low power",
                       help: "Low Power Mode on or off (APNs holds back priority 5 and 1 pushes)", .setPower(panel.power == .low ? .normal : .low)),
            KeyBinding(["z"], "z", hint: panel.doNotDisturb ? "focus off" : "focus on", help: "Focus (Do Not Disturb) on or off: CallKit refuses calls, active notifications are silent",
                       .setDoNotDisturb(DoNotDisturb(isOn: !panel.doNotDisturb))),
            KeyBinding(["s"], "s", hint: panel.ringer == .ring ? "silent" : "ring", help: "flip the ring/silent switch",
                       .setRingerSwitch(panel.ringer == .ring ? .silent : .ring)),
            KeyBinding(["r"], "r", hint: "route", help: "send call audio to the next route: receiver, speaker, bluetooth, carplay, wired",
                       .setRoute(nextRoute)),
            KeyBinding(["f"], "f", hint: panel.audioFault == .none ? "no didActivate" : "didActivate",
                       help: "CallKit withholds provider(_:didActivate:), or stops withholding it", .setAudioFault(panel.audioFault == .none ? .neverActivates : .none)),
            KeyBinding(["u"], "u", hint: "reinstall", help: "reinstall the app: a new VoIP token, VoIP delivery restored", .app(.reinstall)),
        ]
    }

    private static func speaker(_ call: InCallScreen) -> KeyBinding {
        KeyBinding(["p"], "p", hint: call.isSpeaker ? "speaker off" : "speaker", help: "switch the loudspeaker on or off", .toggleSpeaker)
    }

    private static func openBanner(_ hint: String) -> KeyBinding {
        KeyBinding(["o"], "o", hint: hint, help: "open the incoming call full screen", .openBanner)
    }

    /// `l` where the screen does not say whether the phone is locked.
    private static let lockOrUnlock = KeyBinding(["l"], "l", hint: "lock/unlock", help: "lock or unlock the phone", .toggleLock)

    private static func toggleLock(_ state: LockState) -> KeyBinding {
        KeyBinding(["l"], "l", hint: state == .unlocked ? "lock" : "unlock", help: "lock or unlock the phone", .toggleLock)
    }

    private static func toggleApp(inForeground: Bool) -> KeyBinding {
        KeyBinding(["f"], "f", hint: inForeground ? "app away" : "open app",
                   help: inForeground ? "send the app to the background" : "bring the app to the foreground", .toggleApp)
    }
}
