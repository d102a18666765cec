public import Foundation
public import SoftphoneCore

/// The app's audio session, as AVFoundation's `AVAudioSession`: during a call CallKit activates it
/// and the app must not before (iOS rule 34).
public final class AVAudioSession: NSObject {
    public typealias Category = SoftphoneCore.AVAudioSession.Category
    public typealias Mode = SoftphoneCore.AVAudioSession.Mode

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

    public static func sharedInstance() -> AVAudioSession { AVAudioSession(core: .sharedInstance()) }

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
