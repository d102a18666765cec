/// What the shell must do after the core handled a command. The core decides; the shell acts.
public enum Effect: Equatable, Sendable {
    /// Something happened that plain mode, the event stream and the journal record.
    case event(PhoneEvent)
    /// Start the ringtone loop and the vibration for this call.
    case startRinging(call: Int)
    /// Silence the ringer at once (the audio engine drops what is queued).
    case stopRinging(call: Int)
    /// Start the phone's own tone for this call (ringback, or the call-waiting beep), repeating
    /// in its cadence until `stopCallTone`. At most one call tone sounds at a time.
    case startCallTone(CallTone, call: Int)
    /// Silence that tone at once: the call connected, ended, or stopped waiting.
    case stopCallTone(CallTone, call: Int)
    /// Play the DTMF tone of a keypad key, whole (a one-shot tone is never clipped).
    case playDTMF(Character)
    /// Play a notification's or an app's sound, cut one short, or buzz the motor (AudioToolbox).
    case systemSound(SystemSoundEffect)
    /// Keep this Recents entry (the store writes it to disk).
    case recordRecent(RecentCall)
    /// The command made no sense in the phone's state; nothing changed.
    case refused(Refusal)
    /// Leave the simulator.
    case quit
}

/// Why a command changed nothing, in words a user can act on.
public enum Refusal: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// There is no ringing call to answer.
    case nothingToAnswer
    /// There is no call to decline or hang up.
    case nothingToEnd
    /// The command needs the idle phone (lock screen).
    case notIdle
    /// Keypad digits are sent during a connected call only.
    case noCallForDTMF
    /// A call is waiting over an active one: the person must choose how to take it.
    case chooseCallWaiting
    /// Hold or mute need a connected call.
    case noConnectedCall
    /// The app reported the call without `supportsHolding`.
    case holdNotSupported
    /// Holding one more call would exceed the app's `maximumCallGroups`.
    case maximumCallGroups(Int)
    /// The phone is locked; the command needs it unlocked.
    case locked
    /// No incoming-call banner is showing.
    case noBanner
    /// The remote side has no call to end.
    case noSuchCall(Int)
    /// The app is not running or does not listen to its server, so the hang-up cannot reach it.
    case appNotListening
    /// Recents has no such entry.
    case noRecent(Int)
    /// The app was deleted: it cannot be opened, and no push reaches it, until it is installed again.
    case appNotInstalled
    /// The key means nothing on the screen shown (named as `Screen.name` has it).
    case keyDoesNothing(key: String, screen: String)
    /// No notification is delivered to open.
    case noNotifications
    /// No delivered notification has this number (1 is the newest); `delivered` are.
    case noSuchNotification(Int, delivered: Int)
    /// The app's own screen has no button of this label.
    case noAppButton(String)
    /// The app (its id) does not handle the buttons of its own screen.
    case appScreenUnhandled(app: String)
    /// No alert of the app's is on screen.
    case noAlert
    /// The app's alert on screen has no button of this title (or number); `buttons` are its titles.
    case noAlertButton(String, buttons: [String])
    /// The alert's button of this title is disabled (`UIAlertAction.isEnabled` false).
    case alertButtonDisabled(String)
    /// Sending the app to the background needs it in the foreground.
    case appNotInForeground
    /// Killing the app needs it running.
    case appNotRunning
    /// `app install` while the app is installed.
    case appAlreadyInstalled
    /// The app's own hang-up button shows only while the app is in the foreground.
    case inAppScreenHidden
    /// The app (its id) has no in-call screen of its own.
    case noInAppCallScreen(app: String)
    /// Scrolling and closing need Recents or the notification centre open.
    case noListOpen
    /// Silencing needs a call ringing aloud.
    case nothingToSilence
    /// The loudspeaker switches during a call only.
    case noCallForSpeaker
    /// A cellular call rings or is in progress already: the simulated line has one.
    case cellularInProgress
    /// No cellular call is in progress.
    case noCellularCall
    /// The cellular call still rings: it is answered, not held.
    case cellularRinging
    /// The app has no Call Directory extension for Settings to enable.
    case noCallDirectory(app: String)
    /// Other audio cannot interrupt CallKit's session while the app has a call.
    case callKitAudioUninterruptible
    /// `interrupt begin` while an interruption is in progress.
    case interruptionInProgress
    /// `interrupt end` with no interruption in progress.
    case noInterruption
    /// No Call Directory load runs for a fault to end.
    case noCallDirectoryLoad

    public var description: String {
        switch self {
        case .nothingToAnswer: "no call is ringing, so there is nothing to answer"
        case .nothingToEnd: "there is no call to end"
        case .notIdle: "a call is in progress; the demo call is placed from the lock screen"
        case .noCallForDTMF: "keypad digits (DTMF) are sent during a connected call"
        case .chooseCallWaiting: "a call is waiting: press 1 for End & Accept, 2 for Hold & Accept, d to decline"
        case .noConnectedCall: "hold and mute need a connected call"
        case .holdNotSupported: "this call cannot be held: the app reported it without supportsHolding"
        case .maximumCallGroups(let n): "holding another call would exceed the app's maximumCallGroups (\(n))"
        case .locked: "the phone is locked; unlock it first (l, or softphone unlock)"
        case .noBanner: "no incoming-call banner is showing"
        case .noSuchCall(let n): "there is no call \(n) in progress"
        case .appNotListening: "the app is not running or not connected to its server, so the hang-up cannot reach it (a VoIP push must not be used to cancel a call, iOS rule 10)"
        case .noRecent(let n): "Recents has no entry \(n) (1 is the newest)"
        case .appNotInstalled: "the app is not installed; softphone app install installs it again"
        case .keyDoesNothing(let key, let screen): "\(key) does nothing on the \(screen) screen (? lists its keys)"
        case .noNotifications: "there is no notification to open"
        case .noSuchNotification(let index, let delivered): "there is no notification \(index); \(delivered) are delivered (1 is the newest)"
        case .noAppButton(let label): "the app's screen has no \"\(label)\" button"
        case .appScreenUnhandled(let app): "the \(app) app does not handle its screen's buttons"
        case .noAlert: "no alert of the app's is on screen (it shows while the app's own screen does)"
        case .noAlertButton(let label, let buttons):
            "the app's alert has no \"\(label)\" button; it covers the app's screen, and its buttons are: \(buttons.map { "\"\($0)\"" }.joined(separator: ", "))"
        case .alertButtonDisabled(let title): "the alert's \"\(title)\" button is disabled (the app set its isEnabled to false)"
        case .appNotInForeground: "the app is not in the foreground"
        case .appNotRunning: "the app is not running"
        case .appAlreadyInstalled: "the app is already installed; softphone app reinstall deletes it and installs it afresh"
        case .inAppScreenHidden: "the app's own in-call screen shows only while the app is in the foreground (softphone app foreground; the phone must be unlocked)"
        case .noInAppCallScreen(let app): "the \(app) app has no in-call screen of its own; end the call with d (CallKit's button)"
        case .noListOpen: "neither Recents nor the notification centre is open"
        case .nothingToSilence: "no call is ringing aloud to silence"
        case .noCallForSpeaker: "the loudspeaker switches during a call"
        case .cellularInProgress: "a cellular call is already in progress; softphone cellular end ends it"
        case .noCellularCall: "there is no cellular call; softphone cellular call --from NUMBER rings one"
        case .cellularRinging: "the cellular call is still ringing; answer it (a, or 1/2 over a call) before holding it"
        case .noCallDirectory(let app): "the \(app) app has no Call Directory extension, so Settings › Apps › Phone › Call Blocking & Identification does not list it"
        case .callKitAudioUninterruptible:
            "other audio cannot interrupt CallKit's audio session during a call; softphone cellular call --from NUMBER interrupts it as iOS does (hold or end, then didDeactivate)"
        case .interruptionInProgress: "an interruption is already in progress; softphone interrupt end ends it"
        case .noInterruption: "there is no interruption; softphone interrupt begin starts one"
        case .noCallDirectoryLoad: "no Call Directory load is running; softphone call-directory on (or the app's reloadExtension) starts one"
        }
    }
}
