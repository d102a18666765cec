/// A state change worth telling the world about: one plain-mode line, one event-stream object.
public enum PhoneEvent: Equatable, Sendable {
    /// The phone is up. `token` is the app's VoIP push token as 64 lower-case hex digits.
    case ready(app: String, lock: LockState, token: String)
    /// A call was reported and rings (or waits behind the call on screen).
    case incoming(call: Int, uuid: String, caller: Caller)
    /// The app started an outgoing call (from Recents, or its own UI).
    case outgoing(call: Int, uuid: String, caller: Caller)
    /// A call connected.
    case connected(call: Int)
    /// A keypad digit was sent as DTMF during the call.
    case dtmf(call: Int, digit: Character)
    /// A call was put on hold or resumed.
    case held(call: Int, onHold: Bool)
    /// The microphone was muted or unmuted.
    case muted(call: Int, muted: Bool)
    /// A call ended; `duration` is how long it was connected; `actions` lists the CallKit actions
    /// that ran on it with their outcomes (`answer:fulfilled`).
    case ended(call: Int, uuid: String, caller: Caller, reason: EndReason, duration: Duration, actions: [String])
    /// A CallKit action completed (fulfilled, failed or timed out).
    case action(call: Int, name: String, outcome: String)
    /// The app broke an iOS rule (numbered as in the reference); `message` says what happened.
    case ruleViolated(rule: Int, message: String)
    /// `reportNewIncomingCall` refused a call (iOS rules 23, 24): not shown, no ring.
    case callRefused(RefusedCall)
    /// A push arrived; `delivered` is false when iOS dropped it (with `reason`).
    case push(kind: PushRequest.Kind, delivered: Bool, reason: String?)
    /// The app launched, came to the foreground, went to the background or was terminated.
    case app(state: AppState, reason: String)
    /// The app presented an alert (`UIAlertController`), its buttons' titles in the order they show;
    /// it shows while the app's own screen does.
    case alertPresented(title: String?, message: String?, style: UIAlertController.Style, buttons: [String])
    /// The app's alert went: the person chose the button titled `button`, or the app's code
    /// dismissed it (`button` nil).
    case alertDismissed(title: String?, button: String?)
    /// The app's VoIP push token was handed to it, and the APNs environment it belongs to.
    case token(String, environment: APNsEnvironment)
    /// The phone was locked or unlocked.
    case lock(LockState)
    /// The app sent its server a request (`join`, `busy`, …).
    case serverRequest(name: String, fields: [KeyValue])
    /// CallKit activated or deactivated the call's audio session.
    case audioSession(active: Bool)
    /// Notifications, the notification-service extension, system sounds, vibration, the device log.
    case notification(NotificationEvent)
    /// The device's connection changed (offline, Wi-Fi, cellular), or the delay pushes take.
    case network(NetworkState, latency: Duration)
    /// Low Power Mode went on or off.
    case power(PowerMode)
    /// Call audio moved to `route` from `previous`, for `reason` (as `routeChangeNotification` says).
    case audioRoute(AudioRoute, previous: AudioRoute, reason: AVAudioSession.RouteChangeReason)
    /// Another audio session interrupted the app's (began), or the interruption ended.
    case audioInterruption(began: Bool, resumes: Bool = true)
    /// The media server died and restarted; the app's audio session was reset.
    case mediaServicesReset
    /// An audio-session fault was set or cleared (`call` nil), or it withheld CallKit's
    /// activation of call `call`'s audio.
    case audioFault(AudioFault, call: Int?)
    /// Focus (Do Not Disturb) went on or off.
    case focus(Bool)
    /// The person chose how incoming calls show on an unlocked phone (Settings › Phone › Incoming
    /// Calls: Banner or Full Screen, iOS rule 37).
    case incomingCalls(IncomingPresentation)
    /// APNs stored a push for later, delivered one late, or discarded one (iOS rule 17).
    case apns(APNsDelivery)
    /// The app moved on the penalty ladder for unreported VoIP pushes (iOS rules 4–7), or back to
    /// its start by a reinstall; `unreported` counts the pushes it did not report.
    case voipDelivery(VoIPDelivery, unreported: Int)
    /// The cellular call (not the app's) rang, connected, was held, declined or ended (iOS rule 39).
    case cellular(CellularCall.State, from: String)
    /// The app's Call Directory extension was enabled, loaded or failed, or blocked or identified
    /// a cellular call (iOS rule 50).
    case callDirectory(CallDirectoryEvent)

}

/// A call `reportNewIncomingCall` refused, as the app reported it: its own UUID and caller (not
/// those of a call already on the phone), CallKit's error, why in words, and the call it collided
/// with when its UUID was one already on the phone.
public struct RefusedCall: Equatable, Sendable {
    /// The UUID the app reported, upper-case 8-4-4-4-12.
    public var uuid: String
    /// Who the app said was calling.
    public var caller: Caller
    /// CallKit's error: its code name (`callUUIDAlreadyExists`) and number in its domain.
    public var error: String
    public var code: Int
    /// Why CallKit refused it, in one sentence.
    public var reason: String
    /// The number of the call on the phone that has this UUID (`callUUIDAlreadyExists`), if any.
    public var collidedWith: Int?

    public init(uuid: String, caller: Caller, error: String, code: Int, reason: String, collidedWith: Int? = nil) {
        self.uuid = uuid
        self.caller = caller
        self.error = error
        self.code = code
        self.reason = reason
        self.collidedWith = collidedWith
    }
}

/// One `key=value` field of an event.
public struct KeyValue: Equatable, Sendable {
    public var key: String
    public var value: String
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}
