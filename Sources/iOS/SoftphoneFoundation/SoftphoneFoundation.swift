// The Foundation every framework module brings in, as Apple's frameworks import Foundation.
// Built with the Foundation trait it is Swift's own Foundation and Dispatch; without it, the
// simulated iPhone's stand-ins of the same names (Sources/SoftphoneCore/Foundation), whose clock
// is the phone's. `NSUserActivity` and the extension request (`NSExtensionContext`,
// `NSExtensionRequestHandling`), which Linux's Foundation lacks, are the phone's in both.
#if SOFTPHONE_FOUNDATION
@_exported public import Foundation
@_exported public import Dispatch
#else
@_exported public import struct SoftphoneCore.UUID
@_exported public import struct SoftphoneCore.Data
@_exported public import struct SoftphoneCore.Date
@_exported public import typealias SoftphoneCore.TimeInterval
@_exported public import class SoftphoneCore.DispatchQueue
@_exported public import struct SoftphoneCore.DispatchTime
@_exported public import enum SoftphoneCore.DispatchTimeInterval
@_exported public import class SoftphoneCore.Timer
@_exported public import struct SoftphoneCore.URL
@_exported public import class SoftphoneCore.Bundle
@_exported public import struct SoftphoneCore.Notification
@_exported public import class SoftphoneCore.NotificationCenter
@_exported public import func SoftphoneCore.NSLog
@_exported public import class SoftphoneCore.NSObject
@_exported public import class SoftphoneCore.NSNumber
@_exported public import class SoftphoneCore.UserDefaults
#endif
@_exported public import class SoftphoneCore.NSUserActivity
@_exported public import class SoftphoneCore.NSExtensionContext
@_exported public import protocol SoftphoneCore.NSExtensionRequestHandling
