/// The app's own screen while it is in the foreground: Softphone's stand-in for the app's views,
/// set with `UIApplication.present(_:)` and drawn as a title and lines of text.
public struct AppScreen: Equatable, Hashable, Sendable {
    /// The app's name (filled in by the phone).
    public var appName: String
    /// The screen's title, e.g. "Incoming call".
    public var title: String
    /// The lines under it.
    public var lines: [String]

    /// Makes a screen; `appName` is the running app's.
    public init(title: String, lines: [String] = [], appName: String = "") {
        self.appName = appName
        self.title = title
        self.lines = lines
    }
}
