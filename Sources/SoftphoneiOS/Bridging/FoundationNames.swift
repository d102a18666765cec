public import Dispatch
public import Foundation
public import SoftphoneCore

// App code written for iOS imports Foundation, whose names SoftphoneCore also uses for its own
// Foundation-free stand-ins. In this module the plain names are Foundation's, as in the app code
// it serves; the core's are always written `SoftphoneCore.UUID`, `SoftphoneCore.Date`, ….
public typealias UUID = Foundation.UUID
public typealias Data = Foundation.Data
public typealias Date = Foundation.Date
public typealias TimeInterval = Foundation.TimeInterval
public typealias URL = Foundation.URL
public typealias DispatchQueue = Dispatch.DispatchQueue
public typealias Notification = Foundation.Notification
public typealias NotificationCenter = Foundation.NotificationCenter

// Types with no Foundation type in them are the core's own, under the same name.
public typealias CXHandle = SoftphoneCore.CXHandle
public typealias CXCallEndedReason = SoftphoneCore.CXCallEndedReason
public typealias CXError = SoftphoneCore.CXError
public typealias CXErrorCodeIncomingCallError = SoftphoneCore.CXErrorCodeIncomingCallError
public typealias CXErrorCodeNotificationServiceExtensionError = SoftphoneCore.CXErrorCodeNotificationServiceExtensionError
public typealias CXErrorCodeRequestTransactionError = SoftphoneCore.CXErrorCodeRequestTransactionError
public typealias PKPushType = SoftphoneCore.PKPushType
public typealias PKVoIPPushMetadata = SoftphoneCore.PKVoIPPushMetadata
public typealias AppScreen = SoftphoneCore.AppScreen
public typealias AppSetting = SoftphoneCore.AppSetting
public typealias AppBundle = SoftphoneCore.AppBundle
public typealias Caller = SoftphoneCore.Caller
// Softphone's own: how the terminal phone presses the buttons of the app's own screens.
public typealias InAppCallControls = SoftphoneCore.InAppCallControls
public typealias AppScreenButtons = SoftphoneCore.AppScreenButtons
