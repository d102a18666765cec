/// A background task's name, as UIKit's `UIBackgroundTaskIdentifier`.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// No task: what `beginBackgroundTask` returns when the app cannot run in the background.
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

/// Background tasks, as UIKit's: time the app asks for to finish work after it leaves the
/// foreground. Its background time runs from when it entered the background; when it runs out,
/// each task's expiration handler is called, at once, and a task still not ended after them gets
/// the app killed (`Phone+BackgroundTasks`).
extension UIApplication {
    /// A task the app began and has not ended.
    struct BackgroundTask {
        let name: String?
        let expirationHandler: (() -> Void)?
    }

    public func beginBackgroundTask(expirationHandler handler: (() -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler)
    }

    public func beginBackgroundTask(withName taskName: String?, expirationHandler handler: (() -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        guard let phone, phone.app.application === self else { return .invalid }
        lastBackgroundTask += 1
        backgroundTasks[lastBackgroundTask] = BackgroundTask(name: taskName, expirationHandler: handler)
        phone.startBackgroundTime(of: self)
        return UIBackgroundTaskIdentifier(rawValue: lastBackgroundTask)
    }

    /// Ends the task; an identifier of no running task (`.invalid`, or one already ended) does nothing.
    public func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        backgroundTasks[identifier.rawValue] = nil
    }

    /// Seconds left before the background time runs out: unlimited in the foreground and while
    /// the app is in a call (its audio keeps it running), as UIKit's `DBL_MAX`.
    public var backgroundTimeRemaining: TimeInterval {
        guard let phone, let ends = backgroundTimeEnds, !phone.calls.audioActivated else { return .greatestFiniteMagnitude }
        return max(0, Double((ends - phone.now).nanoseconds) / 1e9)
    }
}
