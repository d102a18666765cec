/// A view controller, as UIKit's `UIViewController`: headless (its view is never drawn), with
/// UIKit's lifecycle callbacks in UIKit's order — `loadView` and `viewDidLoad` the first time its
/// view is asked for, `viewWillAppear` as it goes on screen and `viewDidAppear` once it is there
/// (on the next turn of the main queue, as after UIKit's first drawing), and the two
/// disappearances when it is dismissed or replaced. Presenting one (`present`) makes it the
/// presented controller; a `UIAlertController` presented shows on the phone's screen.
open class UIViewController: UIResponder {
    open var title: String?
    /// The storyboard the controller was made from, if it was.
    public internal(set) var storyboard: UIStoryboard?
    public private(set) var isViewLoaded = false
    private var loadedView: UIView?
    /// The controller this one presented, and the one that presented this one.
    public private(set) var presentedViewController: UIViewController?
    public private(set) weak var presentingViewController: UIViewController?
    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?
    /// Whether it is on screen (between `viewWillAppear` and `viewWillDisappear`).
    var isAppearing = false

    /// The view, loaded the first time it is asked for (`loadView`, then `viewDidLoad`).
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        loadView()
        if loadedView == nil { loadedView = UIView() }
        viewDidLoad()
    }

    open func loadView() { loadedView = UIView() }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    /// The navigation controller it is in, if any.
    public var navigationController: UINavigationController? {
        var controller = parent
        while let current = controller {
            if let navigation = current as? UINavigationController { return navigation }
            controller = current.parent
        }
        return nil
    }

    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// Presents `viewControllerToPresent` over this one; `completion` runs once it is on screen.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        // UIKit presents one at a time: a second, while one is presented, is not shown.
        guard presentedViewController == nil, viewControllerToPresent.presentingViewController == nil else { return }
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        viewControllerToPresent.wasPresented()
        viewControllerToPresent.appear(animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presented (or this one, if it was presented).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        guard let presented = presentedViewController ?? (presentingViewController != nil ? self : nil),
            let presenter = presented.presentingViewController
        else {
            completion?()
            return
        }
        presented.disappear(animated: flag)
        presenter.presentedViewController = nil
        presented.presentingViewController = nil
        presented.wasDismissed()
        completion?()
    }

    /// Hooks for controllers the phone shows itself (`UIAlertController`).
    func wasPresented() {}
    func wasDismissed() {}

    /// Goes on screen: its view loads, `viewWillAppear` now, `viewDidAppear` on the main queue's next turn.
    func appear(animated: Bool, completion: (() -> Void)? = nil) {
        loadViewIfNeeded()
        isAppearing = true
        viewWillAppear(animated)
        mainQueue { [weak self] in
            guard let self, isAppearing else { return }
            viewDidAppear(animated)
            completion?()
        }
    }

    /// Leaves the screen: `viewWillDisappear`, then `viewDidDisappear`.
    func disappear(animated: Bool) {
        guard isAppearing else { return }
        isAppearing = false
        viewWillDisappear(animated)
        viewDidDisappear(animated)
    }
}

/// A navigation controller, as UIKit's: a stack of view controllers, the top one on screen.
open class UINavigationController: UIViewController {
    public private(set) var viewControllers: [UIViewController] = []
    public var topViewController: UIViewController? { viewControllers.last }

    public required init() { super.init() }

    public convenience init(rootViewController: UIViewController) {
        self.init()
        push(rootViewController)
    }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        let previous = topViewController
        push(viewController)
        guard isAppearing else { return }
        previous?.disappear(animated: animated)
        viewController.appear(animated: animated)
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1, let top = viewControllers.popLast() else { return nil }
        top.removeFromParent()
        if isAppearing {
            top.disappear(animated: animated)
            topViewController?.appear(animated: animated)
        }
        return top
    }

    private func push(_ viewController: UIViewController) {
        addChild(viewController)
        viewControllers.append(viewController)
    }

    override func appear(animated: Bool, completion: (() -> Void)? = nil) {
        super.appear(animated: animated, completion: completion)
        topViewController?.appear(animated: animated)
    }

    override func disappear(animated: Bool) {
        topViewController?.disappear(animated: animated)
        super.disappear(animated: animated)
    }
}

/// Runs `work` on the app's main queue, after what is queued: the running phone's run loop, where
/// the app's main-queue work runs in order (app code that is not running in a phone queues nothing).
func mainQueue(_ work: @escaping () -> Void) {
    _ = PhoneContext.current?.runLoop.schedule(at: nil, work)
}
