/// A delivered notification as the lock screen lists it.
public struct NotificationBanner: Equatable, Hashable, Sendable {
    /// The notification's number (`notification.delivered`'s `id`).
    public var id: Int
    /// The app it belongs to.
    public var appName: String
    public var title: String
    public var subtitle: String
    public var body: String
    /// Whole minutes since it was delivered ("now", "5m ago").
    public var minutesAgo: Int64

    /// Makes a banner.
    public init(id: Int, appName: String, title: String, subtitle: String = "", body: String, minutesAgo: Int64 = 0) {
        self.id = id
        self.appName = appName
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.minutesAgo = minutesAgo
    }
}
