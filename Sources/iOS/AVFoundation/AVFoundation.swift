// `import AVFoundation` in app code: AVFoundation's audio session, as the simulated iPhone defines them
// (Sources/SoftphoneCore), with Foundation's names (SoftphoneFoundation). Only Apple's names are
// exported: the phone's engine stays out of the app's namespace.
@_exported public import SoftphoneFoundation
@_exported public import class SoftphoneCore.AVAudioSession
@_exported public import class SoftphoneCore.AVAudioSessionChannelDescription
@_exported public import class SoftphoneCore.AVAudioSessionDataSourceDescription
@_exported public import var SoftphoneCore.AVAudioSessionInterruptionOptionKey
@_exported public import var SoftphoneCore.AVAudioSessionInterruptionReasonKey
@_exported public import var SoftphoneCore.AVAudioSessionInterruptionTypeKey
@_exported public import var SoftphoneCore.AVAudioSessionInterruptionWasSuspendedKey
@_exported public import class SoftphoneCore.AVAudioSessionPortDescription
@_exported public import var SoftphoneCore.AVAudioSessionRouteChangePreviousRouteKey
@_exported public import var SoftphoneCore.AVAudioSessionRouteChangeReasonKey
@_exported public import class SoftphoneCore.AVAudioSessionRouteDescription
@_exported public import var SoftphoneCore.AVAudioSessionSilenceSecondaryAudioHintTypeKey
