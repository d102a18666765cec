// The app the framework tests run: call code as an iOS app writes it, which records every call
// the frameworks make into it, in order, and keeps what they hand it, so a test can check both.
import AVFoundation
import CallKit
import Intents
import PushKit
import UIKit

enum ProbeApp {
    /// Its Info.plist: VoIP and audio background modes, CallKit, and one sound in its bundle.
    static let bundle = AppBundle.iOSApp(
        id: "probe", displayName: "Probe", bundleIdentifier: "com.example.probe", sounds: ["chime.caf": .seconds(2)],
        delegate: { ProbeAppDelegate() },
        callPush: { caller in ["aps": [String: Any](), "caller": caller.name, "handle": caller.handle] })
}

final class ProbeAppDelegate: UIResponder, UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate {
    var window: UIWindow?
    /// Every callback, in order: "didFinishLaunching", "perform answer", ….
    private(set) var log: [String] = []
    /// What launch options the app was launched with (iOS: nil for an ordinary launch).
    private(set) var launchOptionsWereNil: Bool?
    private(set) var provider: CXProvider!
    private(set) var registry: PKPushRegistry!
    let callController = CXCallController()

    /// What the app does with each action it is asked to perform; nil: fulfil it at once.
    var onAction: ((CXAction) -> Void)?
    /// Whether `provider(_:execute:)` takes the whole transaction (then no `perform` is called).
    var executesTransactions = false
    /// What the app hands back through `application(_:continue:restorationHandler:)`'s handler.
    var restoring: [UIUserActivityRestoring] = []

    // What the frameworks handed the app, in order.
    private(set) var performed: [CXAction] = []
    private(set) var executed: [CXTransaction] = []
    private(set) var timedOut: [CXAction] = []
    private(set) var activatedSessions: [AVAudioSession] = []
    private(set) var credentials: [PKPushCredentials] = []
    private(set) var payloads: [PKPushPayload] = []
    private(set) var registriesCalledWith: [PKPushRegistry] = []
    private(set) var providersCalledWith: [CXProvider] = []
    private(set) var activities: [NSUserActivity] = []
    private(set) var deviceTokens: [Data] = []
    /// The errors `reportNewIncomingCall` completed with for pushes (nil: the call rings).
    private(set) var pushReportErrors: [Error?] = []

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        launchOptionsWereNil = launchOptions == nil
        log.append("didFinishLaunching")
        window = UIWindow()
        let configuration = CXProviderConfiguration()
        configuration.supportedHandleTypes = [.generic, .phoneNumber]
        configuration.supportsVideo = true
        provider = CXProvider(configuration: configuration)
        provider.setDelegate(self, queue: nil)
        registry = PKPushRegistry(queue: DispatchQueue.main)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) { log.append("didBecomeActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { log.append("didEnterBackground") }

    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        log.append("continue \(userActivity.activityType)")
        activities.append(userActivity)
        restorationHandler(restoring)
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        log.append("didRegisterForRemoteNotifications")
        deviceTokens.append(deviceToken)
    }

    // MARK: PKPushRegistryDelegate

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        log.append("didUpdate \(type.rawValue)")
        registriesCalledWith.append(registry)
        credentials.append(pushCredentials)
    }

    /// Reports every push as a call at once, as iOS requires.
    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
        log.append("didReceiveIncomingPush \(type.rawValue)")
        registriesCalledWith.append(registry)
        payloads.append(payload)
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: payload.dictionaryPayload["handle"] as? String ?? "")
        update.localizedCallerName = payload.dictionaryPayload["caller"] as? String
        provider.reportNewIncomingCall(with: UUID(), update: update) { error in self.pushReportErrors.append(error) }
        completion()
    }

    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
        log.append("didInvalidatePushToken \(type.rawValue)")
    }

    // MARK: CXProviderDelegate

    func providerDidBegin(_ provider: CXProvider) {
        providersCalledWith.append(provider)
        log.append("providerDidBegin")
    }

    func providerDidReset(_ provider: CXProvider) {
        providersCalledWith.append(provider)
        log.append("providerDidReset")
    }

    func provider(_ provider: CXProvider, execute transaction: CXTransaction) -> Bool {
        guard executesTransactions else { return false }
        log.append("execute \(transaction.actions.count)")
        executed.append(transaction)
        return true
    }

    private func perform(_ name: String, _ action: CXAction, in provider: CXProvider) {
        providersCalledWith.append(provider)
        log.append("perform \(name)")
        performed.append(action)
        if let onAction { onAction(action) } else { action.fulfill() }
    }

    func provider(_ provider: CXProvider, perform action: CXStartCallAction) { perform("start", action, in: provider) }
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) { perform("answer", action, in: provider) }
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) { perform("end", action, in: provider) }
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) { perform("held \(action.isOnHold)", action, in: provider) }
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) { perform("muted \(action.isMuted)", action, in: provider) }
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) { perform("group", action, in: provider) }
    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) { perform("dtmf \(action.digits)", action, in: provider) }
    func provider(_ provider: CXProvider, perform action: CXSetTranslatingCallAction) { perform("translating \(action.isTranslating)", action, in: provider) }

    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        log.append("timedOut")
        timedOut.append(action)
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        log.append("didActivate")
        activatedSessions.append(audioSession)
    }

    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        log.append("didDeactivate")
    }

    // MARK: What the tests ask of the app

    /// Reports a call from `name` at `handle` (holdable unless `holding` is false), as a push handler does; the completion's error comes to `completion`.
    func reportIncomingCall(_ uuid: UUID, from name: String, handle: String = "+15551234", video: Bool = false, holding: Bool = true, completion: @escaping (Error?) -> Void = { _ in }) {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: handle)
        update.localizedCallerName = name
        update.hasVideo = video
        update.supportsHolding = holding
        update.supportsDTMF = true
        provider.reportNewIncomingCall(with: uuid, update: update, completion: completion)
    }

    /// Asks the system for `actions` as one transaction; the completion's error comes to `completion`.
    func request(_ actions: [CXAction], completion: @escaping (Error?) -> Void = { _ in }) {
        callController.request(CXTransaction(actions: actions), completion: completion)
    }
}
