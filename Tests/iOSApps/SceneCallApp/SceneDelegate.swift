import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = (scene as? UIWindowScene) else { return }
        let window = UIWindow(windowScene: windowScene)
        let calls = CallsViewController()
        calls.callController = (UIApplication.shared.delegate as? AppDelegate)?.callController
        window.rootViewController = UINavigationController(rootViewController: calls)
        self.window = window
        window.makeKeyAndVisible()
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        NSLog("scene active")
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        NSLog("scene in the background")
    }
}
