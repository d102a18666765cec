import AudioToolbox
import CallKit
import UserNotifications

/// The `ring-extension` app's notification-service extension: the "WeChat-style" ring (iOS rule 44).
///
/// For a call push it takes the push's own sound off (it plays the ring itself), posts a local
/// "Incoming call" notification, plays `incoming.wav` through AudioToolbox and buzzes every second
/// — on a `Timer`, or re-armed from each buzz's completion (`RingVariant`). It stops when the App
/// Group flag says the app came to the foreground, when the sound ends, or at
/// `serviceExtensionTimeWillExpire()`, and then delivers the notification with
/// `answerSuffix` after its body. Any other push is delivered as it came.
public final class RingNotificationService: UNNotificationServiceExtension {
    /// What the delivered notification's body ends with.
    public static let answerSuffix = "please open the app to answer"
    /// The completion variant's rest after each buzz: with iOS's 0.4 s buzz, one buzz a second.
    static let vibrationRest: TimeInterval = 0.6

    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttempt: UNMutableNotificationContent?
    private var shared: UserDefaults?
    private var ringSound: SystemSoundID = 0
    private var timer: Timer?
    private var ringingIdentifier: String?

    public override init() { super.init() }

    public override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else { return contentHandler(request.content) }
        bestAttempt = content
        switch RingPush(userInfo: content.userInfo) {
        case .other: return deliver()
        case .invalid(let message):
            NSLog("ring-extension: \(message); delivered as it came")
            return deliver()
        case .call: break
        }
        shared = UserDefaults(suiteName: RingExtensionApp.appGroup)
        if shared?.bool(forKey: RingExtensionSettings.launchApp) == true { return handToTheApp(request) }
        // The extension plays the ring itself: the push's own sound would play it again on delivery.
        content.sound = nil
        shared?.set(false, forKey: RingExtensionApp.foregroundFlag)
        postRingingNotification(for: request)
        startRinging()
    }

    /// `launchApp`: the system launches the app with the call as a VoIP push, and CallKit rings;
    /// the alert itself is suppressed (empty content, which the filtering entitlement allows).
    /// Refused (no entitlement), the extension rings as without the setting.
    private func handToTheApp(_ request: UNNotificationRequest) {
        CXProvider.reportNewIncomingVoIPPushPayload(request.content.userInfo) { [self] error in
            if let error {
                NSLog("ring-extension: reportNewIncomingVoIPPushPayload failed (\(error)); ringing here instead")
                bestAttempt?.sound = nil
                shared?.set(false, forKey: RingExtensionApp.foregroundFlag)
                postRingingNotification(for: request)
                return startRinging()
            }
            bestAttempt = UNMutableNotificationContent()
            deliver()
        }
    }

    public override func serviceExtensionTimeWillExpire() { stop(because: "time-will-expire") }

    /// Shows the call at once, while the remote notification waits for the content handler.
    private func postRingingNotification(for request: UNNotificationRequest) {
        let ringing = UNMutableNotificationContent()
        ringing.title = request.content.title.isEmpty ? "Incoming call" : request.content.title
        ringing.body = "Incoming call"
        ringing.userInfo = request.content.userInfo
        // The setting's level (rule 43): an active one is silenced by Focus, a time-sensitive one is not.
        let level = shared?.string(forKey: RingExtensionSettings.interruptionLevel)
        ringing.interruptionLevel = level.flatMap(UNNotificationInterruptionLevel.init(rawValue:)) ?? .active
        let identifier = "ringing-" + request.identifier
        ringingIdentifier = identifier
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: identifier, content: ringing, trigger: nil))
    }

    private func startRinging() {
        guard let url = Bundle.main.url(forResource: "incoming", withExtension: "wav"),
            AudioServicesCreateSystemSoundID(url as CFURL, &ringSound) == kAudioServicesNoError
        else {
            NSLog("ring-extension: incoming.wav is not in the bundle; delivered without ringing")
            return deliver()
        }
        // C callbacks capture nothing: they find this object through the client data.
        let me = Unmanaged.passUnretained(self).toOpaque()
        AudioServicesAddSystemSoundCompletion(ringSound, nil, nil, { _, data in RingNotificationService.service(data)?.stop(because: "sound-ended") }, me)
        let setting = shared?.string(forKey: RingVariant.key)
        let variant = setting.flatMap(RingVariant.init(rawValue:)) ?? .timer
        if let setting, RingVariant(rawValue: setting) == nil {
            NSLog("ring-extension: ringVariant \"\(setting)\" is neither timer nor completion; using timer")
        }
        switch variant {
        case .timer:
            AudioServicesPlayAlertSound(ringSound)  // the ring, and the first buzz with it
            timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.buzzUnlessAnswered() }
        case .completion:
            AudioServicesPlaySystemSound(ringSound)
            AudioServicesAddSystemSoundCompletion(kSystemSoundID_Vibrate, nil, nil, { _, data in RingNotificationService.service(data)?.buzzEnded() }, me)
            AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
        }
    }

    private static func service(_ data: UnsafeMutableRawPointer?) -> RingNotificationService? {
        data.map { Unmanaged<RingNotificationService>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The timer variant's tick.
    private func buzzUnlessAnswered() {
        if shared?.bool(forKey: RingExtensionApp.foregroundFlag) == true { return stop(because: "app-foreground") }
        AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
    }

    /// The completion variant: a buzz ended; the next one after a rest, unless the app came up.
    private func buzzEnded() {
        if shared?.bool(forKey: RingExtensionApp.foregroundFlag) == true { return stop(because: "app-foreground") }
        timer = Timer.scheduledTimer(withTimeInterval: Self.vibrationRest, repeats: false) { _ in
            AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
        }
    }

    /// Stops ringing and delivers the notification asking the person to open the app.
    private func stop(because reason: String) {
        guard contentHandler != nil, let content = bestAttempt else { return }
        timer?.invalidate()
        AudioServicesRemoveSystemSoundCompletion(kSystemSoundID_Vibrate)
        AudioServicesRemoveSystemSoundCompletion(ringSound)
        AudioServicesDisposeSystemSoundID(ringSound)  // cuts the ring short if it still plays
        if let ringingIdentifier { UNUserNotificationCenter.current().removeDeliveredNotifications(withIdentifiers: [ringingIdentifier]) }
        content.body = content.body.isEmpty ? Self.answerSuffix : content.body + ", " + Self.answerSuffix
        NSLog("ring-extension: stopped ringing (\(reason))")
        deliver()
    }

    /// Hands the content back, once.
    private func deliver() {
        guard let contentHandler, let bestAttempt else { return }
        self.contentHandler = nil
        contentHandler(bestAttempt)
    }
}
