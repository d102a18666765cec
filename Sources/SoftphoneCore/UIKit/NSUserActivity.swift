/// An activity handed to the app, as Foundation's `NSUserActivity`: here, a call started from
/// Recents (iOS rule 48), whose type on iOS 13+ is `INStartCallIntent`.
public final class NSUserActivity: NSObject {
    /// The activity type, e.g. `INStartCallIntent`.
    public let activityType: String
    /// The Siri interaction carrying the intent.
    public let interaction: INInteraction?
    /// An activity of the app's own (Foundation on Linux has no `NSUserActivity`).
    public convenience init(activityType: String) { self.init(activityType: activityType, interaction: nil) }
    init(activityType: String, interaction: INInteraction?) {
        self.activityType = activityType
        self.interaction = interaction
    }
}
