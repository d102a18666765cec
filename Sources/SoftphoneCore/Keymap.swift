/// The person's keys, the same in every mode (full screen, plain, `softphone key`).
/// Keys follow baresip where they overlap: `a` accept, `b`/Esc hang up.
public enum Keymap {
    /// The command a key stands for, or nil when the key means nothing.
    public static func command(for key: Unicode.Scalar) -> Command? {
        switch key {
        case "a", "\r", "\n": .answer
        case "d", "b", "\u{1B}": .end
        case "c": .demoCall
        case "x", "X": .toggleHold
        case "m": .toggleMute
        case "o": .openBanner
        case "w": .dismissBanner
        case "e": .app(.endCall)
        case "n": .openNotification
        case "q": .quit
        case "0"..."9", "*", "#": .dtmf(Character(key))
        default: nil
        }
    }

    /// The keys and what they do, for hint lines and help.
    public static let summary: [(keys: String, action: String)] = [
        ("a/Enter", "accept"),
        ("d/b/Esc", "decline or hang up"),
        ("c", "demo call (lock screen)"),
        ("x", "hold or resume"),
        ("m", "mute or unmute"),
        ("1 / 2", "call waiting: End & Accept / Hold & Accept"),
        ("o / w", "open or swipe away the incoming-call banner"),
        ("e", "hang up from the app's own screen (app in the foreground)"),
        ("n", "open the newest notification (opens the app)"),
        ("0-9 * #", "DTMF in a call"),
        ("v", "show or hide the event log (full screen)"),
        ("/", "command line: a control-socket command, e.g. /call --from Bob (full screen)"),
        ("q", "quit"),
    ]
}
