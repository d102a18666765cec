/// Whether the app runs, and where.
public enum AppState: String, Equatable, Hashable, Sendable, CaseIterable {
    /// Deleted: nothing of it runs, and nothing reaches it until it is installed again.
    case notInstalled = "not-installed"
    case notRunning = "not-running"
    case background
    case foreground
}
