import AVFoundation
import CallKit
import Intents
import PushKit
import UIKit
// Softphone's own: a push body as parsed JSON, beside Apple's dictionaryPayload.
import SoftphoneCore

/// The built-in `voip` app: plain PushKit + CallKit, written exactly as an iOS app would be.
///
/// A VoIP push `{"caller": "Alice", "handle": "+15551234", "video": false}` (optionally with a
/// `uuid`) is reported to CallKit before the handler returns (iOS rule 4); the app arms its own
/// 60-second ring timer, since iOS has none (rule 28), and ends the call as unanswered when it
/// fires. The remote side's hang-up arrives over the app's server connection (rule 10).
///
/// A push with `end` (`answered-elsewhere`, `declined-elsewhere` or `remote`) ends a call instead
/// of starting one: the call `uuid` names, else every call still ringing. It is what a backend
/// sends a person's other devices once one of them answered or declined; it is reported like any
/// VoIP push (rule 4), by reporting the ringing call's UUID again, or, with no call to end, a call
/// that ends at once.
///
/// Settings (standard `UserDefaults`): `tokenFormat` — `hex` (default) sends the server the token
/// as 64 lowercase hex digits; `description` reproduces the pre-iOS 13 habit of stripping `<`, `>`
/// and spaces from `Data.description`, which since iOS 13 gives the server a broken token (rule 2);
/// `callGroups` — 1 (default) takes one call at a time, 2 lets a second call hold the first
/// (Hold & Accept on the call-waiting screen, rule 38); `audioWatchdog` — 0 (default) waits for
/// CallKit's `didActivate` as long as it takes, N gives up on a call after N seconds without it
/// (`softphone fault audio-session never-activates`): it logs why and ends the call as failed.
///
/// It tells its server where call audio goes at each `AVAudioSession.routeChangeNotification`,
/// and, at each `mediaServicesWereResetNotification`, that its audio must be rebuilt, with the
/// category the reset left.
public final class VoIPApp: UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate, InAppCallControls {
    /// How long a call rings before the app gives up on it.
    public static let ringTimeout: TimeInterval = 60
    /// The `UserDefaults` key of the token format setting.
    public static let tokenFormatKey = "tokenFormat"
    /// The `UserDefaults` key of the call groups setting (`CXProviderConfiguration.maximumCallGroups`).
    public static let callGroupsKey = "callGroups"
    /// The `UserDefaults` key of the audio watchdog's seconds (0: off).
    public static let audioWatchdogKey = "audioWatchdog"
    /// The settings as the Settings app lists them; `softphone run --set KEY=VALUE` sets them.
    public static let settings = [
        AppSetting(
            key: tokenFormatKey, kind: .choice(["hex", "description"]), defaultValue: .string("hex"),
            title: "how the token is sent to the server; description: the pre-iOS 13 <> stripping bug (rule 2)"),
        AppSetting(
            key: callGroupsKey, kind: .number(1...2), defaultValue: .int(1),
            title: "calls CallKit may keep at once; 2: a second call can Hold & Accept the first (rule 38)"),
        AppSetting(
            key: audioWatchdogKey, kind: .number(0...60), defaultValue: .int(0),
            title: "seconds to wait for didActivate before ending the call as failed; 0: wait (rule 34)"),
    ]

    let provider: CXProvider
    let registry = PKPushRegistry(queue: .main)
    let controller = CXCallController()
    let server = AppServer()
    private var ringTimers: [UUID: Timer] = [:]
    /// Calls answered or started whose audio CallKit has not yet activated, each with its watchdog.
    private var audioWatchdogs: [UUID: Timer] = [:]
    /// The VoIP token as the app sends it to its server: 64 lower-case hex digits (rule 2).
    public private(set) var token = ""

