/// "Call this person", as Intents' `INStartCallIntent` (iOS 13+): what a Recents call-back
/// brings (iOS rule 48), and what outgoing-call code makes and donates.
public final class INStartCallIntent: INIntent {
    /// Whom to call.
    public let contacts: [INPerson]?
    /// Audio or video.
    public let callCapability: INCallCapability
    /// Where the call's audio goes.
    public let audioRoute: INCallAudioRoute
    /// What kind of number it calls (a call-back from Recents is `.normal` here).
    public let destinationType: INCallDestinationType
    /// Which recents the person meant by "call back" (iOS 13's form).
    public let recordTypeForRedialing: INCallRecordType
    /// Which calls the person meant by "call back" (iOS 14's form).
    public let callRecordFilter: INCallRecordFilter?
    /// The call to call back (iOS 14).
    public let callRecordToCallBack: INCallRecord?

    /// The phone's own, for a Recents call-back.
    init(contacts: [INPerson], callCapability: INCallCapability) {
        self.contacts = contacts
        self.callCapability = callCapability
        audioRoute = .unknown
        destinationType = .normal
        recordTypeForRedialing = .unknown
        callRecordFilter = nil
        callRecordToCallBack = nil
    }

    /// iOS 14's initializer.
    public init(
        callRecordFilter: INCallRecordFilter?, callRecordToCallBack: INCallRecord?, audioRoute: INCallAudioRoute,
        destinationType: INCallDestinationType, contacts: [INPerson]?, callCapability: INCallCapability
    ) {
        self.contacts = contacts
        self.callCapability = callCapability
        self.audioRoute = audioRoute
        self.destinationType = destinationType
        recordTypeForRedialing = .unknown
        self.callRecordFilter = callRecordFilter
        self.callRecordToCallBack = callRecordToCallBack
    }

    /// iOS 13's initializer (deprecated in iOS 14, still in use).
    public init(
        audioRoute: INCallAudioRoute, destinationType: INCallDestinationType, contacts: [INPerson]?, recordTypeForRedialing: INCallRecordType,
        callCapability: INCallCapability
    ) {
        self.contacts = contacts
        self.callCapability = callCapability
        self.audioRoute = audioRoute
        self.destinationType = destinationType
        self.recordTypeForRedialing = recordTypeForRedialing
        callRecordFilter = nil
        callRecordToCallBack = nil
    }
}

/// Audio or video, as Intents' `INCallCapability`.
public enum INCallCapability: Int, Sendable {
    case unknown = 0
    case audioCall = 1
    case videoCall = 2
}

/// Where a call's audio goes, as Intents' `INCallAudioRoute`.
public enum INCallAudioRoute: Int, Sendable {
    case unknown = 0
    case speakerphoneAudioRoute = 1
    case bluetoothAudioRoute = 2
}

/// A kind of entry in the call history, as Intents' `INCallRecordType`.
public enum INCallRecordType: Int, Sendable {
    case unknown = 0
    case outgoing = 1
    case missed = 2
    case received = 3
    case latest = 4
    case voicemail = 5
    case ringing = 6
    case inProgress = 7
    case onHold = 8
}
