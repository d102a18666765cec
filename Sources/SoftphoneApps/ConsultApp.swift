import CallKit
import PushKit
import Security
import UIKit

/// The built-in `consult` app: a hospital's video consultation rings the phone, written exactly
/// as an iOS app would be.
///
/// The hospital's server sends a VoIP push (`ConsultPush`: `action` "5010", `pushType`, `hospital`,
/// and `data` holding the room and the consultation's `bizNo`). The app reports every push it
/// accepts to CallKit before the handler returns (iOS rules 4, 5) and tells its server what the
/// person did: `join` on answer, `reject` on decline, `noAnswer` when its own ring timer ends the
/// call (iOS has none, rule 28), `busy` when another consultation calls during one, `leave` and
/// `join` again when the same consultation moves to a newer room. Pushes for another app
/// (`action` not "5010") and pushes while logged out are ignored, unreported: iOS kills the app
/// for them, as it would the original. The flow is described in docs/apps.md.
public final class ConsultApp: UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate {
    /// The consultation on the phone: the call the app reported and the newest push for it.
    public struct Consultation: Equatable, Sendable {
        /// The call's UUID as reported to CallKit.
        public let uuid: UUID
        /// The newest push of this consultation: its room is the one the app joins.
        public internal(set) var push: ConsultPush
        /// Whether the person answered (the app joined the room).
        public internal(set) var isConnected = false
    }

    let provider: CXProvider
    let registry = PKPushRegistry(queue: .main)
    let server = AppServer()
    /// The settings as read at launch (the Settings app's changes reach an app at its next launch).
    public let settings = ConsultSettings(UserDefaults.standard)
    /// The consultation ringing or connected, if any: there is at most one.
    public private(set) var consultation: Consultation?
    private var ringTimer: Timer?

