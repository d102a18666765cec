import PushKit
import UIKit

final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let providerDelegate = ProviderDelegate()
    private var pushHandler: PushHandler?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        pushHandler = PushHandler(providerDelegate: providerDelegate)
        return true
    }
}
