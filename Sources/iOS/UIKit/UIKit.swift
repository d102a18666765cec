// `import UIKit` in app code: UIKit's application, its delegate, scenes and headless views, as the simulated iPhone defines them
// (Sources/SoftphoneCore), with Foundation's names (SoftphoneFoundation). Only Apple's names are
// exported: the phone's engine stays out of the app's namespace.
@_exported public import SoftphoneFoundation
@_exported public import class SoftphoneCore.UIApplication
@_exported public import protocol SoftphoneCore.UIApplicationDelegate
@_exported public import class SoftphoneCore.UIResponder
@_exported public import func SoftphoneCore.UIApplicationMain
@_exported public import protocol SoftphoneCore.UIUserActivityRestoring
// The headless view layer: the objects exist and keep their state; nothing of them is drawn.
@_exported public import class SoftphoneCore.UIWindow
@_exported public import class SoftphoneCore.UIView
@_exported public import class SoftphoneCore.UIColor
@_exported public import class SoftphoneCore.UIViewController
@_exported public import class SoftphoneCore.UINavigationController
// An alert presented shows on the phone's screen, over the app's own; the person chooses its buttons.
@_exported public import class SoftphoneCore.UIAlertController
@_exported public import class SoftphoneCore.UIAlertAction
@_exported public import class SoftphoneCore.UITextField
@_exported public import class SoftphoneCore.UIStoryboard
@_exported public import class SoftphoneCore.UIImage
#if SOFTPHONE_FOUNDATION
@_exported public import class SoftphoneCore.UIScreen
@_exported public import class SoftphoneCore.UIDevice
@_exported public import struct SoftphoneCore.UIBackgroundTaskIdentifier
#endif
// Scenes (iOS 13).
@_exported public import class SoftphoneCore.UIScene
@_exported public import class SoftphoneCore.UIWindowScene
@_exported public import class SoftphoneCore.UISceneSession
@_exported public import class SoftphoneCore.UISceneConfiguration
@_exported public import protocol SoftphoneCore.UISceneDelegate
@_exported public import protocol SoftphoneCore.UIWindowSceneDelegate

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
