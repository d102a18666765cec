/// The app's audio session, the part of AVFoundation's `AVAudioSession` a call needs.
///
/// During a CallKit call the system activates the session itself, with telephony priority, and
/// says so in `provider(_:didActivate:)`; an app that activates it first gets a session that
/// cannot play call audio (iOS rule 34) — the phone reports that as a rule violation.
public final class AVAudioSession: NSObject {
    /// The category set last.
    public internal(set) var category: Category = .soloAmbient
    /// The options set with it.
    public internal(set) var categoryOptions: CategoryOptions = []
    /// The mode set last.
    public internal(set) var mode: Mode = .default
    /// Whether the session is active: set by CallKit's activation, or by the app.
    public internal(set) var isActive = false
    /// The microphone the app asked for, by uid (`setPreferredInput(_:)`).
    var preferredInputUID: String?
    /// The rate and buffer length the app asked for; 0 when it asked for none, as on iOS.
    public internal(set) var preferredSampleRate: Double = 0
    public internal(set) var preferredIOBufferDuration: TimeInterval = 0

    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?
    var phone: Phone? { link?.phone }

    init(phone: Phone?) { link = phone?.link }

    /// The app's session.
    public static func sharedInstance() -> AVAudioSession {
        PhoneContext.current?.app.audioSession ?? AVAudioSession(phone: nil)
    }

    /// Sets the category. With `.playAndRecord` and `.defaultToSpeaker`, call audio on the
    /// receiver moves to the loudspeaker, as on iOS when no accessory is connected.
    public func setCategory(_ category: Category, mode: Mode = .default, options: CategoryOptions = []) throws(SessionError) {
        self.category = category
        self.mode = mode
        categoryOptions = options
        if defaultsToSpeaker { phone?.routeToSpeakerByDefault() }
    }

    /// Whether the category sends call audio to the loudspeaker rather than the receiver.
    var defaultsToSpeaker: Bool { category == .playAndRecord && categoryOptions.contains(.defaultToSpeaker) }

    /// Sets the mode.
    public func setMode(_ mode: Mode) throws(SessionError) { self.mode = mode }

    /// Sends the output to the loudspeaker (`.speaker`), or back to the route it had (`.none`), as
    /// the call screen's speaker button does: the route change is the app's own override.
    public func overrideOutputAudioPort(_ portOverride: PortOverride) throws(SessionError) {
        guard let phone else { return }
        switch portOverride {
        case .speaker: phone.setRoute(.speaker, reason: .override)
        case .none: if phone.device.route == .speaker { phone.setRoute(phone.device.routeBeforeSpeaker, reason: .override) }
        }
    }

    /// Whether the app may record, as the person answered iOS's microphone prompt.
    public enum RecordPermission: UInt, Sendable {
        case undetermined = 0x756E_6474  // 'undt'
        case denied = 0x6465_6E79  // 'deny'
        case granted = 0x6772_6E74  // 'grnt'
    }

    /// The person granted the microphone: a VoIP app's first launch asks, and here the answer is yes.
    public var recordPermission: RecordPermission { .granted }

    /// Asks for the microphone: `response` gets the answer, yes, on the main queue's next turn.
    public func requestRecordPermission(_ response: @escaping (Bool) -> Void) {
        mainQueue { response(true) }
    }

    /// Activates or deactivates the session from app code. During a CallKit call, before the
    /// system's `didActivate`, activation fails and is reported as breaking iOS rule 34.
    public func setActive(_ active: Bool, options: SetActiveOptions = []) throws(SessionError) {
        if active, let phone, !phone.appMayActivateAudio() {
            throw SessionError(.insufficientPriority, "insufficient priority (CallKit owns the call's audio)")
        }
        isActive = active
    }

    /// What a media services reset leaves: iOS's defaults, inactive, no preferences.
    func resetToDefaults() {
        category = .soloAmbient
        categoryOptions = []
        mode = .default
        isActive = false
        preferredInputUID = nil
        preferredSampleRate = 0
        preferredIOBufferDuration = 0
    }
}
