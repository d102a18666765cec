/// The device around the app: the lock, Do Not Disturb and the block list, the ring/silent
/// switch, and what the device keeps for the app — keychain items (which outlive the app) and
/// its preferences (which go when it is deleted).
struct DeviceState {
    /// Locked, unlocked, or locked since reboot.
    var lock: LockState
    /// Do Not Disturb.
    var doNotDisturb = DoNotDisturb()
    /// Handles whose calls are refused.
    var blockList: Set<String> = []
    /// The ring/silent switch.
    var ringerSwitch = RingerSwitch.ring
    /// Settings › Phone › Incoming Calls: how a call shows on the unlocked phone; Banner is iOS's
    /// default since iOS 14 (iOS rule 37).
    var incomingCalls = IncomingPresentation.banner
    /// Keychain items, by "service/account" (iOS rule 46).
    var keychain: [String: KeychainItem] = [:]
    /// The app's `UserDefaults` suites, by suite name ("" is the standard one), each by key (iOS rule 47).
    var defaults: [String: [String: DefaultsValue]] = [:]
    /// The processes (app launches, extensions) that used their preferences before the first
    /// unlock: they see them empty until they end (iOS rule 47).
    var emptyDefaultsProcesses: Set<Int> = []
    /// The sound files written into `Library/Sounds` folders, by container ("" the app's, an App
    /// Group's identifier, "extension" an extension's own), each file's length by name (iOS rule 42).
    var librarySounds: [String: [String: Duration]] = [:]
    /// Wi-Fi, cellular or offline; and the kind it goes back to when it comes online.
    var network = NetworkState.wifi
    var lastOnline = NetworkState.wifi
    /// How long a push takes from APNs to the phone (`softphone network … --latency MS`).
    var latency = Duration.zero
    /// Low Power Mode.
    var power = PowerMode.normal
    /// Where call audio goes, and where it went before the loudspeaker was switched on.
    var route = AudioRoute.receiver
    var routeBeforeSpeaker = AudioRoute.receiver
    /// The accessory connected (a Bluetooth headset, CarPlay, a wired headset): it stays while the
    /// loudspeaker or the phone's microphone is chosen, and goes when the route leaves it as
    /// unavailable.
    var accessory: AudioRoute?
    /// Whether another audio session interrupted the app's and plays (`softphone interrupt`).
    var otherAudioPlaying = false
    /// A fault of the call audio session (`softphone fault audio-session`).
    var audioFault = AudioFault.none

    /// A device in `lock` state, the app's standard defaults holding what the person set in the
    /// Settings app (`Phone.Configuration.settings`).
    init(lock: LockState, settings: [String: AppSetting.Value]) {
        self.lock = lock
        if !settings.isEmpty { defaults[""] = settings.mapValues(DefaultsValue.init) }
    }
}

extension Phone {
    /// Locked, unlocked, or locked since reboot.
    public var lock: LockState { device.lock }
    /// Do Not Disturb.
    public var doNotDisturb: DoNotDisturb { device.doNotDisturb }
    /// Handles whose calls are refused.
    public var blockList: Set<String> { device.blockList }
    /// The ring/silent switch.
    public var ringerSwitch: RingerSwitch { device.ringerSwitch }
    /// How incoming calls show on the unlocked phone (Settings › Phone › Incoming Calls).
    public var incomingCalls: IncomingPresentation { device.incomingCalls }
    /// Wi-Fi, cellular or offline.
    public var network: NetworkState { device.network }
    /// How long a push takes from APNs to the phone.
    public var networkLatency: Duration { device.latency }
    /// Low Power Mode.
    public var power: PowerMode { device.power }
    /// Where call audio goes.
    public var audioRoute: AudioRoute { device.route }
    /// The call audio session's fault, if one is set.
    public var audioFault: AudioFault { device.audioFault }
}
