import UIKit

/// The app as installed on the phone: what Info.plist and the entitlements say, the delegate the
/// phone makes at each launch, and the VoIP push its server sends when someone calls.
public let myPhoneApp = AppBundle.iOSApp(
    id: "myphone", displayName: "My Phone", bundleIdentifier: "com.example.myphone",
    delegate: { AppDelegate() },
    callPush: { caller in ["aps": [String: Any](), "caller": caller.name, "handle": caller.handle] })
