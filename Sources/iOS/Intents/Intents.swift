// `import Intents` in app code: Intents' call intents, as a call-back from Recents brings them, as the simulated iPhone defines them
// (Sources/SoftphoneCore), with Foundation's names (SoftphoneFoundation). Only Apple's names are
// exported: the phone's engine stays out of the app's namespace.
@_exported public import SoftphoneFoundation
@_exported public import enum SoftphoneCore.INCallAudioRoute
@_exported public import enum SoftphoneCore.INCallCapability
@_exported public import enum SoftphoneCore.INCallDestinationType
@_exported public import class SoftphoneCore.INCallRecord
@_exported public import class SoftphoneCore.INCallRecordFilter
@_exported public import enum SoftphoneCore.INCallRecordType
@_exported public import struct SoftphoneCore.INCallRecordTypeOptions
@_exported public import class SoftphoneCore.INExtension
@_exported public import class SoftphoneCore.INImage
@_exported public import class SoftphoneCore.INIntent
@_exported public import class SoftphoneCore.INIntentResponse
@_exported public import class SoftphoneCore.INInteraction
@_exported public import enum SoftphoneCore.INInteractionDirection
@_exported public import class SoftphoneCore.INPerson
@_exported public import class SoftphoneCore.INPersonHandle
@_exported public import struct SoftphoneCore.INPersonHandleLabel
@_exported public import enum SoftphoneCore.INPersonHandleType
@_exported public import struct SoftphoneCore.INPersonRelationship
@_exported public import enum SoftphoneCore.INPersonSuggestionType
@_exported public import class SoftphoneCore.INStartAudioCallIntent
@_exported public import class SoftphoneCore.INStartCallIntent
@_exported public import protocol SoftphoneCore.INStartCallIntentHandling
@_exported public import class SoftphoneCore.INStartCallIntentResponse
@_exported public import enum SoftphoneCore.INStartCallIntentResponseCode
@_exported public import class SoftphoneCore.INStartVideoCallIntent
