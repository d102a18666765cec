// SoftphoneKit: every framework module of the simulated iPhone under one name — CallKit, PushKit,
// UIKit, UserNotifications, AVFoundation, AudioToolbox, Intents, Security, Combine and Foundation's
// names — for app code that prefers one import to Apple's several. The phone's engine is not in it.
@_exported public import AVFoundation
@_exported public import AudioToolbox
@_exported public import CallKit
@_exported public import Combine
@_exported public import Intents
@_exported public import PushKit
@_exported public import Security
@_exported public import UIKit
@_exported public import UserNotifications
