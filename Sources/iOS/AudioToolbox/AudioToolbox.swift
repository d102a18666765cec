// `import AudioToolbox` in app code: AudioToolbox's system sounds, and the CoreFoundation names their signatures use, as the simulated iPhone defines them
// (Sources/SoftphoneCore), with Foundation's names (SoftphoneFoundation). Only Apple's names are
// exported: the phone's engine stays out of the app's namespace.
@_exported public import SoftphoneFoundation
@_exported public import func SoftphoneCore.AudioServicesAddSystemSoundCompletion
@_exported public import func SoftphoneCore.AudioServicesCreateSystemSoundID
@_exported public import func SoftphoneCore.AudioServicesDisposeSystemSoundID
@_exported public import func SoftphoneCore.AudioServicesPlayAlertSound
@_exported public import func SoftphoneCore.AudioServicesPlayAlertSoundWithCompletion
@_exported public import func SoftphoneCore.AudioServicesPlaySystemSound
@_exported public import func SoftphoneCore.AudioServicesPlaySystemSoundWithCompletion
@_exported public import func SoftphoneCore.AudioServicesRemoveSystemSoundCompletion
@_exported public import typealias SoftphoneCore.AudioServicesSystemSoundCompletionProc
@_exported public import class SoftphoneCore.CFRunLoop
@_exported public import func SoftphoneCore.CFRunLoopGetMain
@_exported public import typealias SoftphoneCore.CFString
@_exported public import typealias SoftphoneCore.CFURL
@_exported public import typealias SoftphoneCore.OSStatus
@_exported public import typealias SoftphoneCore.SystemSoundID
@_exported public import var SoftphoneCore.kAudioServicesNoError
@_exported public import var SoftphoneCore.kAudioServicesSystemSoundUnspecifiedError
@_exported public import var SoftphoneCore.kSystemSoundID_Vibrate
