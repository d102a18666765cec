/// What the phone shows, as plain values. The terminal layer only draws these; it decides
/// nothing. Times are whole seconds so a screen changes (and is redrawn) at most once a
/// second, plus the vibration indicator's frames.
public enum Screen: Equatable, Hashable, Sendable {
    /// The lock screen: nothing is happening.
    case lock(LockScreen)
    /// A call is ringing: full screen when locked, a banner when unlocked (iOS rule 37).
    case incoming(IncomingCallScreen)
    /// A second call arrives over an active one (iOS rule 38).
    case callWaiting(CallWaitingScreen)
    /// A call is connecting, connected or on hold.
    case inCall(InCallScreen)
    /// A call just ended; shown briefly before the lock screen returns.
    case ended(EndedCallScreen)
    /// The app is in the foreground showing a screen of its own (`UIApplication.present`).
    case app(AppScreen)
    /// The Phone app's Recents, opened with `r` (iOS rule 48: Enter calls back).
    case recents(RecentsScreen)
    /// The notification centre, opened with `n`: delivered notifications, newest first.
    case notificationCentre(NotificationCentreScreen)
    /// The app's alert (`UIAlertController`) over the app's screen it belongs to (`Phone+AppAlert`).
    indirect case alert(AppAlert, over: Screen)
    /// The help overlay (`?`) over the screen it explains.
    indirect case help(Screen)
    /// The conditions panel (`!`) over the screen it was opened on.
    indirect case conditions(ConditionsPanel, over: Screen)

    /// The screen's name, as `softphone state` reports it and messages name it.
    public var name: String {
        switch self {
        case .lock: "lock"
        case .incoming(let incoming): incoming.presentation == .banner ? "banner" : "incoming"
        case .callWaiting: "call-waiting"
        case .inCall: "in-call"
        case .ended: "ended"
        case .app: "app"
        case .recents: "recents"
        case .notificationCentre: "notifications"
        case .alert: "alert"
        case .help: "help"
        case .conditions: "conditions"
        }
    }
}

/// The lock screen's contents (the clock itself is the terminal's wall clock).
public struct LockScreen: Equatable, Hashable, Sendable {
    /// The app that receives calls.
    public var appName: String
    /// Locked or not.
    public var lock: LockState
    /// A call whose banner was swiped away: still ringing, shown as an indicator (iOS rule 37).
    public var pendingCall: Caller?
    /// Delivered notifications, newest first.
    public var notifications: [NotificationBanner]
    /// Whether the vibration motor is running (a notification's buzz, or `kSystemSoundID_Vibrate`).
    public var isVibrating: Bool
    /// Whether the app runs, and where.
    public var appState: AppState
    /// Do Not Disturb is on.
    public var doNotDisturb: Bool
    /// The ring/silent switch.
    public var ringer: RingerSwitch
    /// iOS stopped delivering VoIP pushes to the app (iOS rule 7).
    public var voipBlocked: Bool { voipDelivery == .stopped }
    /// The app's rung on the penalty ladder for unreported VoIP pushes (iOS rules 4–7).
    public var voipDelivery: VoIPDelivery
    /// The device's connection, shown when it is not Wi-Fi.
    public var network: NetworkState
    /// Low Power Mode, shown when it is on.
    public var power: PowerMode

    /// Makes a lock screen.
    public init(
        appName: String, lock: LockState, pendingCall: Caller? = nil, notifications: [NotificationBanner] = [],
        isVibrating: Bool = false, appState: AppState = .background, doNotDisturb: Bool = false, ringer: RingerSwitch = .ring,
        voipDelivery: VoIPDelivery = .on, network: NetworkState = .wifi, power: PowerMode = .normal
    ) {
        self.network = network
        self.power = power
        self.appName = appName
        self.lock = lock
        self.pendingCall = pendingCall
        self.notifications = notifications
        self.isVibrating = isVibrating
        self.appState = appState
        self.doNotDisturb = doNotDisturb
        self.ringer = ringer
        self.voipDelivery = voipDelivery
    }
}

/// The vibration indicator: still, or shaking in one of two frames.
public enum VibrationIndicator: Equatable, Hashable, Sendable {
    /// The motor is off.
    case still
    /// The motor is running; the frame alternates 0, 1 every `frameMilliseconds` to animate the shake.
    case buzzing(frame: Int)

    /// How long each shake frame shows. The indicator follows the pattern's on and off steps (the same
    /// schedule as the audible buzz) and shakes within a step. Every redraw wakes the shell, and the
    /// budget while ringing is 0.15 % of a core, most of which the audio thread needs: 2 frames a
    /// second within a step reads as shaking and costs half as much as 4.
    public static let frameMilliseconds: Int64 = 500
}

/// How an incoming call shows (iOS rule 37).
public enum IncomingPresentation: String, Equatable, Hashable, Sendable {
    /// The whole screen: the phone is locked, or the banner was opened.
    case fullScreen = "full-screen"
    /// A banner with Accept and Decline at the top of the unlocked phone.
    case banner
}

/// The incoming call.
public struct IncomingCallScreen: Equatable, Hashable, Sendable {
    public var appName: String
    public var call: Int
    public var caller: Caller
    /// Whole seconds since the call started ringing.
    public var ringingSeconds: Int64
    public var vibration: VibrationIndicator
    /// Full screen or banner.
    public var presentation: IncomingPresentation
    /// The person silenced the ringer (`s`, the side button): no sound, no vibration, still ringing.
    public var isSilenced: Bool

