/// Who is calling, as the remote side (the app's server) describes the call.
public struct Caller: Equatable, Hashable, Sendable {
    /// The name shown on the incoming-call screen (CallKit's `localizedCallerName`).
    public var name: String
    /// The caller's handle: a phone number, an address or an app-specific id (`CXHandle.value`).
    public var handle: String
    /// Whether the call is a video call (`CXCallUpdate.hasVideo`).
    public var hasVideo: Bool

    /// Makes a caller.
    public init(name: String, handle: String, hasVideo: Bool = false) {
        self.name = name
        self.handle = handle
        self.hasVideo = hasVideo
    }

    /// The caller of the demo call placed with `c` on the lock screen.
    public static let demo = Caller(name: "Alice Zoë", handle: "+15551234")
}
