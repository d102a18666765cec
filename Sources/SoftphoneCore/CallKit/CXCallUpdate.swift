/// What an app tells CallKit about a call, as CallKit's `CXCallUpdate` (iOS rule 22).
/// A property left unset changes nothing when the update is applied.
public final class CXCallUpdate: NSObject {
    /// The other party.
    public var remoteHandle: CXHandle? { didSet { setFields.insert(.remoteHandle) } }
    /// The name shown on the call screen; overrides any contact lookup.
    public var localizedCallerName: String? { didSet { setFields.insert(.localizedCallerName) } }
    /// Whether the call can be put on hold.
    public var supportsHolding = false { didSet { setFields.insert(.supportsHolding) } }
    /// Whether the call can be merged into a group.
    public var supportsGrouping = false { didSet { setFields.insert(.supportsGrouping) } }
    /// Whether the call can be taken out of a group.
    public var supportsUngrouping = false { didSet { setFields.insert(.supportsUngrouping) } }
    /// Whether keypad digits are sent as DTMF.
    public var supportsDTMF = false { didSet { setFields.insert(.supportsDTMF) } }
    /// Whether the call carries video.
    public var hasVideo = false { didSet { setFields.insert(.hasVideo) } }

    /// Which properties the app set: one bit each, not a `Set` (a push's report sets two or
    /// three, and a `Set` costs an allocation and a hash per property).
    private(set) var setFields: Field = []
    struct Field: OptionSet {
        let rawValue: UInt8
        static let remoteHandle = Field(rawValue: 1 << 0)
        static let localizedCallerName = Field(rawValue: 1 << 1)
        static let supportsHolding = Field(rawValue: 1 << 2)
        static let supportsGrouping = Field(rawValue: 1 << 3)
        static let supportsUngrouping = Field(rawValue: 1 << 4)
        static let supportsDTMF = Field(rawValue: 1 << 5)
        static let hasVideo = Field(rawValue: 1 << 6)
    }

    /// Makes an update with nothing set.
    public override init() {}

    /// Applies the properties this update sets to `details`, leaving the rest alone.
    func apply(to details: inout CallDetails) {
        if setFields.contains(.remoteHandle) { details.handle = remoteHandle }
        if setFields.contains(.localizedCallerName) { details.callerName = localizedCallerName }
        if setFields.contains(.supportsHolding) { details.supportsHolding = supportsHolding }
        if setFields.contains(.supportsGrouping) { details.supportsGrouping = supportsGrouping }
        if setFields.contains(.supportsUngrouping) { details.supportsUngrouping = supportsUngrouping }
        if setFields.contains(.supportsDTMF) { details.supportsDTMF = supportsDTMF }
        if setFields.contains(.hasVideo) { details.hasVideo = hasVideo }
    }
}

/// What the system knows of a call from the app's updates.
struct CallDetails {
    var handle: CXHandle?
    var callerName: String?
    var supportsHolding = false
    var supportsGrouping = false
    var supportsUngrouping = false
    var supportsDTMF = false
    var hasVideo = false

    /// Who is calling, as the screens show it: the name, else the handle, else "Unknown".
    var caller: Caller {
        let handleText = handle?.value ?? ""
        let name = callerName.flatMap { $0.isEmpty ? nil : $0 } ?? (handleText.isEmpty ? "Unknown" : handleText)
        return Caller(name: name, handle: handleText, hasVideo: hasVideo)
    }
}
