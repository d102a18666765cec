import SoftphoneCore

/// One line of the help overlay: how a key is written, its hint word (compact layout) and what it
/// does (roomy layout). The phone's keys come from `Keymap.bindings(for:)`; the full-screen
/// terminal adds its own (`TerminalView.keys`), which no other mode has.
public struct KeyHelp: Equatable, Sendable {
    public var label: String
    public var hint: String
    public var help: String

    public init(label: String, hint: String, help: String) {
        self.label = label
        self.hint = hint
        self.help = help
    }

    /// The help line of one of the phone's keys.
    init(_ binding: KeyBinding) {
        self.init(label: binding.label, hint: binding.hint, help: binding.help)
    }
}
