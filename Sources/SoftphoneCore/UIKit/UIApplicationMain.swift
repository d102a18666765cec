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
    /// `@main` on the app delegate: UIKit's entry point, with this class as the delegate. (The
    /// class itself, not its name: finding a class by name searches every type of the program.)
    public static func main() {
        launcher().run(delegateType: self)
    }
}

/// What runs the terminal phone for `UIApplicationMain`: SoftphoneShell's `UIKitApplicationMain`,
/// found by name, as UIKit finds the delegate's class by name. A class, not a protocol: casting
/// to a class is a walk up its superclasses, where a protocol cast at start would search every
/// conformance in the program.
open class ApplicationMainLauncher {
    /// Runs the terminal phone on the program's command line with the app whose delegate class
    /// is named `delegateClassName` installed; never returns.
    open class func run(delegateClassName: String?) -> Never { fatalError("overridden by SoftphoneShell") }
    /// The same, with the delegate's class.
    open class func run(delegateType: any (UIResponder & UIApplicationDelegate).Type) -> Never { fatalError("overridden by SoftphoneShell") }
}

private func launcher() -> ApplicationMainLauncher.Type {
    // Its mangled name (module, class), which the run time resolves without the search a
    // dotted name costs.
    guard let launcher = _typeByName("14SoftphoneShell20UIKitApplicationMainC") as? ApplicationMainLauncher.Type else {
        // A mistake in the program's build, not in its input: nothing here can run the phone.
        fatalError("UIApplicationMain needs the terminal phone: add .product(name: \"SoftphoneShell\", package: \"softphone\") to the executable target's dependencies")
    }
    return launcher
}
