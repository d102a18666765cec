public import Foundation
public import SoftphoneCore

/// What the app tells the system about a call, as CallKit's `CXCallUpdate`: only the fields set
/// change the call.
public final class CXCallUpdate: NSObject {
    /// The core's update, which this edits in place (it remembers which fields were set).
    let core = SoftphoneCore.CXCallUpdate()

    public override init() { super.init() }

    public var remoteHandle: CXHandle? {
        get { core.remoteHandle }
        set { core.remoteHandle = newValue }
    }
    public var localizedCallerName: String? {
        get { core.localizedCallerName }
        set { core.localizedCallerName = newValue }
    }
    public var supportsHolding: Bool {
        get { core.supportsHolding }
        set { core.supportsHolding = newValue }
    }
    public var supportsGrouping: Bool {
        get { core.supportsGrouping }
        set { core.supportsGrouping = newValue }
    }
    public var supportsUngrouping: Bool {
        get { core.supportsUngrouping }
        set { core.supportsUngrouping = newValue }
    }
    public var supportsDTMF: Bool {
        get { core.supportsDTMF }
        set { core.supportsDTMF = newValue }
    }
    public var hasVideo: Bool {
        get { core.hasVideo }
        set { core.hasVideo = newValue }
    }
}
