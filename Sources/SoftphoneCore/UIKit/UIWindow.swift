/// A window, as UIKit's `UIWindow`: headless. App delegates and scene delegates keep one, give it
/// a root view controller and make it key and visible; its root controller then goes through its
/// lifecycle (`UIViewController`). Nothing of it is drawn.
open class UIWindow: UIView {
    /// The controller whose view fills the window. Replacing it while the window is visible
    /// takes the old one off screen and puts the new one on.
    open var rootViewController: UIViewController? {
        didSet {
            guard isVisible, oldValue !== rootViewController else { return }
            oldValue?.disappear(animated: false)
            rootViewController?.appear(animated: false)
        }
    }
    /// The scene the window belongs to (scene-based apps).
    open weak var windowScene: UIWindowScene? {
        didSet {
            oldValue?.windows.removeAll { $0 === self }
            windowScene?.windows.append(self)
        }
    }
    public private(set) var isKeyWindow = false
    private(set) var isVisible = false

    public required init() { super.init() }

    public convenience init(windowScene: UIWindowScene) {
        self.init()
        self.windowScene = windowScene
        windowScene.windows.append(self)
    }

    #if SOFTPHONE_FOUNDATION
    /// The frame is kept; nothing is laid out.
    public private(set) var frame: CGRect = .zero
    public convenience init(frame: CGRect) {
        self.init()
        self.frame = frame
    }
    #endif

    /// Makes the window key and shows it: its root controller loads its view and appears.
    open func makeKeyAndVisible() {
        for other in UIApplication.shared.visibleWindows where other !== self { other.isKeyWindow = false }
        isKeyWindow = true
        guard !isVisible else { return }
        isVisible = true
        UIApplication.shared.visibleWindows.append(self)
        rootViewController?.appear(animated: false)
    }
}

#if SOFTPHONE_FOUNDATION
/// The screen, as UIKit's `UIScreen`: an iPhone's points (`UIWindow(frame: UIScreen.main.bounds)`).
open class UIScreen: NSObject, @unchecked Sendable {
    public static let main = UIScreen()
    /// An iPhone 15's screen, in points.
    public let bounds = CGRect(x: 0, y: 0, width: 393, height: 852)
    public let scale: CGFloat = 3
}
#endif
