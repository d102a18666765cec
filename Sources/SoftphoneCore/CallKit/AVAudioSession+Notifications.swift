extension AVAudioSession {
    /// Posted when the route changes; userInfo holds `AVAudioSessionRouteChangeReasonKey` and
    /// `AVAudioSessionRouteChangePreviousRouteKey`.
    public static let routeChangeNotification = Notification.Name("AVAudioSessionRouteChangeNotification")
    /// Posted when another audio session interrupts this one and when it ends; userInfo holds
    /// `AVAudioSessionInterruptionTypeKey`, at the start `AVAudioSessionInterruptionReasonKey`,
    /// and at the end `AVAudioSessionInterruptionOptionKey`.
    public static let interruptionNotification = Notification.Name("AVAudioSessionInterruptionNotification")
    /// Posted when the media server dies, without userInfo.
    public static let mediaServicesWereLostNotification = Notification.Name("AVAudioSessionMediaServicesWereLostNotification")
    /// Posted when the media server is back, without userInfo: the session's state is iOS's
    /// defaults again, and the app's audio objects are orphans to rebuild.
    public static let mediaServicesWereResetNotification = Notification.Name("AVAudioSessionMediaServicesWereResetNotification")
    /// Posted to a foreground app when another app's primary audio starts or stops; userInfo
    /// holds `AVAudioSessionSilenceSecondaryAudioHintTypeKey`.
    public static let silenceSecondaryAudioHintNotification = Notification.Name("AVAudioSessionSilenceSecondaryAudioHintNotification")

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

    /// Why an interruption began, as `AVAudioSession.InterruptionReason` (iOS 14.5, the value of
    /// `AVAudioSessionInterruptionReasonKey`); visionOS's `sceneWasBackgrounded` is not iOS's.
    public enum InterruptionReason: UInt, Sendable {
        /// Another session was activated: an alarm, a cellular call.
        case `default` = 0
        /// Deprecated: iOS 16 no longer sends it.
        case appWasSuspended = 1
        case builtInMicMuted = 2
        case routeDisconnected = 4
    }

    /// Whether secondary audio should go quiet, as `AVAudioSession.SilenceSecondaryAudioHintType`
    /// (the value of `AVAudioSessionSilenceSecondaryAudioHintTypeKey`).
    public enum SilenceSecondaryAudioHintType: UInt, Sendable {
        case begin = 1
        case end = 0
    }
}

// The keys of the audio session's notifications' userInfo, as AVFoundation spells them.
public let AVAudioSessionRouteChangeReasonKey = "AVAudioSessionRouteChangeReasonKey"
public let AVAudioSessionRouteChangePreviousRouteKey = "AVAudioSessionRouteChangePreviousRouteKey"
public let AVAudioSessionInterruptionTypeKey = "AVAudioSessionInterruptionTypeKey"
public let AVAudioSessionInterruptionOptionKey = "AVAudioSessionInterruptionOptionKey"
public let AVAudioSessionInterruptionReasonKey = "AVAudioSessionInterruptionReasonKey"
/// Deprecated in iOS 14.5 for `AVAudioSessionInterruptionReasonKey`: the phone never sends it.
public let AVAudioSessionInterruptionWasSuspendedKey = "AVAudioSessionInterruptionWasSuspendedKey"
public let AVAudioSessionSilenceSecondaryAudioHintTypeKey = "AVAudioSessionSilenceSecondaryAudioHintTypeKey"
