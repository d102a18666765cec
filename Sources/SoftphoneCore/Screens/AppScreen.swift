/// The app's own screen while it is in the foreground: Softphone's stand-in for the app's views,
/// set with `UIApplication.present(_:)` and drawn as a title, lines of text and buttons.
public struct AppScreen: Equatable, Hashable, Sendable {
    /// One of the app's buttons: a key presses it, and the app hears of it through
    /// `AppScreenButtons.appScreenButtonTapped(_:)`.
    public struct Button: Equatable, Hashable, Sendable {
        /// The key that taps it (the app's screen keeps its own keys: f, r, n, l, c, ?, q).
        public var key: Unicode.Scalar
        /// What it says, e.g. "Answer"; also what the app is told was tapped.
        public var label: String

        /// Makes a button.
        public init(key: Unicode.Scalar, label: String) {
            self.key = key
            self.label = label
        }
    }

    /// The app's name (filled in by the phone).
    public var appName: String
    /// The screen's title, e.g. "Incoming call".
    public var title: String
    /// The lines under it.
    public var lines: [String]
    /// The buttons at the bottom, left to right.
    public var buttons: [Button]

    /// Makes a screen; `appName` is the running app's.
    public init(title: String, lines: [String] = [], buttons: [Button] = [], appName: String = "") {
        self.appName = appName
        self.title = title
        self.lines = lines
        self.buttons = buttons
    }
}
