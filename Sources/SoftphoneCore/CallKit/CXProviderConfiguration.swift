/// How an app's calls look and behave, as CallKit's `CXProviderConfiguration` (iOS rule 20).
/// Every default is iOS's own.
public final class CXProviderConfiguration: NSObject {
    /// The app's name as shown on the call screen. Deprecated by Apple in iOS 14 (the app's
    /// display name is shown instead); kept so older code ports.
    public var localizedName: String?
    /// A sound file in the app's bundle (`Assets/Ringtones/`) played as the ringtone; nil is the
    /// system ringtone.
    public var ringtoneSound: String?
    /// A square 40-point template image for the call screen's app button.
    public var iconTemplateImageData: Data?
    /// How many separate calls (groups) may exist at once; beyond it requests fail with
    /// `maximumCallGroupsReached`. Default 2.
    public var maximumCallGroups = 2
    /// How many calls one group may hold. Default 5.
    public var maximumCallsPerCallGroup = 5
    /// Whether video calls are offered. Default false.
    public var supportsVideo = false
    /// The handle types the app's calls use.
    public var supportedHandleTypes: Set<CXHandle.HandleType> = []
    /// Whether ended calls appear in the Phone app's Recents. Default true (iOS 11+).
    public var includesCallsInRecents = true
    /// Whether the app's calls can be translated (iOS 26). Default false; kept, not read: the
    /// phone offers no translation of its own.
    public var supportsAudioTranslation = false

    /// Makes a configuration with iOS's defaults.
    public override init() {}

    /// Makes a configuration with iOS's defaults and a name (the pre-iOS 14 initialiser).
    public convenience init(localizedName: String) {
        self.init()
        self.localizedName = localizedName
    }
}
