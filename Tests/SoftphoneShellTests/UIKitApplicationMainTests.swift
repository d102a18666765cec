@testable import SoftphoneShell
import SoftphoneCore
import Testing

/// An app delegate as `@main` marks one: a UIResponder conforming to UIApplicationDelegate.
final class EntryPointDelegate: UIResponder, UIApplicationDelegate {}
/// A class that is not one.
final class NotAnAppDelegate {}
/// The module's Call Directory extension, by the name Xcode's template gives it.
final class CallDirectoryHandler: CXCallDirectoryProvider {}

/// `UIApplicationMain`'s app, from the delegate class it is named, as `@main` and `main.swift` name it.
@Suite("UIApplicationMain: the app of the delegate class it is named")
struct UIKitApplicationMainTests {
    @Test("the class named with its module is the app's delegate; the app is named after the module")
    func namedClass() throws {
        let name = String(reflecting: EntryPointDelegate.self)
        #expect(name == "SoftphoneShellTests.EntryPointDelegate")
        let app = try UIKitApplicationMain.app(delegateClassName: name).get()
        #expect(app.id == "softphoneshelltests")
        #expect(app.displayName == "SoftphoneShellTests")
        #expect(app.bundleIdentifier == "com.example.softphoneshelltests")
        #expect(app.backgroundModes == ["voip", "audio"])
        #expect(app.makeDelegate() is EntryPointDelegate)
        // Each launch gets a new delegate, as each iOS launch does.
        #expect(app.makeDelegate() !== app.makeDelegate())
    }

    @Test("@main hands the class itself, which makes the same app; UIKit finds this launcher by its name")
    func delegateType() {
        let app = UIKitApplicationMain.app(delegateType: EntryPointDelegate.self)
        #expect(app.id == "softphoneshelltests")
        #expect(app.makeDelegate() is EntryPointDelegate)
        // The name UIApplicationMain (SoftphoneCore) looks the launcher up by: renaming the class
        // or its module without it would leave every @main app unable to start.
        #expect(_typeByName("SoftphoneShell.UIKitApplicationMain") == UIKitApplicationMain.self)
    }

    @Test("a CXCallDirectoryProvider subclass named CallDirectoryHandler in the module is the app's Call Directory extension")
    func callDirectory() throws {
        let app = UIKitApplicationMain.app(delegateType: EntryPointDelegate.self)
        let make = try #require(app.callDirectoryExtension)
        #expect(make() is CallDirectoryHandler)
    }

    @Test("the call push carries the caller in the keys call code reads")
    func callPush() throws {
        let app = try UIKitApplicationMain.app(delegateClassName: String(reflecting: EntryPointDelegate.self)).get()
        let push = app.callPush(Caller(name: "Zoë", handle: "+15551234", hasVideo: true))
        #expect(push["handle"]?.stringValue == "+15551234")
        #expect(push["callerName"]?.stringValue == "Zoë")
        #expect(push["hasVideo"]?.boolValue == true)
        #expect(push["uuid"]?.stringValue.flatMap(UUID.init(uuidString:)) != nil)
    }

    @Test("no class, an unknown class, or one that is not an app delegate: one line saying what to pass",
          arguments: [
            (nil, "no app delegate class"), ("Nowhere.AppDelegate", "no class \"Nowhere.AppDelegate\" in this program"),
            ("SoftphoneShellTests.NotAnAppDelegate", "is not a UIResponder conforming to UIApplicationDelegate"),
          ] as [(String?, String)])
    func refused(name: String?, message: String) {
        guard case .failure(let problem) = UIKitApplicationMain.app(delegateClassName: name) else {
            Issue.record("\(name ?? "nil") was taken as an app delegate")
            return
        }
        #expect(problem.message.contains(message))
        #expect(!problem.message.contains("\n"))
    }
}
