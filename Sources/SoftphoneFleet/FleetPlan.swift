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
    /// The user id of each user, as the backend knows it; missing ones are `user-N` (from 1).
    public var users: [String]
    /// How many phones each user has (phones 1 to N are user 1's, …): the backend calls them all,
    /// the person picks up one of them, and the backend must end the others.
    public var devicesPerUser: Int
    /// The field's conditions, each on a share of phones.
    public var conditions: FleetConditions

    public init(
        phones: Int, app: AppBundle, settings: [String: AppSetting.Value] = [:], person: Phone.Person = Phone.Person(),
        lockedShare: Double = 1, doNotDisturbShare: Double = 0, killedShare: Double = 0, seed: UInt64 = 1, users: [String] = [],
        devicesPerUser: Int = 1, conditions: FleetConditions = FleetConditions()
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
        self.devicesPerUser = devicesPerUser
        self.conditions = conditions
    }

    /// Phone `index`'s seed: the plan's and the index, mixed (neighbouring plan seeds share none).
    public func seed(of index: Int) -> UInt64 {
        var mixer = CallUUIDGenerator(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return mixer.next64()
    }

    /// How many users the phones belong to (the last may have fewer devices than the others).
    public var userCount: Int { Self.userCount(phones: phones, devicesPerUser: devicesPerUser) }
    public static func userCount(phones: Int, devicesPerUser: Int) -> Int { (phones + devicesPerUser - 1) / devicesPerUser }

    /// The number users see for phone `index` (from 0): phones are numbered from 1, as their users
    /// are (`user-1` has phone 1), in the summary, the webhook and a replay's script alike.
    public static func number(ofPhone index: Int) -> Int { index + 1 }

    /// The user (from 0) phone `index` belongs to.
    public func userIndex(of index: Int) -> Int { index / devicesPerUser }

    /// The user id of phone `index`.
    public func user(of index: Int) -> String { userName(userIndex(of: index)) }

    /// The id of user `user` (from 0).
    public func userName(_ user: Int) -> String { user < users.count ? users[user] : "user-\(user + 1)" }

    /// The phones of user `user` (from 0).
    public func devices(ofUser user: Int) -> Range<Int> { (user * devicesPerUser)..<min(phones, (user + 1) * devicesPerUser) }
}
