// `import PushKit` in app code: PushKit's VoIP pushes, as the simulated iPhone defines them
// (Sources/SoftphoneCore), with Foundation's names (SoftphoneFoundation). Only Apple's names are
// exported: the phone's engine stays out of the app's namespace.
@_exported public import SoftphoneFoundation
@_exported public import class SoftphoneCore.PKPushCredentials
@_exported public import class SoftphoneCore.PKPushPayload
@_exported public import class SoftphoneCore.PKPushRegistry
@_exported public import protocol SoftphoneCore.PKPushRegistryDelegate
@_exported public import struct SoftphoneCore.PKPushType
@_exported public import class SoftphoneCore.PKVoIPPushMetadata