    public init() {
        let configuration = CXProviderConfiguration.oneCallAtATime()
        configuration.maximumCallGroups = max(1, UserDefaults.standard.integer(forKey: Self.callGroupsKey))
        provider = CXProvider(configuration: configuration)
    }

    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        provider.setDelegate(self, queue: nil)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        server.onMessage = { [weak self] message in
            // The caller gave up or hung up: end the call as the remote side's doing.
            self?.stopRingTimer(message.callUUID)
            self?.provider.reportCall(with: message.callUUID, endedAt: nil, reason: .remoteEnded)
        }
        _ = NotificationCenter.default.addObserver(forName: AVAudioSession.routeChangeNotification, object: nil, queue: nil) { [weak self] notification in
            let reason = notification.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt
            let port = AVAudioSession.sharedInstance().currentRoute.outputs.first?.portType.rawValue ?? "none"
            self?.server.send("audio-route", ["port": port, "reason": reason.map { String($0) } ?? "?"])
        }
        _ = NotificationCenter.default.addObserver(forName: AVAudioSession.mediaServicesWereResetNotification, object: nil, queue: nil) { [weak self] _ in
            self?.server.send("media-reset", ["category": AVAudioSession.sharedInstance().category.rawValue])
        }
        return true
    }

    // MARK: - PushKit

    public func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        if UserDefaults.standard.string(forKey: Self.tokenFormatKey) == "description" {
            // The classic mistake, kept to show what a server would receive (the phone flags it, rule 2).
            token = pushCredentials.token.description.filter { !"<> ".contains($0) }
        } else {
            token = pushCredentials.token.hexToken
        }
        server.register(token: token)
    }

    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        // `json` is Softphone's typed view of `dictionaryPayload`: the same body without casts
        // from `Any` (which cost the phone memory and time); iOS code reads `dictionaryPayload`.
        let body = payload.json
        if let end = body["end"] {
            endingPush(body, end: end)
            return completion()
        }
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: body["handle"]?.stringValue ?? "")
        update.localizedCallerName = body["caller"]?.stringValue
        update.hasVideo = body["video"]?.boolValue ?? false
        update.supportsDTMF = true
        // Holding is what a second call group is for: Hold & Accept needs both (rule 38).
        update.supportsHolding = provider.configuration.maximumCallGroups > 1
        let uuid = body["uuid"]?.stringValue.flatMap(UUID.init(uuidString:)) ?? UUID()
        // Report first, before anything else (iOS rule 4); connect to the server in parallel (rule 10).
        provider.reportNewIncomingCall(with: uuid, update: update) { [weak self] error in
            guard let self else { return }
            if let error {
                server.send("refused", ["uuid": uuid.uuidString, "error": "\(error)"])
                return
            }
            ringTimers[uuid] = Timer.scheduledTimer(withTimeInterval: Self.ringTimeout, repeats: false) { [weak self] _ in
                self?.ringTimers[uuid] = nil
                self?.provider.reportCall(with: uuid, endedAt: nil, reason: .unanswered)
            }
        }
        // A field of the wrong type is named to the server; the call was still reported with what
        // could be read, since every VoIP push must be (iOS rule 4).
        if let (field, expected) = Self.firstProblem(in: body) {
            server.send("bad-push", ["field": field, "expected": expected])
        }
        completion()
    }

    /// The values `end` takes, and how CallKit is told each call ended.
    static let endReasons: [(name: String, reason: CXCallEndedReason)] = [
        ("answered-elsewhere", .answeredElsewhere), ("declined-elsewhere", .declinedElsewhere), ("remote", .remoteEnded),
    ]

    /// An ending push: the call it names, or every call still ringing, ends with its reason.
    private func endingPush(_ body: JSON, end: JSON) {
        guard let reason = Self.endReasons.first(where: { $0.name == end.stringValue })?.reason else {
            server.send("bad-push", ["field": "end", "expected": Self.endReasons.map(\.name).joined(separator: ", ")])
            return reportAndEnd(reason: .failed)
        }
        let named = body["uuid"]?.stringValue.flatMap(UUID.init(uuidString:))
        // Sorted, so that a seeded run ends its calls in the same order every time.
        let calls = named.map { [$0] } ?? ringTimers.keys.sorted { $0.uuidString < $1.uuidString }
        guard let first = calls.first else { return reportAndEnd(reason: reason) }
        // Reporting the call's own UUID again satisfies rule 4: CallKit answers
        // callUUIDAlreadyExists and nothing new rings.
        provider.reportNewIncomingCall(with: first, update: CXCallUpdate()) { _ in }
        for uuid in calls {
            stopRingTimer(uuid)
            provider.reportCall(with: uuid, endedAt: nil, reason: reason)
        }
    }

    /// A push that brings no call to end is reported all the same (rule 4): a call that ends at once.
    private func reportAndEnd(reason: CXCallEndedReason) {
        let uuid = UUID()
        provider.reportNewIncomingCall(with: uuid, update: CXCallUpdate()) { [weak self] error in
            if error == nil { self?.provider.reportCall(with: uuid, endedAt: nil, reason: reason) }
        }
    }

    // MARK: - CallKit

    public func providerDidReset(_ provider: CXProvider) {
        for timer in ringTimers.values { timer.invalidate() }
        ringTimers.removeAll()
        for timer in audioWatchdogs.values { timer.invalidate() }
        audioWatchdogs.removeAll()
    }

    /// Call audio starts here, and only here (rule 34): the watchdogs stand down.
    public func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        for timer in audioWatchdogs.values { timer.invalidate() }
        audioWatchdogs.removeAll()
    }

    public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        stopRingTimer(action.callUUID)
        server.send("answer", ["uuid": action.callUUID.uuidString])
        action.fulfill()
        watchAudio(of: action.callUUID)
    }

    public func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        stopRingTimer(action.callUUID)
        audioWatchdogs.removeValue(forKey: action.callUUID)?.invalidate()
        server.send("end", ["uuid": action.callUUID.uuidString])
        action.fulfill()
    }

    public func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        server.send("dial", ["uuid": action.callUUID.uuidString, "handle": action.handle.value])
        action.fulfill()
        watchAudio(of: action.callUUID)
        provider.reportOutgoingCall(with: action.callUUID, startedConnectingAt: nil)
        // The simulated callee picks up two seconds later.
        let uuid = action.callUUID
        _ = Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { [weak self] _ in
            self?.provider.reportOutgoingCall(with: uuid, connectedAt: nil)
        }
    }

    public func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) { action.fulfill() }
    public func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) { action.fulfill() }

    public func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {
        server.send("dtmf", ["uuid": action.callUUID.uuidString, "digits": action.digits])
        action.fulfill()
    }

    // MARK: - Recents (iOS rule 48)

    public func application(
        _ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        guard userActivity.activityType == "INStartCallIntent",
            let value = (userActivity.interaction?.intent as? INStartCallIntent)?.contacts?.first?.personHandle?.value
        else { return false }
        let start = CXStartCallAction(call: UUID(), handle: CXHandle(type: .generic, value: value))
        start.isVideo = (userActivity.interaction?.intent as? INStartCallIntent)?.callCapability == .videoCall
        controller.request(CXTransaction(action: start)) { [weak self] error in
            if let error { self?.server.send("dial-failed", ["error": "\(error)"]) }
        }
        return true
    }

    // MARK: - The app's own in-call screen

    /// The hang-up button of the app's own screen: the call is ended through CallKit, with the
    /// UUID CallKit knows it by, so the system's call UI and the app agree (iOS rule 35).
    public func hangUpButtonTapped() {
        let calls = controller.callObserver.calls.filter { !$0.hasEnded }
        // The call on screen: the connected one not on hold, else whichever there is.
        guard let call = calls.first(where: { $0.hasConnected && !$0.isOnHold }) ?? calls.first else { return }
        controller.request(CXTransaction(action: CXEndCallAction(call: call.uuid))) { [weak self] error in
            if let error { self?.server.send("end-failed", ["uuid": call.uuid.uuidString, "error": "\(error)"]) }
        }
    }

    /// The first field of a push body that is present with the wrong type, and what it should be.
    static func firstProblem(in body: JSON) -> (field: String, expected: String)? {
        for field in ["caller", "handle"] where body[field] != nil && body[field]?.stringValue == nil {
            return (field, "a string")
        }
        if let video = body["video"], video.boolValue == nil { return ("video", "true or false") }
        if let uuid = body["uuid"], uuid.stringValue.flatMap(UUID.init(uuidString:)) == nil {
            return ("uuid", "a UUID string such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        }
        return nil
    }

    /// With the watchdog set, a call whose audio CallKit does not activate in time is given up:
    /// the log says why, and CallKit hears the call failed, rather than the person talking to silence.
    private func watchAudio(of uuid: UUID) {
        let seconds = UserDefaults.standard.integer(forKey: Self.audioWatchdogKey)
        guard seconds > 0 else { return }
        audioWatchdogs[uuid] = Timer.scheduledTimer(withTimeInterval: TimeInterval(seconds), repeats: false) { [weak self] _ in
            guard let self, self.audioWatchdogs.removeValue(forKey: uuid) != nil else { return }
            NSLog("no call audio: CallKit did not activate the audio session within \(seconds) s; ending the call")
            self.server.send("audio-failed", ["uuid": uuid.uuidString])
            self.provider.reportCall(with: uuid, endedAt: nil, reason: .failed)
        }
    }

    private func stopRingTimer(_ uuid: UUID) {
        ringTimers.removeValue(forKey: uuid)?.invalidate()
    }
}
