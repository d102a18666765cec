public import Foundation
public import SoftphoneCore

/// What the system shows and allows for the app's calls, as CallKit's `CXProviderConfiguration`.
public final class CXProviderConfiguration: NSObject {
    /// The core's configuration, which this edits in place.
    let core = SoftphoneCore.CXProviderConfiguration()

    public override init() { super.init() }

    public convenience init(localizedName: String) {
        self.init()
        core.localizedName = localizedName
    }

    public var localizedName: String? {
        get { core.localizedName }
        set { core.localizedName = newValue }
    }
    public var ringtoneSound: String? {
        get { core.ringtoneSound }
        set { core.ringtoneSound = newValue }
    }
    public var iconTemplateImageData: Data? {
        get { core.iconTemplateImageData.map { Data($0) } }
        set { core.iconTemplateImageData = newValue?.core }
    }
    public var maximumCallGroups: Int {
        get { core.maximumCallGroups }
        set { core.maximumCallGroups = newValue }
    }
    public var maximumCallsPerCallGroup: Int {
        get { core.maximumCallsPerCallGroup }
        set { core.maximumCallsPerCallGroup = newValue }
    }
    public var supportsVideo: Bool {
        get { core.supportsVideo }
        set { core.supportsVideo = newValue }
    }
    public var supportedHandleTypes: Set<CXHandle.HandleType> {
        get { core.supportedHandleTypes }
        set { core.supportedHandleTypes = newValue }
    }
    public var includesCallsInRecents: Bool {
        get { core.includesCallsInRecents }
        set { core.includesCallsInRecents = newValue }
    }
}
