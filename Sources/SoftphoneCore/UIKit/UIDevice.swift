/// The device, as UIKit's `UIDevice`: what call code reads of it (the iOS version, to choose an
/// API; the vendor identifier, to name the device to its server) and the proximity sensor a call
/// screen turns on. The phone is an iPhone running the iOS of `Rules.systemVersion`.
open class UIDevice: NSObject, @unchecked Sendable {
    /// The kinds of device, as UIKit's `UIUserInterfaceIdiom`.
    public enum UserInterfaceIdiom: Int, Sendable {
        case unspecified = -1
        case phone = 0
        case pad = 1
        case tv = 2
        case carPlay = 3
        case mac = 5
        case vision = 6
    }

    /// The device the app runs on.
    public static var current: UIDevice { UIDevice() }

    public var name: String { "iPhone" }
    public var model: String { "iPhone" }
    public var localizedModel: String { "iPhone" }
    public var systemName: String { "iOS" }
    /// "18.0", "26.0" or "26.4" (`Rules.systemVersion`).
    public var systemVersion: String {
        let version = PhoneContext.current?.configuration.rules.systemVersion.rawValue ?? SystemVersion.iOS18.rawValue
        return version.contains(".") ? version : version + ".0"
    }
    public var userInterfaceIdiom: UserInterfaceIdiom { .phone }

    /// The same for every app of one vendor on the device, as on iOS: made from the app's bundle
    /// identifier without its last part (`com.example.phone` and `com.example.chat` share it).
    /// iOS makes a new one once the vendor's last app is deleted; here it never changes.
    public var identifierForVendor: UUID? {
        guard let bundle = PhoneContext.current?.configuration.app.bundleIdentifier else { return nil }
        let vendor = bundle.split(separator: ".").dropLast().joined(separator: ".")
        return UIDevice.uuid(named: vendor.isEmpty ? bundle : vendor)
    }

    /// Kept for the launch; the phone has no proximity sensor, so `proximityState` stays false
    /// (nothing is near the screen) and the screen never darkens.
    public var isProximityMonitoringEnabled: Bool {
        get { UIApplication.shared.proximityMonitoring }
        set { UIApplication.shared.proximityMonitoring = newValue }
    }
    public var proximityState: Bool { false }

    /// A UUID made from `name` alone (two FNV-1a hashes, as a version-5-shaped UUID): the same
    /// name gives the same UUID in every run.
    static func uuid(named name: String) -> UUID? {
        func fnv(_ seed: UInt64) -> UInt64 {
            name.utf8.reduce(seed) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        var bytes = withUnsafeBytes(of: fnv(0xcbf2_9ce4_8422_2325).bigEndian, Array.init) + withUnsafeBytes(of: fnv(0x8422_2325_cbf2_9ce4).bigEndian, Array.init)
        bytes[6] = bytes[6] & 0x0f | 0x50
        bytes[8] = bytes[8] & 0x3f | 0x80
        let hex = Hex.string(bytes)
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return UUID(uuidString: parts.joined(separator: "-"))
    }
}
