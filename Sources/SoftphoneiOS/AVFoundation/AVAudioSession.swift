public import Foundation
public import SoftphoneCore

/// The app's audio session, as AVFoundation's `AVAudioSession`: during a call CallKit activates it
/// and the app must not before (iOS rule 34).
public final class AVAudioSession: NSObject {
    public typealias Category = SoftphoneCore.AVAudioSession.Category
    public typealias Mode = SoftphoneCore.AVAudioSession.Mode
    public typealias Port = SoftphoneCore.AVAudioSession.Port
    public typealias RouteChangeReason = SoftphoneCore.AVAudioSession.RouteChangeReason
    public typealias InterruptionType = SoftphoneCore.AVAudioSession.InterruptionType
    public typealias InterruptionOptions = SoftphoneCore.AVAudioSession.InterruptionOptions

    /// Posted in Foundation's `NotificationCenter.default` when the route changes (`softphone route`).
    public static let routeChangeNotification = Notification.Name(SoftphoneCore.AVAudioSession.routeChangeNotification.rawValue)
    /// Posted there when another session interrupts this one, and when that ends (`softphone interrupt`).
    public static let interruptionNotification = Notification.Name(SoftphoneCore.AVAudioSession.interruptionNotification.rawValue)

    /// How the category behaves; kept for source compatibility, the phone does not use them.
    public struct CategoryOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
        public static let duckOthers = CategoryOptions(rawValue: 0x2)
        public static let allowBluetooth = CategoryOptions(rawValue: 0x4)
        public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
        public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
    }

    /// Options of `setActive(_:options:)`; kept for source compatibility.
    public struct SetActiveOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
    }

    /// The core's session.
    let core: SoftphoneCore.AVAudioSession

    init(core: SoftphoneCore.AVAudioSession) {
        self.core = core
        super.init()
    }

    public static func sharedInstance() -> AVAudioSession { wrapping(.sharedInstance()) }

    /// The one object that stands for `core` (made at its first use).
    static func wrapping(_ core: SoftphoneCore.AVAudioSession) -> AVAudioSession {
        if let session = core.wrapper as? AVAudioSession { return session }
        let session = AVAudioSession(core: core)
        core.wrapper = session
        return session
    }

    /// Passes the core's audio notifications of this launch on to Foundation's default centre,
    /// where app code written for iOS observes them, with this session as their sender. Run at
    /// each launch, before the app's delegate is made.
    static func forwardNotifications() {
        let names = [SoftphoneCore.AVAudioSession.routeChangeNotification, SoftphoneCore.AVAudioSession.interruptionNotification]
        for name in names {
            SoftphoneCore.NotificationCenter.default.addObserver(forName: name) { notification in
                let sender = (notification.object as? SoftphoneCore.AVAudioSession).map(wrapping)
                NotificationCenter.default.post(name: Notification.Name(name.rawValue), object: sender, userInfo: notification.userInfo)
            }
        }
    }

    public var currentRoute: AVAudioSessionRouteDescription { core.currentRoute }
    public var category: Category { core.category }
    public var mode: Mode { core.mode }

    public func setCategory(_ category: Category, mode: Mode = .default, options: CategoryOptions = []) throws {
        try core.setCategory(category, mode: mode, options: Int(options.rawValue))
    }

    public func setMode(_ mode: Mode) throws { try core.setMode(mode) }

    /// Activating during a call before CallKit did fails, as on iOS (rule 34).
    public func setActive(_ active: Bool, options: SetActiveOptions = []) throws { try core.setActive(active) }
}

extension SoftphoneCore.AVAudioSession.SessionError: CustomNSError, LocalizedError {
    public static var errorDomain: String { NSOSStatusErrorDomain }
    public var errorCode: Int { code }
    public var errorDescription: String? { description }
}

public typealias AVAudioSessionRouteDescription = SoftphoneCore.AVAudioSessionRouteDescription
public typealias AVAudioSessionPortDescription = SoftphoneCore.AVAudioSessionPortDescription

// The keys of the notifications' userInfo, as AVFoundation spells them: the reason, type and
// options are `UInt`s, the previous route an `AVAudioSessionRouteDescription`.
public let AVAudioSessionRouteChangeReasonKey = SoftphoneCore.AVAudioSessionRouteChangeReasonKey
public let AVAudioSessionRouteChangePreviousRouteKey = SoftphoneCore.AVAudioSessionRouteChangePreviousRouteKey
public let AVAudioSessionInterruptionTypeKey = SoftphoneCore.AVAudioSessionInterruptionTypeKey
public let AVAudioSessionInterruptionOptionKey = SoftphoneCore.AVAudioSessionInterruptionOptionKey
