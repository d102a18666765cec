extension AVAudioSession {
    /// The codes of the audio session's errors, as `AVAudioSession.ErrorCode`: OSStatus-style
    /// four-character codes, the domain being `NSOSStatusErrorDomain`.
    public enum ErrorCode: Int, Sendable {
        case none = 0
        case mediaServicesFailed = 0x6D73_7276  // 'msrv'
        case isBusy = 0x2161_6374  // '!act'
        case incompatibleCategory = 0x2163_6174  // '!cat'
        case cannotInterruptOthers = 0x2169_6E74  // '!int'
        case missingEntitlement = 0x656E_743F  // 'ent?'
        case siriIsRecording = 0x7369_7269  // 'siri'
        case cannotStartPlaying = 0x2170_6C61  // '!pla'
        case cannotStartRecording = 0x2172_6563  // '!rec'
        case badParam = -50
        case insufficientPriority = 0x2170_7269  // '!pri'
        case resourceNotAvailable = 0x2172_6573  // '!res'
        case unspecified = 0x7768_6174  // 'what'
        case expiredSession = 0x2173_6573  // '!ses'
        case sessionNotActive = 0x696E_6163  // 'inac'
    }

    /// An audio session call that failed, with iOS's code.
    public struct SessionError: Error, Equatable, CustomStringConvertible {
        /// The OSStatus-style code, an `ErrorCode`'s raw value: `insufficientPriority` (561017449)
        /// is what an app's own activation gets while CallKit's higher-priority call session owns
        /// the audio (iOS rule 34).
        public let code: Int
        /// Why, in words.
        let reason: String

        init(_ code: ErrorCode, _ reason: String) {
            self.code = code.rawValue
            self.reason = reason
        }

        public var description: String { "AVAudioSession error \(code): \(reason)" }
        public static func == (a: SessionError, b: SessionError) -> Bool { a.code == b.code }
    }
}

#if SOFTPHONE_FOUNDATION
// An audio session's error is an NSError of the OSStatus domain on iOS.
extension AVAudioSession.SessionError: CustomNSError, LocalizedError {
    public static var errorDomain: String { NSOSStatusErrorDomain }
    public var errorCode: Int { code }
    public var errorDescription: String? { description }
}
#endif
