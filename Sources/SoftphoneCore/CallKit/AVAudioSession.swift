/// The app's audio session, the small part of AVFoundation's `AVAudioSession` a call needs.
///
/// During a CallKit call the system activates the session itself, with telephony priority, and
/// says so in `provider(_:didActivate:)`; an app that activates it first gets a session that
/// cannot play call audio (iOS rule 34) — the phone reports that as a rule violation.
public final class AVAudioSession: NSObject {
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

    /// An audio port's type, as `AVAudioSession.Port`.
    public struct Port: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let builtInReceiver = Port(rawValue: "Receiver")
        public static let builtInSpeaker = Port(rawValue: "Speaker")
        public static let builtInMic = Port(rawValue: "MicrophoneBuiltIn")
        public static let bluetoothHFP = Port(rawValue: "BluetoothHFP")
        public static let carAudio = Port(rawValue: "CarAudio")
        public static let headphones = Port(rawValue: "Headphones")
    }

    /// Why the route changed, as `AVAudioSession.RouteChangeReason` (the value of
    /// `AVAudioSessionRouteChangeReasonKey`).
    public enum RouteChangeReason: UInt, Sendable {
        case unknown = 0
        case newDeviceAvailable = 1
        case oldDeviceUnavailable = 2
        case categoryChange = 3
        case override = 4
        case wakeFromSleep = 6
        case noSuitableRouteForCategory = 7
        case routeConfigurationChange = 8

        /// The reason in an event's words.
        public var name: String {
            switch self {
            case .unknown: "unknown"
            case .newDeviceAvailable: "new-device-available"
            case .oldDeviceUnavailable: "old-device-unavailable"
            case .categoryChange: "category-change"
            case .override: "override"
            case .wakeFromSleep: "wake-from-sleep"
            case .noSuitableRouteForCategory: "no-suitable-route"
            case .routeConfigurationChange: "route-configuration-change"
            }
        }
    }

    /// An interruption's start or end, as `AVAudioSession.InterruptionType` (the value of
    /// `AVAudioSessionInterruptionTypeKey`).
    public enum InterruptionType: UInt, Sendable {
        case began = 1
        case ended = 0
    }

    /// What an interruption's end says, as `AVAudioSession.InterruptionOptions` (the value of
    /// `AVAudioSessionInterruptionOptionKey`).
    public struct InterruptionOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let shouldResume = InterruptionOptions(rawValue: 1)
    }

    /// How the session mixes with other audio and which routes it allows, as AVFoundation's options.
    public struct CategoryOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
        public static let duckOthers = CategoryOptions(rawValue: 0x2)
        public static let allowBluetooth = CategoryOptions(rawValue: 0x4)
        public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
        public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
    }

    /// What deactivating tells other apps' sessions.
    public struct SetActiveOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
    }

    /// Posted when the route changes; userInfo holds `AVAudioSessionRouteChangeReasonKey` and
    /// `AVAudioSessionRouteChangePreviousRouteKey`.
    public static let routeChangeNotification = Notification.Name("AVAudioSessionRouteChangeNotification")
    /// Posted when another audio session interrupts this one and when it ends; userInfo holds
    /// `AVAudioSessionInterruptionTypeKey` and, at the end, `AVAudioSessionInterruptionOptionKey`.
    public static let interruptionNotification = Notification.Name("AVAudioSessionInterruptionNotification")

    /// Where audio goes now: the device's route (the receiver outside a phone).
    public var currentRoute: AVAudioSessionRouteDescription {
        AVAudioSessionRouteDescription(phone?.device.route ?? .receiver)
    }

    /// A temporary route for the output, as `overrideOutputAudioPort(_:)` takes it.
    public enum PortOverride: UInt, Sendable {
        case none = 0
        /// The loudspeaker ('spkr').
        case speaker = 0x7370_6B72
    }

    /// Whether the app may record, as the person answered iOS's microphone prompt.
    public enum RecordPermission: UInt, Sendable {
        case undetermined = 0x756E_6474  // 'undt'
        case denied = 0x6465_6E79  // 'deny'
        case granted = 0x6772_6E74  // 'grnt'
    }

    /// The category set last.
    public private(set) var category: Category = .soloAmbient
    /// The options set with it.
    public private(set) var categoryOptions: CategoryOptions = []
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
    public func setCategory(_ category: Category, mode: Mode = .default, options: CategoryOptions = []) throws(SessionError) {
        self.category = category
        self.mode = mode
        categoryOptions = options
    }

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

    /// The person granted the microphone: a VoIP app's first launch asks, and here the answer is yes.
    public var recordPermission: RecordPermission { .granted }

    /// Asks for the microphone: `response` gets the answer, yes, on the main queue's next turn.
    public func requestRecordPermission(_ response: @escaping (Bool) -> Void) {
        mainQueue { response(true) }
    }

    /// Activates or deactivates the session from app code. During a CallKit call, before the
    /// system's `didActivate`, activation fails and is reported as breaking iOS rule 34.
    public func setActive(_ active: Bool, options: SetActiveOptions = []) throws(SessionError) {
        if active, let phone, !phone.appMayActivateAudio() { throw SessionError(code: 561_017_449) }
        isActive = active
    }
}

/// One port of a route, as `AVAudioSessionPortDescription`.
public final class AVAudioSessionPortDescription: Sendable {
    public let portType: AVAudioSession.Port
    public let portName: String
    public let uid: String

    init(portType: AVAudioSession.Port, portName: String) {
        self.portType = portType
        self.portName = portName
        uid = portType.rawValue
    }
}

/// The ports audio goes in and out of, as `AVAudioSessionRouteDescription`.
public final class AVAudioSessionRouteDescription: Sendable {
    public let inputs: [AVAudioSessionPortDescription]
    public let outputs: [AVAudioSessionPortDescription]

    /// The route of `route`: its one output, and the microphone that goes with it (the
    /// accessory's own, else the phone's).
    init(_ route: AudioRoute) {
        outputs = [AVAudioSessionPortDescription(portType: route.port, portName: route.portName)]
        let microphone = route == .bluetooth || route == .carplay ? route.port : .builtInMic
        inputs = [AVAudioSessionPortDescription(portType: microphone, portName: microphone == .builtInMic ? "iPhone Microphone" : route.portName)]
    }
}

// The keys of the audio session's notifications' userInfo, as AVFoundation spells them.
public let AVAudioSessionRouteChangeReasonKey = "AVAudioSessionRouteChangeReasonKey"
public let AVAudioSessionRouteChangePreviousRouteKey = "AVAudioSessionRouteChangePreviousRouteKey"
public let AVAudioSessionInterruptionTypeKey = "AVAudioSessionInterruptionTypeKey"
public let AVAudioSessionInterruptionOptionKey = "AVAudioSessionInterruptionOptionKey"

#if SOFTPHONE_FOUNDATION
// An audio session's error is an NSError of the OSStatus domain on iOS.
extension AVAudioSession.SessionError: CustomNSError, LocalizedError {
    public static var errorDomain: String { NSOSStatusErrorDomain }
    public var errorCode: Int { code }
    public var errorDescription: String? { description }
}
#endif
