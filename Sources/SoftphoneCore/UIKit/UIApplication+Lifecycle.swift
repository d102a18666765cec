/// The app's foreground and background as UIKit tells them: to the app delegate, or, in a
/// scene-based app, to its scene's delegate (`UIScene`). The phone calls these as the app's
/// state changes (App/Phone+AppLife.swift); UIKit's order is here.
extension UIApplication {
    /// The app came to the foreground: launched there (`launching`), or opened from the background.
    func cameToForeground(_ delegate: any UIApplicationDelegate, launching: Bool) {
        if let scene = connectedScene ?? connectScene(for: delegate) {
            scene.activationState = .foregroundInactive
            scene.delegate?.sceneWillEnterForeground(scene)
            scene.activationState = .foregroundActive
            scene.delegate?.sceneDidBecomeActive(scene)
            return
        }
        if !launching { delegate.applicationWillEnterForeground(self) }
        delegate.applicationDidBecomeActive(self)
    }

    /// The app left the foreground (home, or the phone locked).
    func wentToBackground(_ delegate: any UIApplicationDelegate) {
        if let scene = connectedScene {
            scene.activationState = .foregroundInactive
            scene.delegate?.sceneWillResignActive(scene)
            scene.activationState = .background
            scene.delegate?.sceneDidEnterBackground(scene)
            return
        }
        delegate.applicationWillResignActive(self)
        delegate.applicationDidEnterBackground(self)
    }

    /// The scene connected in this launch, if the app is scene-based.
    var connectedScene: UIScene? { scenes.first }

    /// Connects the app's scene, the first time it comes to the foreground, if it is
    /// scene-based: its delegate configures a scene (`application(_:configurationForConnecting:
    /// options:)`). The scene delegate is the configuration's class, else the app's class named
    /// `SceneDelegate`: Xcode's template leaves the class to Info.plist's scene manifest, which a
    /// package has not, and names it so.
    private func connectScene(for delegate: any UIApplicationDelegate) -> UIScene? {
        guard !sceneless else { return nil }
        // A call-back from Recents that opens the app comes with the connection, as on iOS, and
        // not again through scene(_:continue:).
        let activity = phone?.app.activityToConnect
        let options = UIScene.ConnectionOptions(userActivities: activity.map { [$0] } ?? [])
        let session = UISceneSession(role: .windowApplication, configuration: .notConfigured, persistentIdentifier: "scene-1")
        let configuration = delegate.application(self, configurationForConnecting: session, options: options)
        // Only a scene-based app has its classes searched by name (a search of every type).
        guard configuration !== UISceneConfiguration.notConfigured,
            let sceneDelegateType = (configuration.delegateClass ?? _typeByName("\(moduleName(of: delegate)).SceneDelegate") as? AnyClass)
                as? any (UIResponder & UISceneDelegate).Type
        else {
            sceneless = true
            return nil
        }
        activityDeliveredAtConnection = activity
        session.configuration = configuration
        let sceneType = configuration.sceneClass as? UIScene.Type ?? UIWindowScene.self
        let scene = sceneType.init(session: session, connectionOptions: options)
        session.scene = scene
        let sceneDelegate = sceneDelegateType.init()
        scene.delegate = sceneDelegate
        scenes.append(scene)
        let storyboardWindow = loadStoryboardWindow(for: scene, delegate: sceneDelegate, configuration: configuration)
        sceneDelegate.scene(scene, willConnectTo: session, options: options)
        if let storyboardWindow, !storyboardWindow.isVisible { storyboardWindow.makeKeyAndVisible() }
        return scene
    }
}

/// The module of the app's delegate class, where the app's own classes are: Info.plist and
/// storyboards name them in it (`$(PRODUCT_MODULE_NAME).SceneDelegate`).
func moduleName(of delegate: any UIApplicationDelegate) -> String {
    String(String(reflecting: type(of: delegate)).prefix { $0 != "." })
}

extension UISceneConfiguration {
    /// What the app delegate's default `configurationForConnecting` returns: the app did not
    /// configure a scene. (Never changed: app code is handed it only from that default.)
    nonisolated(unsafe) static let notConfigured = UISceneConfiguration(name: nil, sessionRole: .windowApplication)
}
