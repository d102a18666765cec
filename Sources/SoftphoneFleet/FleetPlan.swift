import SoftphoneCore

/// What a fleet is: how many phones, the app they run, the person holding each, and the shares of
/// phones locked, in Do Not Disturb and with the app killed. Each phone's seed comes from the
/// plan's and its index, so a run with the same plan repeats exactly, and fleets with different
/// seeds have different tokens (several fleets behind one HAProxy).
public struct FleetPlan: Sendable {
    public var phones: Int
    public var app: AppBundle
    /// What the person set in the app's Settings, on every phone.
    public var settings: [String: AppSetting.Value]
    /// What the person holding each phone does with a call.
    public var person: Phone.Person
    /// The share (0…1) of phones locked; the rest are unlocked.
    public var lockedShare: Double
    /// The share of phones in Do Not Disturb (iOS refuses their calls, rule 23).
    public var doNotDisturbShare: Double
    /// The share of phones whose app was killed after it registered: a VoIP push launches it again.
    public var killedShare: Double
    public var seed: UInt64
    /// The user id of each phone, as the backend knows it; missing ones are `user-N` (from 1).
    public var users: [String]

    public init(
        phones: Int, app: AppBundle, settings: [String: AppSetting.Value] = [:], person: Phone.Person = Phone.Person(),
        lockedShare: Double = 1, doNotDisturbShare: Double = 0, killedShare: Double = 0, seed: UInt64 = 1, users: [String] = []
    ) {
        self.phones = phones
        self.app = app
        self.settings = settings
        self.person = person
        self.lockedShare = lockedShare
        self.doNotDisturbShare = doNotDisturbShare
        self.killedShare = killedShare
        self.seed = seed
        self.users = users
    }

    /// Phone `index`'s seed: the plan's and the index, mixed (neighbouring plan seeds share none).
    public func seed(of index: Int) -> UInt64 {
        var mixer = CallUUIDGenerator(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return mixer.next64()
    }

    /// The user of phone `index`.
    public func user(of index: Int) -> String { index < users.count ? users[index] : "user-\(index + 1)" }
}