    /// Made by the phone at each launch, as `UIApplicationMain` makes an app's delegate.
    public init() {
        provider = CXProvider(configuration: .oneCallAtATime())
    }

    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        ConsultSession.sync(settings)
        provider.setDelegate(self, queue: nil)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        server.onMessage = { [weak self] message in
            // The hospital gave up or hung up (`softphone cancel|hangup`): over the app's own
            // connection, as iOS rule 10 advises, rather than a push.
            guard let self, consultation?.uuid == message.callUUID else { return }
            end(reason: .remoteEnded)
        }
        return true
    }

    /// The person opened the app: a log-in the locked phone refused at launch happens now.
    public func applicationDidBecomeActive(_ application: UIApplication) {
        ConsultSession.sync(settings)
    }

    // MARK: - PushKit

    public func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        server.register(token: pushCredentials.token.hexToken)
    }

    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        defer { completion() }
        let body = payload.json
        // The original app returns at once for a push it does not recognise, or while nobody is
        // logged in — without reporting, so iOS kills it (rules 4, 5). This app does the same,
        // to show what that costs; it tells its server why first.
        guard body["action"]?.stringValue == ConsultPush.action else {
            server.send("push-ignored", ["reason": "action is \(body["action"]?.text ?? "missing"), not \"\(ConsultPush.action)\""])
            return
        }
        let session = ConsultSession.read()
        guard session == errSecSuccess else {
            let why = session == errSecInteractionNotAllowed
                ? "the keychain refused to read the session while the phone is locked (-25308 errSecInteractionNotAllowed, iOS rule 46)"
                : "nobody is logged in (no session in the keychain)"
            server.send("push-ignored", ["reason": "logged out: " + why])
            return
        }
        let push: ConsultPush
        do { push = try ConsultPush(body) } catch {
            // Unusable, but still a VoIP push: report it and end it at once (rules 4, 10).
            server.send("bad-push", ["field": error.field, "error": error.description])
            reportAndEnd(caller: body["hospital"]?.stringValue, reason: .failed)
            return
        }
        switch push.kind {
        case .start: start(push)
        case .end: remoteEnded(push)
        }
    }

    private func start(_ push: ConsultPush) {
        guard let current = consultation else { return ring(push) }
        // Already on a consultation: report the existing call's UUID, as Apple's DTS advises
        // (rule 6). CallKit answers callUUIDAlreadyExists and nothing new rings.
        reportAgain(current, as: update(caller: push.hospital, bizNo: push.bizNo))
        if push.bizNo != current.push.bizNo {
            tell("busy", push)
        } else if push.topicTime <= current.push.topicTime {
            server.send("push-ignored", ["reason": "topicTime \(push.topicTime) is not newer than \(current.push.topicTime)", "bizNo": push.bizNo])
        } else {
            // The same consultation moved to a newer room: keep its fields; if in it, move over.
            consultation?.push = push
            if current.isConnected {
                tell("leave", current.push)
                tell("join", push)
            }
        }
    }

    /// Reports a new consultation and arms the ring timer once CallKit accepts it.
    private func ring(_ push: ConsultPush) {
        let uuid = UUID()
        consultation = Consultation(uuid: uuid, push: push)
        provider.reportNewIncomingCall(with: uuid, update: update(caller: push.hospital, bizNo: push.bizNo)) { [weak self] error in
            guard let self, consultation?.uuid == uuid else { return }
            if let error {
                consultation = nil
                server.send("refused", ["bizNo": push.bizNo, "error": "\(error)"])
                return
            }
            ringTimer = Timer.scheduledTimer(withTimeInterval: settings.ringTimeout, repeats: false) { [weak self] _ in
                guard let self, let consultation, consultation.uuid == uuid else { return }
                tell("noAnswer", consultation.push)
                end(reason: .unanswered)
            }
        }
    }

    /// The remote side's end push. Apple advises against ending calls by push (rule 10), but
    /// the hospital's server does it, so the app reports the push like any other.
    private func remoteEnded(_ push: ConsultPush) {
        guard let current = consultation else { return reportAndEnd(caller: push.hospital.isEmpty ? nil : push.hospital, reason: .remoteEnded) }
        reportAgain(current, as: update(caller: push.hospital.isEmpty ? current.push.hospital : push.hospital, bizNo: push.bizNo))
        guard push.bizNo == current.push.bizNo else {
            server.send("push-ignored", ["reason": "end of consultation \(push.bizNo), not the one on the phone", "bizNo": push.bizNo])
            return
        }
        end(reason: .remoteEnded)
    }

    /// Satisfies the report rule for a push that brings no call: a call reported and ended at
    /// once, which the person sees flash by (iOS rules 4, 10).
    private func reportAndEnd(caller: String?, reason: CXCallEndedReason) {
        if let current = consultation { return reportAgain(current, as: update(caller: caller ?? ConsultApp.unknownCaller, bizNo: nil)) }
        let uuid = UUID()
        provider.reportNewIncomingCall(with: uuid, update: update(caller: caller ?? ConsultApp.unknownCaller, bizNo: nil)) { _ in }
        provider.reportCall(with: uuid, endedAt: nil, reason: reason)
    }

    /// Reports the push that brought no new call under the UUID of the consultation on the phone,
    /// with the push's own caller and consultation number: CallKit refuses it, and its refusal
    /// says who called, not who is already on the line.
    private func reportAgain(_ current: Consultation, as update: CXCallUpdate) {
        provider.reportNewIncomingCall(with: current.uuid, update: update) { _ in }
    }

    /// The call as the system shows it: the hospital's name, and the consultation's number as
    /// the handle when the push says which consultation it is.
    private func update(caller: String, bizNo: String?) -> CXCallUpdate {
        let update = CXCallUpdate()
        if let bizNo { update.remoteHandle = CXHandle(type: .generic, value: bizNo) }
        update.localizedCallerName = caller
        update.hasVideo = true
        return update
    }

    /// The name shown for a push too broken to say who sent it.
    static let unknownCaller = "Consultation"

    // MARK: - CallKit

    public func providerDidReset(_ provider: CXProvider) { forget() }

    public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        guard let current = consultation, current.uuid == action.callUUID else { return action.fail() }
        stopRingTimer()
        consultation?.isConnected = true
        tell("join", current.push)
        action.fulfill()
    }

    public func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        // Decline and hang-up both arrive here (rule 32); the server hears which it was.
        if let current = consultation, current.uuid == action.callUUID {
            tell(current.isConnected ? "leave" : "reject", current.push)
            forget()
        }
        action.fulfill()
    }

    public func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) { action.fulfill() }

    // MARK: - The consultation's end

    /// Ends the consultation without the person: the app's ring timer, or the remote side (rule 26).
    private func end(reason: CXCallEndedReason) {
        guard let current = consultation else { return }
        forget()
        provider.reportCall(with: current.uuid, endedAt: nil, reason: reason)
    }

    private func forget() {
        stopRingTimer()
        consultation = nil
    }

    private func stopRingTimer() {
        ringTimer?.invalidate()
        ringTimer = nil
    }

    /// Tells the server about a consultation: its number, session, room and the room's time.
    /// The room's password and token stay in the app.
    private func tell(_ name: String, _ push: ConsultPush) {
        server.send(name, ["bizNo": push.bizNo, "sessionId": push.sessionId, "topic": push.topic, "topicTime": String(push.topicTime)])
    }
}
