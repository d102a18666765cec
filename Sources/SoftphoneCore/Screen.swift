/// What the phone shows, as plain values. The terminal layer only draws these; it decides
/// nothing. Times are whole seconds so a screen changes (and is redrawn) at most once a
/// second, plus the vibration indicator's frames.
public enum Screen: Equatable, Hashable, Sendable {
    /// The lock screen: nothing is happening.
    case lock(LockScreen)
    /// A call is ringing (full screen, as when the phone is locked).
    case incoming(IncomingCallScreen)
    /// A call is connected.
    case inCall(InCallScreen)
    /// A call just ended; shown briefly before the lock screen returns.
    case ended(EndedCallScreen)
}

/// The lock screen's contents (the clock itself is the terminal's wall clock).
public struct LockScreen: Equatable, Hashable, Sendable {
    /// The app that receives calls.
    public var appName: String
    /// Locked or not.
    public var lock: LockState

    /// Makes a lock screen.
    public init(appName: String, lock: LockState) {
        self.appName = appName
        self.lock = lock
    }
}

/// The vibration indicator: still, or shaking in one of two frames.
public enum VibrationIndicator: Equatable, Hashable, Sendable {
    /// The motor is off.
    case still
    /// The motor is running; the frame alternates 0, 1 every `frameMilliseconds` to animate the shake.
    case buzzing(frame: Int)

    /// How long each shake frame shows: 4 frames a second reads as shaking, and each redraw costs
    /// CPU that DESIGN.md's budget while ringing (0.15 % of a core) has little room for.
    public static let frameMilliseconds: Int64 = 250
}

/// The full-screen incoming call.
public struct IncomingCallScreen: Equatable, Hashable, Sendable {
    public var appName: String
    public var call: Int
    public var caller: Caller
    /// Whole seconds since the call started ringing.
    public var ringingSeconds: Int64
    public var vibration: VibrationIndicator

    /// Makes an incoming-call screen.
    public init(appName: String, call: Int, caller: Caller, ringingSeconds: Int64, vibration: VibrationIndicator) {
        self.appName = appName
        self.call = call
        self.caller = caller
        self.ringingSeconds = ringingSeconds
        self.vibration = vibration
    }
}

/// The in-call screen.
public struct InCallScreen: Equatable, Hashable, Sendable {
    public var appName: String
    public var call: Int
    public var caller: Caller
    /// Whole seconds since the call connected.
    public var connectedSeconds: Int64
    /// The keypad digits sent as DTMF, as typed.
    public var digits: String

    /// Makes an in-call screen.
    public init(appName: String, call: Int, caller: Caller, connectedSeconds: Int64, digits: String = "") {
        self.appName = appName
        self.call = call
        self.caller = caller
        self.connectedSeconds = connectedSeconds
        self.digits = digits
    }
}

/// The short "call ended" screen.
public struct EndedCallScreen: Equatable, Hashable, Sendable {
    public var call: Int
    public var caller: Caller
    public var reason: EndReason
    /// Whole seconds the call was connected.
    public var durationSeconds: Int64

    /// Makes a "call ended" screen.
    public init(call: Int, caller: Caller, reason: EndReason, durationSeconds: Int64) {
        self.call = call
        self.caller = caller
        self.reason = reason
        self.durationSeconds = durationSeconds
    }
}
