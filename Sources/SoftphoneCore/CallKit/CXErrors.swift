/// CallKit's errors with iOS's domains and numeric codes (iOS rules 24, 25, 35). App code tests
/// them as on iOS: `(error as? CXErrorCodeIncomingCallError)?.code == .callUUIDAlreadyExists`, or
/// `catch CXErrorCodeIncomingCallError.callUUIDAlreadyExists`: each code is also a static member
/// of its error type, and matches the error in a pattern (the `~=` of Sources/iOS/CallKit), as
/// Foundation's error codes do.
public protocol CallKitError: NSErrorBridged, CustomStringConvertible {
    /// The error domain, e.g. `com.apple.CallKit.error.incomingcall`.
    static var errorDomain: String { get }
    /// The numeric code.
    var errorCode: Int { get }
}

extension CallKitError {
    public var description: String { "\(Self.errorDomain) error \(errorCode)" }
}

/// The errors' domains, as CallKit's string constants.
public let CXErrorDomain = "com.apple.CallKit.error"
public let CXErrorDomainIncomingCall = "com.apple.CallKit.error.incomingcall"
public let CXErrorDomainRequestTransaction = "com.apple.CallKit.error.requesttransaction"
public let CXErrorDomainNotificationServiceExtension = "com.apple.CallKit.error.notificationserviceextension"
public let CXErrorDomainCallDirectoryManager = "com.apple.CallKit.error.calldirectorymanager"

