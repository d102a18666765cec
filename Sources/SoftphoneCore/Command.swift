/// Everything that can happen to the phone. Keys, control-socket requests, scenario steps and
/// timers all become a `Command` before the core sees one, so every input path speaks one language.
public enum Command: Equatable, Sendable {
    /// The shell has started and painted its first frame: the app launches (in the background,
    /// as after it was installed and opened once), registers for VoIP pushes, and READY is announced.
    case start
    /// Remote side: APNs delivers a push.
    ///
    /// (Boxed: a push request is the largest payload by far; unboxed, every command, a `.tick` too,
    /// would be as large, and be copied and destroyed field by field wherever it is passed on.)
    indirect case push(PushRequest)
    /// Remote side: someone calls; the app's server sends the app its VoIP push for the call.
    case incomingCall(Caller)
    /// Remote side: the caller gives up while ringing, or hangs up; the app's server tells the
    /// app over its own connection (call number, or nil for the call on screen).
    case remoteEnd(call: Int?)
    /// The person accepts the ringing call.
    case answer
    /// The person declines the ringing call or hangs up the connected one.
    case end
    /// Call waiting: end the active call and accept the new one (key 1).
    case endAndAccept
    /// Call waiting: hold the active call and accept (key 2); with a call already held, end the
    /// held one and accept ("End Held & Accept").
    case holdAndAccept
    /// The person puts the call on hold, or resumes the held one.
    case toggleHold
    /// The person mutes or unmutes the microphone.
    case toggleMute
    /// The person places the demo call from the lock screen (a VoIP push from "Alice Zoë").
    case demoCall
    /// The person presses a keypad key (0-9, *, #): DTMF in a call, a choice in call waiting.
    case dtmf(Character)
    /// Opens the incoming-call banner to full screen (unlocked phone).
    case openBanner
    /// Swipes the incoming-call banner away; the call stays pending (iOS rule 37).
    case dismissBanner
    /// Taps a delivered notification (1 = the newest): the phone unlocks (the tap stands for
    /// Face ID too) and the app opens in the foreground with the notification's response.
    case openNotification(Int)
    /// Taps the button with this label on the app's own screen (`AppScreen.buttons`), or on the
    /// app's alert while it covers that screen (`UIAlertAction.title`).
    case tapAppButton(String)
    /// Chooses a button of the app's alert on screen by its place in the order shown (1 = the first).
    case chooseAlertButton(Int)
    /// The person presses a key: what it does depends on the screen (`Keymap.bindings(for:)`).
    case press(Unicode.Scalar)
    /// Opens the Phone app's Recents (the phone unlocks, as opening an app does).
    case openRecents
    /// Opens the notification centre.
    case openNotificationCentre
    /// Closes Recents or the notification centre.
    case closeList
    /// Moves the selection of Recents or the notification centre (-1 up, +1 down).
    case moveSelection(by: Int)
    /// Shows the help overlay over the current screen.
    case showHelp
    /// Closes the help overlay.
    case closeHelp
    /// Opens the conditions panel over the current screen (`!`).
    case showConditions
    /// Closes the conditions panel.
    case closeConditions
    /// Silences the ringing call, as the side button does: no sound, no vibration, still ringing.
    case silenceRinger
    /// Switches the call audio between the receiver and the loudspeaker.
    case toggleSpeaker
    /// Locks an unlocked phone, unlocks a locked one.
    case toggleLock
    /// Brings the app to the foreground, or sends it to the background when it is there.
    case toggleApp
    /// Locks or unlocks the phone.
    case setLock(LockState)
    /// Restarts the phone: calls end, the app stops, the phone is locked since reboot.
    case reboot
    /// Brings the app to the foreground, sends it to the background, kills, deletes or installs it.
    case app(AppAction)
    /// Turns Do Not Disturb on or off.
    case setDoNotDisturb(DoNotDisturb)
    /// Settings › Phone › Incoming Calls: how a call shows while the phone is unlocked and in use,
    /// a banner or the full screen (iOS rule 37).
    case setIncomingCalls(IncomingPresentation)
    /// Puts a handle on the block list, or takes it off.
    case setBlocked(handle: String, blocked: Bool)
    /// Flips the ring/silent switch.
    case setRingerSwitch(RingerSwitch)
    /// Takes the device offline or online (nil: back to the connection it had, Wi-Fi at first),
    /// and, when given, sets how long APNs' pushes take to arrive.
    case setNetwork(NetworkState?, latency: Duration?)
    /// Turns Low Power Mode on or off.
    case setPower(PowerMode)
    /// The carrier's side of a cellular call: it rings, ends, or is held or taken back (iOS rule 39).
    case cellular(CellularAction)
    /// The person enables or disables the app's Call Directory extension in Settings › Phone ›
    /// Call Blocking & Identification (iOS rule 50).
    case setCallDirectory(enabled: Bool)
    /// The system ends the process of the Call Directory load under way, as it ends an extension
    /// past its memory budget (iOS rule 50): `softphone fault call-directory crash`.
    case crashCallDirectoryLoad
    /// The person turns the app's Time Sensitive Notifications on or off in Settings ›
    /// Notifications › the app (iOS rule 43).
    case setTimeSensitive(allowed: Bool)
    /// Call audio goes to this route (an accessory connects or goes, the loudspeaker is chosen).
    case setRoute(AudioRoute)
    /// Another audio session (an alarm, a cellular call) interrupts the app's, or the
    /// interruption ends.
    /// Its end says `.shouldResume` unless `resumes` is false.
    case interruptAudio(began: Bool, resumes: Bool = true)
    /// The media server dies and restarts: the app's audio session is reset to iOS's defaults.
    case resetMediaServices
    /// The headset's button: answers the ringing call, else ends the call in progress.
    case headsetButton
    /// Sets or clears a fault of the call audio session.
    case setAudioFault(AudioFault)
    /// Calls back a Recents entry (1 = newest), as tapping it does (iOS rule 48).
    case callBack(recent: Int)
    /// The system's call service restarts: every provider gets `providerDidReset`.
    case resetCallService
    /// Time has passed: run whatever timers are due.
    case tick
    /// The person quits the simulator.
    case quit
}

/// What happens to the app.
public enum AppAction: String, Equatable, Sendable, CaseIterable {
    /// Open it (launching it if needed); the phone must be unlocked.
    case foreground
    /// Go to the home screen; the app keeps running in the background.
    case background
    /// Swipe it away in the app switcher: it is terminated.
    case kill
    /// Delete it: its process ends, its data and notifications go, and until it is installed
    /// again nothing reaches it (its tokens are APNs' 410 Unregistered).
    case delete
    /// Install it again after a delete, as a fresh install, launched in the background.
    case install
    /// Delete and install it in one go: a new VoIP token, and VoIP delivery restored (iOS rule 7).
    case reinstall
    /// Tap the hang-up button of the app's own in-call screen (`InAppCallControls`); the app
    /// must be in the foreground, where its screen shows.
    case endCall = "end-call"
}
