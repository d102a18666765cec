/// The app's audio session, the small part of AVFoundation's `AVAudioSession` a call needs.
///
/// During a CallKit call the system activates the session itself, with telephony priority, and
/// says so in `provider(_:didActivate:)`; an app that activates it first gets a session that
/// cannot play call audio (iOS rule 34) — the phone reports that as a rule violation.
public final class AVAudioSession {
    /// The session's category.
    public struct Category: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let playAndRecord = Category(rawValue: "AVAudioSessionCategoryPlayAndRecord")
        public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
        public static let soloAmbient = Category(rawValue: "AVAudioSessionCategorySoloAmbient")
    }

    /// The session's mode.
    public struct Mode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")
        public static let voiceChat = Mode(rawValue: "AVAudioSessionModeVoiceChat")
        public static let videoChat = Mode(rawValue: "AVAudioSessionModeVideoChat")
    }

    /// Why activating the session failed.
    public struct SessionError: Error, Equatable, CustomStringConvertible {
        /// The OSStatus-style code: `'!pri'`, 561017449, `insufficientPriority`, what an app's own
        /// activation gets while CallKit's higher-priority call session owns the audio (iOS rule 34).
        public let code: Int
        public var description: String { "AVAudioSession error \(code): insufficient priority (CallKit owns the call's audio)" }
    }

    /// The category set last.
    public private(set) var category: Category = .soloAmbient
    /// The mode set last.
    public private(set) var mode: Mode = .default
    /// Whether the session is active: set by CallKit's activation, or by the app.
    public internal(set) var isActive = false

    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?
    var phone: Phone? { link?.phone }

    init(phone: Phone?) { link = phone?.link }

    /// The app's session.
    public static func sharedInstance() -> AVAudioSession {
        PhoneContext.current?.app.audioSession ?? AVAudioSession(phone: nil)
    }

    /// Sets the category.
    public func setCategory(_ category: Category, mode: Mode = .default, options: Int = 0) throws(SessionError) {
        self.category = category
        self.mode = mode
    }

    /// Sets the mode.
    public func setMode(_ mode: Mode) throws(SessionError) { self.mode = mode }

    /// Activates or deactivates the session from app code. During a CallKit call, before the
    /// system's `didActivate`, activation fails and is reported as breaking iOS rule 34.
    public func setActive(_ active: Bool) throws(SessionError) {
        if active, let phone, !phone.appMayActivateAudio() { throw SessionError(code: 561_017_449) }
        isActive = active
    }
}
