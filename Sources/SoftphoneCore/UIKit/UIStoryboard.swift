/// A storyboard, as UIKit's `UIStoryboard`: headless. Built with the Foundation trait it reads the
/// app's `NAME.storyboard` (Interface Builder's XML) from the app's resources, as copied beside
/// the executable, `Base.lproj` included, and makes its view controllers as UIKit does: of the
/// class the storyboard names (`customClass`, in `customModule` or the app's module), else of
/// the element's UIKit class, with their storyboard, title and a navigation controller's root.
/// A class the app does not have is logged as UIKit logs it, and its UIKit class is made. Asking
/// for an identifier the storyboard has not raises, on iOS, an exception that ends the app: here
/// the app is terminated, with UIKit's reason in its log.
///
/// Without a storyboard file (or without the trait) controllers are made by name instead, since
/// call code is often copied without its storyboard: the identifier is the class's name (as it
/// usually is), and the initial controller is the app's `NAMEViewController` or `ViewController`.
open class UIStoryboard: NSObject {
    public let name: String
    /// The module the app's own classes are in.
    let module: String?
    /// The storyboard's file as read, or nil when the app has none of this name.
    let document: StoryboardDocument?

    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
        module = UIStoryboard.appModule
        document = UIStoryboard.document(named: name)
        super.init()
    }

    /// The storyboard's initial view controller (nil when the storyboard has none, as in UIKit).
    open func instantiateInitialViewController() -> UIViewController? {
        guard let document else {
            return viewController(ofClass: "\(name)ViewController") ?? viewController(ofClass: "ViewController") ?? UIViewController()
        }
        return document.initialID.flatMap(document.controller(id:)).map(make)
    }

    /// The view controller of the storyboard identifier `identifier`.
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        guard let document else { return viewController(ofClass: identifier) ?? UIViewController() }
        if let controller = document.controller(storyboardIdentifier: identifier) { return make(controller) }
        PhoneContext.withCurrent { phone in
            phone.log(
                "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Storyboard (\(name).storyboard) doesn't contain a view controller with identifier '\(identifier)''")
            phone.terminateApp(reason: "crashed", rule: nil, message: nil)
        }
        return UIViewController()
    }

    /// A new controller for the storyboard's `controller`, and the root it holds, if any.
    private func make(_ controller: StoryboardDocument.Controller) -> UIViewController {
        let made = controller.customClass.flatMap { customClass in
            let found = viewController(ofClass: customClass, in: controller.customModule)
            if found == nil { PhoneContext.withCurrent { $0.log("Unknown class \(customClass) in Interface Builder file.") } }
            return found
        } ?? UIStoryboard.uikitClass(of: controller.element).init()
        made.storyboard = self
        if let title = controller.title { made.title = title }
        if let navigation = made as? UINavigationController, let rootID = controller.rootID, let root = document?.controller(id: rootID) {
            navigation.pushViewController(make(root), animated: false)
        }
        return made
    }

    /// A new controller of the app's class `name` (in `module`, else the app's), if it has one.
    private func viewController(ofClass name: String, in customModule: String? = nil) -> UIViewController? {
        for module in [customModule, module].compactMap(\.self) {
            if let type = _typeByName("\(module).\(name)") as? UIViewController.Type { return type.init() }
        }
        return nil
    }

    /// UIKit's class for a storyboard element (UIKit's controllers the phone has no class of
    /// are plain view controllers: nothing of them is drawn).
    private static func uikitClass(of element: String) -> UIViewController.Type {
        element == "navigationController" ? UINavigationController.self : UIViewController.self
    }

    /// The module of the running app's delegate: the app's own classes are there.
    static var appModule: String? {
        PhoneContext.current?.app.delegate.map(moduleName(of:))
    }

    /// The app's storyboard `name`, read, if its resources have it.
    private static func document(named name: String) -> StoryboardDocument? {
        #if SOFTPHONE_FOUNDATION
        guard let url = AppResources.file(at: ["\(name).storyboard", "Base.lproj/\(name).storyboard"]),
            let data = FileManager.default.contents(atPath: url.path)
        else { return nil }
        guard let document = StoryboardDocument(xml: String(decoding: data, as: UTF8.self)) else {
            PhoneContext.withCurrent { $0.log("\(url.path) is not a storyboard (it has no <document> element): its controllers are made by class name") }
            return nil
        }
        return document
        #else
        return nil
        #endif
    }
}
