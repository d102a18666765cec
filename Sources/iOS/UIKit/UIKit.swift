// `import UIKit` in app code: UIKit's application and its delegate, as the simulated iPhone defines them
// (Sources/SoftphoneCore), with Foundation's names (SoftphoneFoundation). Only Apple's names are
// exported: the phone's engine stays out of the app's namespace.
@_exported public import SoftphoneFoundation
@_exported public import class SoftphoneCore.UIApplication
@_exported public import protocol SoftphoneCore.UIApplicationDelegate
@_exported public import class SoftphoneCore.UIResponder
@_exported public import class SoftphoneCore.UIWindow
@_exported public import func SoftphoneCore.UIApplicationMain

// Softphone's own, beside UIKit: what Info.plist, the entitlements and the Settings.bundle say of
// the app (`AppBundle.iOSApp`), its own screens and buttons, and its server connection.
@_exported public import struct SoftphoneCore.AppBundle
@_exported public import struct SoftphoneCore.AppSetting
@_exported public import struct SoftphoneCore.AppSettingError
@_exported public import enum SoftphoneCore.AppEntitlement
@_exported public import struct SoftphoneCore.AppScreen
@_exported public import protocol SoftphoneCore.AppScreenButtons
@_exported public import protocol SoftphoneCore.InAppCallControls
@_exported public import class SoftphoneCore.AppServer
@_exported public import struct SoftphoneCore.Caller
@_exported public import struct SoftphoneCore.PushRequest
