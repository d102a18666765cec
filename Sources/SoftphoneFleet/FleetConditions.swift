import SoftphoneCore

/// The field's conditions in a fleet, each on a share of phones drawn from the seed, as a single
/// phone sets them (`softphone network`, `softphone power`, `--build`, `--app bridged`): offline
/// from the start, and back online `reconnectAfter` later (APNs stores and forwards meanwhile); in
/// Low Power Mode; a development or TestFlight build; the bridged app. None set: none costs anything.
public struct FleetConditions: Sendable {
    /// The share of phones offline once they registered, and when they come back (never when nil).
    public var offlineShare = 0.0
    public var reconnectAfter: Duration?
    /// The share of phones in Low Power Mode.
    public var lowPowerShare = 0.0
    /// The shares of phones whose app is a development or TestFlight build; the rest, App Store.
    public var buildShares: [AppBuild: Double] = [:]
    /// The share of phones that run `bridgedApp` with `bridgedSettings` instead of the fleet's app.
    public var bridgedShare = 0.0
    public var bridgedApp: AppBundle?
    public var bridgedSettings: [String: AppSetting.Value] = [:]

    public init() {}

    var isEmpty: Bool { offlineShare == 0 && lowPowerShare == 0 && buildShares.values.allSatisfy { $0 == 0 } && (bridgedShare == 0 || bridgedApp == nil) }

    /// One phone's conditions, as drawn.
    struct Drawn {
        var offline = false
        var lowPower = false
        var build: AppBuild?
        var bridged = false
    }

    /// Draws one phone's conditions from `draws`, always four draws a phone.
    func draw(_ draws: inout CallUUIDGenerator) -> Drawn {
        var drawn = Drawn()
        drawn.offline = draws.nextFraction() < offlineShare
        drawn.lowPower = draws.nextFraction() < lowPowerShare
        var below = 0.0
        let build = draws.nextFraction()
        for candidate in [AppBuild.development, .testflight] {
            below += buildShares[candidate] ?? 0
            if build < below {
                drawn.build = candidate
                break
            }
        }
        drawn.bridged = bridgedApp != nil && draws.nextFraction() < bridgedShare
        return drawn
    }
}
