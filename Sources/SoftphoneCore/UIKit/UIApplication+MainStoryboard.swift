@_spi(Reflection) import Swift

/// The app's main storyboard, as UIKit loads it at launch: Info.plist names it
/// (`UIMainStoryboardFile`, or `UISceneStoryboardFile` in the scene manifest), and Xcode's
/// templates name it `Main`. A package has no Info.plist, so an app whose resources have
/// `Main.storyboard` has it as its main storyboard.
extension UIApplication {
    static func mainStoryboard() -> UIStoryboard? {
        #if SOFTPHONE_FOUNDATION
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        return storyboard.document == nil ? nil : storyboard
        #else
        return nil  // no files are read without the trait: nothing to look for at each launch
        #endif
    }

    /// Before `didFinishLaunching`, in an app with a main storyboard whose delegate keeps a
    /// `window`: a window with the storyboard's initial controller as its root, set as the
    /// delegate's window, as UIKit sets it. It is made key and visible after `didFinishLaunching`
    /// (`showMainWindow`), unless the app did so.
    func loadMainStoryboard(for delegate: any UIApplicationDelegate) {
        guard let storyboard = UIApplication.mainStoryboard(), case .some(nil) = delegate.window else { return }
        let window = UIWindow()
        window.rootViewController = storyboard.instantiateInitialViewController()
        if setStoredWindow(window, of: delegate) { mainStoryboardWindow = window }
    }

    /// After `didFinishLaunching`: the main storyboard's window, key and visible.
    func showMainWindow() {
        guard let window = mainStoryboardWindow, !window.isVisible else { return }
        window.makeKeyAndVisible()
    }

    /// The scene's window from a storyboard (the configuration's, else the main one), set as
    /// its delegate's window before `scene(_:willConnectTo:options:)`, as UIKit does.
    func loadStoryboardWindow(for scene: UIScene, delegate: any UISceneDelegate, configuration: UISceneConfiguration) -> UIWindow? {
        guard let windowScene = scene as? UIWindowScene, let windowDelegate = delegate as? any UIWindowSceneDelegate,
            let storyboard = configuration.storyboard ?? UIApplication.mainStoryboard()
        else { return nil }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = storyboard.instantiateInitialViewController()
        windowDelegate.window = window
        return window
    }
}

/// Sets the object's own stored `var window: UIWindow?`, as UIKit sets the app delegate's
/// optional `window` property through Objective-C: a Swift protocol has no optional requirement
/// to set it through, so the field is found by name and type in the object's class layout.
/// False when the class has no such field.
private func setStoredWindow(_ window: UIWindow, of object: AnyObject) -> Bool {
    var type: AnyClass? = Swift.type(of: object)
    while let current = type {
        var offset: Int?
        _ = _forEachField(of: current, options: _EachFieldOptions(rawValue: 1 << 0)) { name, fieldOffset, fieldType, _ in
            guard String(cString: name) == "window", fieldType == Optional<UIWindow>.self else { return true }
            offset = fieldOffset
            return false
        }
        if let offset {
            (UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset)
                .assumingMemoryBound(to: Optional<UIWindow>.self).pointee = window
            return true
        }
        type = _getSuperclass(current)
    }
    return false
}
