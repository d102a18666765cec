/// A storyboard, as UIKit's `UIStoryboard`: headless. Its view controllers are made from their
/// classes, named as the storyboard names them: `instantiateViewController(withIdentifier:)`
/// makes the app's class of that name (storyboard identifiers are usually the class's name),
/// and `instantiateInitialViewController()` the app's class named in `initialClass`, else a
/// plain `UIViewController`. No storyboard file is read.
open class UIStoryboard: NSObject {
    public let name: String
    /// The module whose classes the storyboard's controllers are (`customModule`).
    let module: String?

    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
        module = UIStoryboard.appModule
        super.init()
    }

    /// The storyboard's initial view controller.
    open func instantiateInitialViewController() -> UIViewController? {
        viewController(named: "\(name)ViewController") ?? viewController(named: "ViewController") ?? UIViewController()
    }

    /// The view controller of the storyboard identifier `identifier`.
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        viewController(named: identifier) ?? UIViewController()
    }

    /// A new controller of the app's class `name`, if it has one.
    private func viewController(named name: String) -> UIViewController? {
        guard let module, let type = _typeByName("\(module).\(name)") as? UIViewController.Type else { return nil }
        return type.init()
    }

    /// The module of the running app's delegate: the app's own classes are there.
    static var appModule: String? {
        PhoneContext.current?.app.delegate.map(moduleName(of:))
    }
}