/// `CXErrorCode`: errors of CallKit as a whole (iOS rule 25).
public struct CXError: CallKitError, Equatable {
    public enum Code: Int, Sendable, CaseIterable {
        case unknownError = 0
        case unentitled = 1
        case invalidArgument = 2
        case missingVoIPBackgroundMode = 3
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
    public static let errorDomain = CXErrorDomain
    public var errorCode: Int { code.rawValue }
}

/// `CXErrorCodeIncomingCallError`: why `reportNewIncomingCall` refused a call; the call is not
/// shown and does not ring (iOS rules 23, 24).
public struct CXErrorCodeIncomingCallError: CallKitError, Equatable {
    public enum Code: Int, Sendable, CaseIterable {
        case unknown = 0
        case unentitled = 1
        case callUUIDAlreadyExists = 2
        case filteredByDoNotDisturb = 3
        case filteredByBlockList = 4
        case filteredDuringRestrictedSharingMode = 5
        case callIsProtected = 6
        case filteredBySensitiveParticipants = 7
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
    public static let errorDomain = CXErrorDomainIncomingCall
    public var errorCode: Int { code.rawValue }
}

/// `CXErrorCodeRequestTransactionError`: why `CXCallController.request` refused a transaction
/// (iOS rule 35).
public struct CXErrorCodeRequestTransactionError: CallKitError, Equatable {
    public enum Code: Int, Sendable, CaseIterable {
        case unknown = 0
        case unentitled = 1
        case unknownCallProvider = 2
        case emptyTransaction = 3
        case unknownCallUUID = 4
        case callUUIDAlreadyExists = 5
        case invalidAction = 6
        case maximumCallGroupsReached = 7
        case callIsProtected = 8
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
    public static let errorDomain = CXErrorDomainRequestTransaction
    public var errorCode: Int { code.rawValue }
}

/// `CXErrorCodeNotificationServiceExtensionError`: why
/// `CXProvider.reportNewIncomingVoIPPushPayload(_:completion:)` refused a payload (iOS 14.5, rule 12).
public struct CXErrorCodeNotificationServiceExtensionError: CallKitError, Equatable {
    public enum Code: Int, Sendable, CaseIterable {
        case unknown = 0
        /// Called from the app itself, or anywhere but a notification service extension.
        case invalidClientProcess = 1
        /// The app lacks `com.apple.developer.usernotifications.filtering`.
        case missingNotificationFilteringEntitlement = 2
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
    public static let errorDomain = CXErrorDomainNotificationServiceExtension
    public var errorCode: Int { code.rawValue }
}

/// `CXErrorCodeCallDirectoryManagerError`: why a Call Directory load, or a question about the
/// extension, failed (iOS rule 50).
public struct CXErrorCodeCallDirectoryManagerError: CallKitError, Equatable {
    public enum Code: Int, Sendable, CaseIterable {
        case unknown = 0
        /// The identifier is not one of the app's extensions.
        case noExtensionFound = 1
        /// The load did not finish: the extension's process ended first.
        case loadingInterrupted = 2
        /// A number was added after a greater one of the same kind.
        case entriesOutOfOrder = 3
        /// A number was added twice.
        case duplicateEntries = 4
        case maximumEntriesExceeded = 5
        /// The person has not enabled the extension in Settings.
        case extensionDisabled = 6
        /// A load of the extension is under way.
        case currentlyLoading = 7
        /// An entry was removed in a load that is not incremental (iOS 11).
        case unexpectedIncrementalRemoval = 8
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
    public static let errorDomain = CXErrorDomainCallDirectoryManager
    public var errorCode: Int { code.rawValue }
}

extension CXError {
    public static var unknownError: Code { .unknownError }
    public static var unentitled: Code { .unentitled }
    public static var invalidArgument: Code { .invalidArgument }
    public static var missingVoIPBackgroundMode: Code { .missingVoIPBackgroundMode }
}

extension CXErrorCodeIncomingCallError {
    public static var unknown: Code { .unknown }
    public static var unentitled: Code { .unentitled }
    public static var callUUIDAlreadyExists: Code { .callUUIDAlreadyExists }
    public static var filteredByDoNotDisturb: Code { .filteredByDoNotDisturb }
    public static var filteredByBlockList: Code { .filteredByBlockList }
    public static var filteredDuringRestrictedSharingMode: Code { .filteredDuringRestrictedSharingMode }
    public static var callIsProtected: Code { .callIsProtected }
    public static var filteredBySensitiveParticipants: Code { .filteredBySensitiveParticipants }
}

extension CXErrorCodeRequestTransactionError {
    public static var unknown: Code { .unknown }
    public static var unentitled: Code { .unentitled }
    public static var unknownCallProvider: Code { .unknownCallProvider }
    public static var emptyTransaction: Code { .emptyTransaction }
    public static var unknownCallUUID: Code { .unknownCallUUID }
    public static var callUUIDAlreadyExists: Code { .callUUIDAlreadyExists }
    public static var invalidAction: Code { .invalidAction }
    public static var maximumCallGroupsReached: Code { .maximumCallGroupsReached }
    public static var callIsProtected: Code { .callIsProtected }
}

extension CXErrorCodeNotificationServiceExtensionError {
    public static var unknown: Code { .unknown }
    public static var invalidClientProcess: Code { .invalidClientProcess }
    public static var missingNotificationFilteringEntitlement: Code { .missingNotificationFilteringEntitlement }
}

extension CXErrorCodeCallDirectoryManagerError {
    public static var unknown: Code { .unknown }
    public static var noExtensionFound: Code { .noExtensionFound }
    public static var loadingInterrupted: Code { .loadingInterrupted }
    public static var entriesOutOfOrder: Code { .entriesOutOfOrder }
    public static var duplicateEntries: Code { .duplicateEntries }
    public static var maximumEntriesExceeded: Code { .maximumEntriesExceeded }
    public static var extensionDisabled: Code { .extensionDisabled }
    public static var currentlyLoading: Code { .currentlyLoading }
    public static var unexpectedIncrementalRemoval: Code { .unexpectedIncrementalRemoval }
}

// CallKit's errors are NSErrors on iOS: with Foundation, every CallKitError bridges with its
// domain, code and text (`error.localizedDescription`, `(error as NSError).domain`).
#if SOFTPHONE_FOUNDATION
public typealias NSErrorBridged = CustomNSError & LocalizedError
extension CallKitError {
    public var errorDescription: String? { description }
}
#else
public typealias NSErrorBridged = Error
#endif
