import Combine
import PushKit
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let callManager = CallManager()
    var providerDelegate: ProviderDelegate!
    var pushKitDelegate: PushKitDelegate!
    private var cancellables = Set<AnyCancellable>()

    class var shared: AppDelegate {
        return UIApplication.shared.delegate as! AppDelegate
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        providerDelegate = ProviderDelegate(callManager: callManager)
        pushKitDelegate = PushKitDelegate(providerDelegate: providerDelegate)

        // What a call list's view model would do: follow the calls as they change.
        callManager.$calls
            .map { $0.count }
            .removeDuplicates()
            .receive(on: DispatchQueue.main)
            .sink { count in NSLog("calls in progress: %d", count) }
            .store(in: &cancellables)
        return true
    }
}
