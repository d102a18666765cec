/// The conditions panel (`!`): the device's and the app's conditions under which calls fail in
/// the field, each with its value, over the screen it was opened on. Its keys set them, as the
/// `network`, `power`, `dnd`, `ringer` and `app` requests do.
public struct ConditionsPanel: Equatable, Hashable, Sendable {
    /// Wi-Fi, cellular or offline.
    public var network: NetworkState
    /// How long a push takes from APNs to the phone, in whole milliseconds.
    public var latencyMilliseconds: Int64
    /// Low Power Mode.
    public var power: PowerMode
    /// Do Not Disturb.
    public var doNotDisturb: Bool
    /// The ring/silent switch.
    public var ringer: RingerSwitch
    /// The app's build.
    public var build: AppBuild
    /// The app's rung on the penalty ladder (iOS rules 4–7).
    public var voipDelivery: VoIPDelivery
    /// Pushes APNs holds for the device (offline, or held back in Low Power Mode).
    public var apnsHeld: Int
    /// The cellular call, if there is one (`softphone cellular`).
    public var cellular: CellularCall?
    /// Where call audio goes (`softphone route`).
    public var route: AudioRoute
    /// The call audio session's fault (`softphone fault audio-session`).
    public var audioFault: AudioFault

    /// Makes a panel; the defaults are a healthy device's.
    public init(
        network: NetworkState = .wifi, latencyMilliseconds: Int64 = 0, power: PowerMode = .normal, doNotDisturb: Bool = false,
        ringer: RingerSwitch = .ring, build: AppBuild = .appstore, voipDelivery: VoIPDelivery = .on, apnsHeld: Int = 0,
        cellular: CellularCall? = nil, route: AudioRoute = .receiver, audioFault: AudioFault = .none
    ) {
        self.cellular = cellular
        self.route = route
        self.audioFault = audioFault
        self.network = network
        self.latencyMilliseconds = latencyMilliseconds
        self.power = power
        self.doNotDisturb = doNotDisturb
        self.ringer = ringer
        self.build = build
        self.voipDelivery = voipDelivery
        self.apnsHeld = apnsHeld
    }

    /// One line of the panel: the condition, its value, and whether it is not a healthy device's.
    public struct Row: Equatable, Hashable, Sendable {
        public var name: String
        public var value: String
        public var isSet: Bool

        public init(name: String, value: String, isSet: Bool) {
            self.name = name
            self.value = value
            self.isSet = isSet
        }
    }

    /// The panel's lines, in the order it shows them; values as `softphone state` words them.
    public var rows: [Row] {
        [
            Row(name: "network", value: network.rawValue + (latencyMilliseconds > 0 ? ", latency \(latencyMilliseconds) ms" : ""),
                isSet: network != .wifi || latencyMilliseconds > 0),
            Row(name: "power", value: power == .low ? "Low Power Mode" : "normal", isSet: power == .low),
            Row(name: "focus", value: doNotDisturb ? "on (Do Not Disturb)" : "off", isSet: doNotDisturb),
            Row(name: "ring/silent switch", value: ringer.rawValue, isSet: ringer != .ring),
            Row(name: "build", value: "\(build.rawValue), \(build.apnsEnvironment.rawValue) tokens", isSet: build != .appstore),
            Row(name: "VoIP delivery", value: voipDelivery.rawValue, isSet: voipDelivery != .on),
            Row(name: "APNs holds", value: apnsHeld == 1 ? "1 push" : "\(apnsHeld) pushes", isSet: apnsHeld > 0),
            Row(name: "audio route", value: route.rawValue, isSet: route != .receiver),
            Row(name: "audio fault", value: audioFault.rawValue, isSet: audioFault != .none),
            Row(name: "cellular call", value: cellular.map { "\($0.from), \($0.state.rawValue)" } ?? "none", isSet: cellular != nil),
        ]
    }
}
