import SoftphoneAPNs
import SoftphoneApps
import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore
import SoftphoneScenario

/// The options of `softphone run`.
struct RunOptions {
    /// The app the phone runs (`--app`; the default one without it).
    var app: AppBundle
    var ringtone: String?
    var ringGapMilliseconds = 0
    /// Whose ringback the phone plays while an outgoing call connects (`--tone-region`).
    var toneRegion = ToneRegion.standard
    /// The ringtone's and the motor buzz's volumes, in percent.
    var ringVolume = 100
    var buzzVolume = 100
    /// A pattern name (built-in, `synchronized`, or from `vibrationsFile`) or steps like "on 300, off 700".
    var vibration: String?
    var vibrationsFile: String?
    var audioDevice = "default"
    var audioOut: String?
    var noAudio = false
    var plain = false
    var headless = false
    var socket: String?
    var dataDirectory: String?
    /// Where the app's server requests are also posted (`--webhook`).
    var webhook: WebhookURL?
    /// What the person set in the Settings app for the app (`--set KEY=VALUE`), by key.
    var settings: [String: AppSetting.Value] = [:]
    /// What the person does without keys (`--auto-answer S`, `--auto-hangup S`).
    var person = Phone.Person()
    /// The app's build (`--build`): App Store unless given.
    var build = AppBuild.appstore
    /// iOS's unpublished numbers, where `--rule NAME=VALUE` changes them.
    var rules = Phone.Rules()
    /// The APNs endpoint (`--apns`), and its credentials.
    var apns: APNsAddress?
    /// The endpoint's second port, for the production environment (`--apns-production`); `--apns`
    /// is then the development environment's.
    var apnsProduction: APNsAddress?
    var apnsCertificate: String?
    var apnsCertificateKey: String?
    var apnsAuthKey: String?
    var apnsTeam: String?
    var apnsKeyID: String?
    /// Seconds a connection to the endpoint may stay without a request before APNs' IdleTimeout.
    var apnsIdleTimeout: Double?
}

