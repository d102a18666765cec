import Glibc
import SoftphoneCore

/// The terminal phone for an app whose own entry point starts it: an app delegate marked `@main`,
/// or a `main.swift` calling `UIApplicationMain(_:_:_:_:)`, as iOS apps start. UIKit's
/// `UIApplicationMain` (SoftphoneCore) finds this type by name, since SoftphoneShell is built on
/// the module it is in. A class, as the run time finds classes by their names.
public final class UIKitApplicationMain: ApplicationMainLauncher {
    override public class func run(delegateType: any (UIResponder & UIApplicationDelegate).Type) -> Never {
        Softphone.main(apps: [app(delegateType: delegateType)])
    }

    override public class func run(delegateClassName: String?) -> Never {
        switch app(delegateClassName: delegateClassName) {
        case .success(let app): Softphone.main(apps: [app])
        case .failure(let problem):
            ProgramName.take(from: CommandLine.arguments.first ?? "")
            Console.error("\(ProgramName.current): \(problem.message)")
            exit(2)
        }
    }

    /// Why the named class cannot be the app's delegate.
    struct Problem: Error {
        let message: String
    }

    /// The app of the delegate class named `name` (`MyApp.AppDelegate`, as `NSStringFromClass`
    /// and `String(reflecting:)` spell it): named after its module (the app `myapp`, "MyApp" on
    /// screen), with the voip and audio background modes. Its server's call push (`softphone
    /// call`) carries the keys call code most often reads; a push of your server's own is
    /// `softphone push FILE`. A `CXCallDirectoryProvider` subclass named `CallDirectoryHandler`
    /// in the module (Xcode's template's name) is its Call Directory extension.
    static func app(delegateClassName name: String?) -> Result<AppBundle, Problem> {
        guard let name else {
            return .failure(Problem(message: "UIApplicationMain was given no app delegate class (a storyboard's is not looked up): pass NSStringFromClass(AppDelegate.self), or mark the delegate @main"))
        }
        guard let type = _typeByName(name) else {
            return .failure(Problem(message: "UIApplicationMain: no class \"\(name)\" in this program; pass NSStringFromClass(AppDelegate.self), which names it with its module (MyApp.AppDelegate)"))
        }
        guard let delegateType = type as? any (UIResponder & UIApplicationDelegate).Type else {
            return .failure(Problem(message: "UIApplicationMain: \(name) is not a UIResponder conforming to UIApplicationDelegate, as an app delegate is"))
        }
        return .success(app(delegateType: delegateType))
    }

    /// The app of the delegate class `delegateType` (see above).
    static func app(delegateType: any (UIResponder & UIApplicationDelegate).Type) -> AppBundle {
        let module = String(String(reflecting: delegateType).split(separator: ".").first ?? "App")
        let letters = String(module.lowercased().filter { $0.isLetter || $0.isNumber }.prefix(32))
        let id = letters.isEmpty ? "app" : letters
        var callDirectory: (@Sendable () -> CXCallDirectoryProvider)?
        if let type = _typeByName("\(module).CallDirectoryHandler") as? CXCallDirectoryProvider.Type { callDirectory = { type.init() } }
        return AppBundle.iOSApp(
            id: id, displayName: module, bundleIdentifier: "com.example.\(id)",
            delegate: { delegateType.init() },
            callPush: { caller in
                ["aps": [String: Any](), "uuid": UUID().uuidString, "handle": caller.handle, "callerName": caller.name, "hasVideo": caller.hasVideo]
            },
            callDirectory: callDirectory)
    }
}
