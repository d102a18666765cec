// `import CallKit` in app code: CallKit's calls and the system's call UI, as the simulated iPhone defines them
// (Sources/SoftphoneCore), with Foundation's names (SoftphoneFoundation). Only Apple's names are
// exported: the phone's engine stays out of the app's namespace.
@_exported public import SoftphoneFoundation
@_exported public import class SoftphoneCore.CXAction
@_exported public import class SoftphoneCore.CXAnswerCallAction
@_exported public import class SoftphoneCore.CXCall
@_exported public import class SoftphoneCore.CXCallAction
@_exported public import class SoftphoneCore.CXCallController
@_exported public import class SoftphoneCore.CXCallDirectoryExtensionContext
@_exported public import protocol SoftphoneCore.CXCallDirectoryExtensionContextDelegate
@_exported public import class SoftphoneCore.CXCallDirectoryManager
@_exported public import typealias SoftphoneCore.CXCallDirectoryPhoneNumber
@_exported public import class SoftphoneCore.CXCallDirectoryProvider
@_exported public import enum SoftphoneCore.CXCallEndedReason
@_exported public import class SoftphoneCore.CXCallObserver
@_exported public import protocol SoftphoneCore.CXCallObserverDelegate
@_exported public import class SoftphoneCore.CXCallUpdate
@_exported public import class SoftphoneCore.CXEndCallAction
@_exported public import struct SoftphoneCore.CXError
@_exported public import struct SoftphoneCore.CXErrorCodeCallDirectoryManagerError
@_exported public import var SoftphoneCore.CXErrorDomain
@_exported public import var SoftphoneCore.CXErrorDomainIncomingCall
@_exported public import var SoftphoneCore.CXErrorDomainNotificationServiceExtension
@_exported public import var SoftphoneCore.CXErrorDomainRequestTransaction
@_exported public import var SoftphoneCore.CXErrorDomainCallDirectoryManager
@_exported public import struct SoftphoneCore.CXErrorCodeIncomingCallError
@_exported public import struct SoftphoneCore.CXErrorCodeNotificationServiceExtensionError
@_exported public import struct SoftphoneCore.CXErrorCodeRequestTransactionError
@_exported public import class SoftphoneCore.CXHandle
@_exported public import class SoftphoneCore.CXPlayDTMFCallAction
@_exported public import class SoftphoneCore.CXProvider
@_exported public import class SoftphoneCore.CXProviderConfiguration
@_exported public import protocol SoftphoneCore.CXProviderDelegate
@_exported public import class SoftphoneCore.CXSetGroupCallAction
@_exported public import class SoftphoneCore.CXSetHeldCallAction
@_exported public import class SoftphoneCore.CXSetMutedCallAction
@_exported public import class SoftphoneCore.CXSetTranslatingCallAction
@_exported public import class SoftphoneCore.CXStartCallAction
@_exported public import class SoftphoneCore.CXTransaction
@_exported public import enum SoftphoneCore.CXTranslationEngine

// `catch CXErrorCodeIncomingCallError.filteredByDoNotDisturb`: a code matches an error of its type
// that has it, as Foundation's `_ErrorCodeProtocol` makes Apple's codes match. Here, not beside the
// errors in the core: an operator is not shown through the names imported above.
public func ~= (code: CXError.Code, error: any Error) -> Bool { (error as? CXError)?.code == code }
public func ~= (code: CXErrorCodeIncomingCallError.Code, error: any Error) -> Bool { (error as? CXErrorCodeIncomingCallError)?.code == code }
public func ~= (code: CXErrorCodeRequestTransactionError.Code, error: any Error) -> Bool {
    (error as? CXErrorCodeRequestTransactionError)?.code == code
}
public func ~= (code: CXErrorCodeNotificationServiceExtensionError.Code, error: any Error) -> Bool {
    (error as? CXErrorCodeNotificationServiceExtensionError)?.code == code
}
public func ~= (code: CXErrorCodeCallDirectoryManagerError.Code, error: any Error) -> Bool {
    (error as? CXErrorCodeCallDirectoryManagerError)?.code == code
}
