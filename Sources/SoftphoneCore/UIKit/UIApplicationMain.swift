/// An app's own entry point, as UIKit's: an app delegate marked `@main` (its `main()` below), or a
/// `main.swift` calling `UIApplicationMain`, starts the whole terminal phone with that delegate's
/// app installed, as iOS starts the app's process with it. The terminal phone is SoftphoneShell's,
/// which is built on this module and so cannot be called from it: `UIApplicationMain` finds it at
/// run time (`ApplicationMainLauncher`), in any program that links SoftphoneShell.
@discardableResult
public func UIApplicationMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ principalClassName: String?, _ delegateClassName: String?
) -> Int32 {
    launcher().run(delegateClassName: delegateClassName)
}

/// The same, for the `argv` older `main.swift` files bind (`UnsafeMutableRawPointer(CommandLine.unsafeArgv).bindMemory(…)`).
@discardableResult
public func UIApplicationMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>, _ principalClassName: String?, _ delegateClassName: String?
) -> Int32 {
    launcher().run(delegateClassName: delegateClassName)
}

extension UIApplicationDelegate where Self: UIResponder {
    /// `@main` on the app delegate: UIKit's entry point, with this class as the delegate.
    public static func main() {
        launcher().run(delegateType: self)
    }
}

/// What runs the terminal phone for `UIApplicationMain`: SoftphoneShell's `UIKitApplicationMain`,
/// found by name, as UIKit finds the delegate's class by name (the run time finds classes by
/// their names; SoftphoneShell overrides both methods).
open class ApplicationMainLauncher {
    /// Runs the terminal phone on the program's command line with the app whose delegate class
    /// is named `delegateClassName` installed; never returns.
    open class func run(delegateClassName: String?) -> Never { fatalError("overridden by SoftphoneShell") }
    /// The same, with the delegate's class.
    open class func run(delegateType: any (UIResponder & UIApplicationDelegate).Type) -> Never { fatalError("overridden by SoftphoneShell") }
}

private func launcher() -> ApplicationMainLauncher.Type {
    guard let launcher = _typeByName("SoftphoneShell.UIKitApplicationMain") as? ApplicationMainLauncher.Type else {
        // A mistake in the program's build, not in its input: nothing here can run the phone.
        fatalError("UIApplicationMain needs the terminal phone: add .product(name: \"SoftphoneShell\", package: \"softphone\") to the executable target's dependencies")
    }
    return launcher
}