    /// Makes an incoming-call screen.
    public init(
        appName: String, call: Int, caller: Caller, ringingSeconds: Int64, vibration: VibrationIndicator,
        presentation: IncomingPresentation = .fullScreen, isSilenced: Bool = false
    ) {
        self.appName = appName
        self.call = call
        self.caller = caller
        self.ringingSeconds = ringingSeconds
        self.vibration = vibration
        self.presentation = presentation
        self.isSilenced = isSilenced
    }
}

/// A choice the call-waiting screen offers (iOS rule 38).
public enum CallWaitingChoice: String, Equatable, Hashable, Sendable {
    /// End the active call, answer the new one (key 1).
    case endAndAccept = "End & Accept"
    /// Hold the active call, answer the new one (key 2).
    case holdAndAccept = "Hold & Accept"
    /// With a call already held: end the held call, answer the new one (key 2).
    case endHeldAndAccept = "End Held & Accept"
    /// Decline the new call (d).
    case decline = "Decline"
}

/// A second call arriving over an active one.
public struct CallWaitingScreen: Equatable, Hashable, Sendable {
    public var appName: String
    /// The waiting call.
    public var call: Int
    public var caller: Caller
    /// The call in progress.
    public var active: Caller
    /// The call on hold, if any.
    public var held: Caller?
    /// What the person may do, in screen order.
    public var choices: [CallWaitingChoice]

    /// Makes a call-waiting screen.
    public init(appName: String, call: Int, caller: Caller, active: Caller, held: Caller?, choices: [CallWaitingChoice]) {
        self.appName = appName
        self.call = call
        self.caller = caller
        self.active = active
        self.held = held
        self.choices = choices
    }
}

/// The state line of the in-call screen.
public enum InCallStatus: String, Equatable, Hashable, Sendable {
    /// Answered or dialled; the app has not connected it yet (iOS rule 33).
    case connecting
    case connected
    case onHold = "on hold"
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
    /// Connecting, connected or on hold.
    public var status: InCallStatus
    /// Microphone muted.
    public var isMuted: Bool
    /// Another call on hold, if any.
    public var held: Caller?
    /// Where the call's audio goes (`softphone route`; `p` chooses the loudspeaker).
    public var route: AudioRoute
    /// The app has an in-call screen of its own with a hang-up button (`InAppCallControls`, key `e`).
    public var appHasCallControls: Bool
    /// The app is in the foreground, where its own hang-up button can be tapped.
    public var appInForeground: Bool
    /// The app reported the call with `supportsHolding`: `x` can hold it (or swap it with the held call).
    public var canHold: Bool
    /// The cellular call in progress, if any (iOS rule 39). Connected, it is the call on screen
    /// (`appName` is `CellularCall.screenName`, `held` the app's call); held, a line beside the
    /// app's, or the call on screen once no call of the app's is left.
    public var cellular: CellularCall?

    /// Makes an in-call screen.
    public init(
        appName: String, call: Int, caller: Caller, connectedSeconds: Int64, digits: String = "",
        status: InCallStatus = .connected, isMuted: Bool = false, held: Caller? = nil,
        route: AudioRoute = .receiver, appHasCallControls: Bool = false, appInForeground: Bool = true, canHold: Bool = true, cellular: CellularCall? = nil
    ) {
        self.cellular = cellular
        self.appName = appName
        self.call = call
        self.caller = caller
        self.connectedSeconds = connectedSeconds
        self.digits = digits
        self.status = status
        self.isMuted = isMuted
        self.held = held
        self.route = route
        self.appHasCallControls = appHasCallControls
        self.appInForeground = appInForeground
        self.canHold = canHold
    }

    /// The audio goes to the loudspeaker.
    public var isSpeaker: Bool { route == .speaker }

    /// The call on screen is the cellular call (its screen has no call number of the app's):
    /// connected, or held with no call of the app's left. Only its end, its hold or the
    /// loudspeaker, and the lock apply.
    public var isCellular: Bool { call == 0 && cellular != nil }

    /// What `x` does now: swap with the held call, resume this one, or hold it; nil when the call cannot be held.
    public var holdAction: String? {
        guard canHold else { return nil }
        return held != nil ? "swap" : status == .onHold ? "resume" : "hold"
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

/// The Phone app's Recents: the calls, newest first, one of them selected.
public struct RecentsScreen: Equatable, Hashable, Sendable {
    /// One line of the list.
    public struct Entry: Equatable, Hashable, Sendable {
        /// The call as Recents keeps it.
        public var call: RecentCall
        /// Whole minutes since it ended.
        public var minutesAgo: Int64

        /// Makes an entry.
        public init(call: RecentCall, minutesAgo: Int64) {
            self.call = call
            self.minutesAgo = minutesAgo
        }
    }

    /// The calls, newest first.
    public var entries: [Entry]
    /// The index of the selected entry in `entries` (0 when the list is empty).
    public var selected: Int

    /// Makes a Recents screen.
    public init(entries: [Entry], selected: Int = 0) {
        self.entries = entries
        self.selected = selected
    }
}

/// The notification centre: delivered notifications, newest first, one of them selected.
public struct NotificationCentreScreen: Equatable, Hashable, Sendable {
    /// The notifications, newest first.
    public var notifications: [NotificationBanner]
    /// The index of the selected notification (0 when there is none).
    public var selected: Int

    /// Makes a notification centre.
    public init(notifications: [NotificationBanner], selected: Int = 0) {
        self.notifications = notifications
        self.selected = selected
    }
}
