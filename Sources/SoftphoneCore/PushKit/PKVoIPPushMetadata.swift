/// What iOS 26.4 tells the app with a VoIP push (iOS rule 8).
public final class PKVoIPPushMetadata {
    /// Whether the app must report a call for this push; false when the app is in the foreground,
    /// already on a call, or the push is too old.
    public let mustReport: Bool
    init(mustReport: Bool) { self.mustReport = mustReport }
}
