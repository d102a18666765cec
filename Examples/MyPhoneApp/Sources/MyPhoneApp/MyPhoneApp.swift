import UIKit

/// The app as installed on the phone: what Info.plist and the entitlements say, its Settings.bundle
/// (`--set ringTimeout=10`), the delegate the phone makes at each launch, and the VoIP push its
/// server sends when someone calls.
public let myPhoneApp = AppBundle.iOSApp(
    id: "myphone", displayName: "My Phone", bundleIdentifier: "com.example.myphone",
    settings: [AppSetting(key: "ringTimeout", kind: .number(1...120), defaultValue: .int(45), title: "seconds a call rings before the app gives up")],
    delegate: { AppDelegate() },
    callPush: { caller in ["aps": [String: Any](), "caller": caller.name, "handle": caller.handle] })
