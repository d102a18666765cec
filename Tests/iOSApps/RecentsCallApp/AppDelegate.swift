import CallKit
import Intents
import PushKit
import UIKit

// Written before scenes and before @main: the app delegate is the entry point through
// @UIApplicationMain, as in Xcode's templates of the time.
@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate, PKPushRegistryDelegate {
    var window: UIWindow?
    let callManager = CallManager()
    var providerDelegate: ProviderDelegate?
    var voipRegistry: PKPushRegistry?

    class var shared: AppDelegate {
        return UIApplication.shared.delegate as! AppDelegate
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        providerDelegate = ProviderDelegate(callManager: callManager)

        voipRegistry = PKPushRegistry(queue: DispatchQueue.main)
        voipRegistry?.delegate = self
        voipRegistry?.desiredPushTypes = Set([PKPushType.voIP])
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        let calls = (window?.rootViewController as? UINavigationController)?.topViewController as? CallsViewController
        NSLog("active, showing %@", calls?.title ?? "no calls list")
    }

    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        guard let handle = userActivity.callBackHandle else {
            print("No handle to call back in \(userActivity)")
            return false
        }
        guard let video = userActivity.video else {
            print("No call kind in \(userActivity)")
            return false
        }
        callManager.startCall(handle: handle, video: video)
        return true
    }

    // MARK: PKPushRegistryDelegate

    func pushRegistry(_ registry: PKPushRegistry, didUpdate credentials: PKPushCredentials, for type: PKPushType) {
        let token = credentials.token.map { String(format: "%02.2hhx", $0) }.joined()
        NSLog("voip token: %@", token)
    }

    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
        guard type == .voIP else { return }
        if let uuidString = payload.dictionaryPayload["uuid"] as? String,
            let handle = payload.dictionaryPayload["handle"] as? String,
            let uuid = UUID(uuidString: uuidString) {
            let hasVideo = payload.dictionaryPayload["hasVideo"] as? Bool ?? false
            providerDelegate?.reportIncomingCall(uuid: uuid, handle: handle, hasVideo: hasVideo, completion: nil)
        }
    }

    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
        NSLog("voip token invalidated")
    }
}