/// The options of `softphone run`, read from the words after it.
extension WordReader {
    /// The options of a phone that runs one of `apps`.
    mutating func runOptions(apps: InstalledApps) throws(ControlError) -> RunOptions {
        var options = RunOptions(app: apps.defaultApp)
        var settings: [String] = []
        var backgroundModes: Set<String>?
        while let flag = try nextFlag() {
            switch flag {
            case "--app":
                let id = try value(for: flag)
                guard let app = apps.app(id: id) else {
                    throw ControlError("\(ProgramName.current): unknown app \"\(id)\" for --app; available: \(apps.idList)")
                }
                options.app = app
            case "--ringtone": options.ringtone = try value(for: flag)
            case "--ring-gap":
                let text = try value(for: flag)
                guard let ms = Int(text), (0...Ringtone.maximumGapMilliseconds).contains(ms) else {
                    throw ControlError("\(ProgramName.current): --ring-gap \"\(text)\" must be whole milliseconds from 0 to \(Ringtone.maximumGapMilliseconds), e.g. --ring-gap 1000")
                }
                options.ringGapMilliseconds = ms
            case "--tone-region":
                let text = try value(for: flag)
                guard let region = ToneRegion(flag: text) else {
                    throw ControlError("\(ProgramName.current): --tone-region \"\(text)\" must be one of \(ToneRegion.allCases.map(\.rawValue).joined(separator: ", ")) (North America, Europe (CEPT), UK), e.g. --tone-region cept")
                }
                options.toneRegion = region
            case "--ring-volume", "--buzz-volume":
                let text = try value(for: flag)
                guard let percent = Int(text), (0...100).contains(percent) else {
                    throw ControlError("\(ProgramName.current): \(flag) \"\(text)\" must be a whole percentage from 0 to 100, e.g. \(flag) 50")
                }
                if flag == "--ring-volume" { options.ringVolume = percent } else { options.buzzVolume = percent }
            case "--vibration": options.vibration = try value(for: flag)
            case "--vibrations": options.vibrationsFile = try value(for: flag)
            case "--audio-device": options.audioDevice = try value(for: flag)
            case "--audio-out": options.audioOut = try value(for: flag)
            case "--no-audio": options.noAudio = true
            case "--plain": options.plain = true
            case "--headless": options.headless = true
            case "--socket": options.socket = try value(for: flag)
            case "--data-dir": options.dataDirectory = try value(for: flag)
            case "--webhook":
                let text = try value(for: flag)
                do { options.webhook = try WebhookURL(text) } catch { throw ControlError("\(ProgramName.current): \(error.message)") }
            case "--set": settings.append(try value(for: flag))
            case "--background-modes": backgroundModes = try Self.backgroundModes(try value(for: flag))
            case "--build":
                let text = try value(for: flag)
                guard let build = AppBuild(rawValue: text) else {
                    throw ControlError("\(ProgramName.current): --build \"\(text)\" must be one of \(AppBuild.allCases.map(\.rawValue).joined(separator: ", ")): how the app was built (iOS 26 shows its VoIP warning dialogs to development and TestFlight builds)")
                }
                options.build = build
            case "--rule":
                let pair = try value(for: flag)
                guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                    throw ControlError("\(ProgramName.current): --rule \"\(pair)\" must be NAME=VALUE, e.g. --rule serviceExtensionTimeLimit=20s; the rules are: \(ScenarioRule.names)")
                }
                if let problem = ScenarioRule.set(String(pair[..<eq]), to: String(pair[pair.index(after: eq)...]), in: &options.rules) {
                    throw ControlError("\(ProgramName.current): --rule: \(problem)")
                }
            case "--auto-answer", "--auto-hangup":
                let text = try value(for: flag)
                guard let seconds = Double(text), seconds.isFinite, (0...3600).contains(seconds) else {
                    throw ControlError("\(ProgramName.current): \(flag) \"\(text)\" must be seconds from 0 to 3600, e.g. \(flag) 3 or \(flag) 0.5")
                }
                let delay = Duration.milliseconds(Int64((seconds * 1000).rounded()))
                if flag == "--auto-answer" { options.person.answerAfter = delay } else { options.person.hangUpAfter = delay }
            case "--apns": options.apns = try APNsAddress.parse(try value(for: flag))
            case "--apns-production": options.apnsProduction = try APNsAddress.parse(try value(for: flag), flag: flag)
            case "--apns-cert": options.apnsCertificate = try value(for: flag)
            case "--apns-cert-key": options.apnsCertificateKey = try value(for: flag)
            case "--apns-auth-key": options.apnsAuthKey = try value(for: flag)
            case "--apns-team": options.apnsTeam = try value(for: flag)
            case "--apns-key-id": options.apnsKeyID = try value(for: flag)
            case "--apns-idle-timeout":
                let text = try value(for: flag)
                guard let seconds = Double(text), seconds.isFinite, seconds >= 0.1, seconds <= 86_400 else {
                    throw ControlError("\(ProgramName.current): --apns-idle-timeout \"\(text)\" must be seconds from 0.1 to 86400, e.g. --apns-idle-timeout 60")
                }
                options.apnsIdleTimeout = seconds
            default: throw unknown(flag)
            }
        }
        // After the loop: `--set` and `--background-modes` may come before `--app`, and the app
        // says which settings it has.
        if let backgroundModes { options.app.backgroundModes = backgroundModes }
        for pair in settings { try Self.setting(pair, of: options.app, into: &options.settings) }
        let apnsFlags = [options.apnsProduction.map { "\($0)" }, options.apnsCertificate, options.apnsCertificateKey, options.apnsAuthKey, options.apnsTeam, options.apnsKeyID, options.apnsIdleTimeout.map { "\($0)" }]
        if options.apns == nil, apnsFlags.contains(where: { $0 != nil }) {
            throw ControlError("\(ProgramName.current): --apns-production, --apns-cert, --apns-cert-key, --apns-auth-key, --apns-team, --apns-key-id and --apns-idle-timeout configure the APNs endpoint; add --apns [HOST:]PORT")
        }
        if (options.apnsAuthKey == nil) != (options.apnsTeam == nil) {
            throw ControlError("\(ProgramName.current): --apns-auth-key and --apns-team go together (token auth: the .p8 key and your team id)")
        }
        if options.apnsKeyID != nil && options.apnsAuthKey == nil {
            throw ControlError("\(ProgramName.current): --apns-key-id names the key of --apns-auth-key; give that too")
        }
        if options.plain && options.headless {
            throw ControlError("\(ProgramName.current): --plain and --headless choose different outputs; give one of them")
        }
        return options
    }

    /// The `UIBackgroundModes` values of Info.plist that `--background-modes` takes.
    static let knownBackgroundModes = [
        "audio", "bluetooth-central", "bluetooth-peripheral", "external-accessory", "fetch", "location",
        "nearby-interaction", "processing", "push-to-talk", "remote-notification", "voip",
    ]

    /// Reads `--background-modes voip,audio` (or `none`): the app's `UIBackgroundModes`, in
    /// place of its own, so an app without `voip` can be rehearsed (iOS rules 25, 35).
    private static func backgroundModes(_ text: String) throws(ControlError) -> Set<String> {
        if text == "none" { return [] }
        var modes: Set<String> = []
        for mode in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard knownBackgroundModes.contains(mode) else {
                throw ControlError("\(ProgramName.current): --background-modes: \"\(mode)\" is not a UIBackgroundModes value; use a comma-separated list of \(knownBackgroundModes.joined(separator: ", ")), or none")
            }
            modes.insert(mode)
        }
        return modes
    }

    /// Reads one `--set KEY=VALUE` against the app's Settings.bundle.
    private static func setting(_ pair: String, of app: AppBundle, into settings: inout [String: AppSetting.Value]) throws(ControlError) {
        guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
            throw ControlError("\(ProgramName.current): --set \"\(pair)\" must be KEY=VALUE, e.g. --set ringTimeout=30")
        }
        let key = String(pair[..<eq])
        let keys = app.settings.map(\.key)
        guard let setting = app.settings.first(where: { $0.key == key }) else {
            let known = keys.isEmpty ? "it has no settings" : "its settings: " + keys.joined(separator: ", ")
            throw ControlError("\(ProgramName.current): --set \(pair): the \(app.id) app has no setting \"\(key)\"; \(known)")
        }
        do { settings[key] = try setting.value(from: String(pair[pair.index(after: eq)...])) } catch {
            throw ControlError("\(ProgramName.current): --set \(pair): \(error.message)")
        }
    }
}
