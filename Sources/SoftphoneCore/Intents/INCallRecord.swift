/// A call in the app's history, as Intents' `INCallRecord`: what an `INStartCallIntent` calls back
/// (`callRecordToCallBack`), made by app code; the phone makes none.
public final class INCallRecord: NSObject {
    /// The app's own id for the call.
    public let identifier: String
    /// When the call started.
    public let dateCreated: Date?
    /// Outgoing, missed, received, ….
    public let callRecordType: INCallRecordType
    /// Audio or video.
    public let callCapability: INCallCapability
    /// How long it lasted, in seconds.
    public let callDuration: Double?
    /// Whether the person has not seen it yet.
    public let unseen: Bool?
    /// Who was on the call.
    public let participants: [INPerson]?
    /// How many calls the record stands for.
    public let numberOfCalls: Int?
    /// Whether the caller hid their number.
    public let isCallerIdBlocked: Bool?

    /// The caller (deprecated in iOS 14.5 for `participants`): the first participant.
    public var caller: INPerson? { participants?.first }

    /// iOS 14.5's initializer.
    public init(
        identifier: String, dateCreated: Date? = nil, callRecordType: INCallRecordType = .unknown, callCapability: INCallCapability = .unknown,
        callDuration: Double? = nil, unseen: Bool? = nil, participants: [INPerson]? = nil, numberOfCalls: Int? = nil,
        isCallerIdBlocked: Bool? = nil
    ) {
        self.identifier = identifier
        self.dateCreated = dateCreated
        self.callRecordType = callRecordType
        self.callCapability = callCapability
        self.callDuration = callDuration
        self.unseen = unseen
        self.participants = participants
        self.numberOfCalls = numberOfCalls
        self.isCallerIdBlocked = isCallerIdBlocked
    }

    /// iOS 13's initializer, with one caller (deprecated in iOS 14.5).
    public convenience init(
        identifier: String, dateCreated: Date? = nil, caller: INPerson? = nil, callRecordType: INCallRecordType = .unknown,
        callCapability: INCallCapability = .unknown, callDuration: Double? = nil, unseen: Bool? = nil, numberOfCalls: Int? = nil
    ) {
        self.init(
            identifier: identifier, dateCreated: dateCreated, callRecordType: callRecordType, callCapability: callCapability,
            callDuration: callDuration, unseen: unseen, participants: caller.map { [$0] }, numberOfCalls: numberOfCalls)
    }
}

/// Which calls the person meant by "call back", as Intents' `INCallRecordFilter` (iOS 14).
public final class INCallRecordFilter: NSObject {
    /// Who was on them.
    public let participants: [INPerson]?
    /// Which kinds of call.
    public let callTypes: INCallRecordTypeOptions
    /// Audio or video.
    public let callCapability: INCallCapability

    public init(participants: [INPerson]?, callTypes: INCallRecordTypeOptions = [], callCapability: INCallCapability) {
        self.participants = participants
        self.callTypes = callTypes
        self.callCapability = callCapability
    }
}

/// Kinds of call, together, as Intents' `INCallRecordTypeOptions`, with Apple's bits.
public struct INCallRecordTypeOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let outgoing = INCallRecordTypeOptions(rawValue: 1 << 0)
    public static let missed = INCallRecordTypeOptions(rawValue: 1 << 1)
    public static let received = INCallRecordTypeOptions(rawValue: 1 << 2)
    public static let latest = INCallRecordTypeOptions(rawValue: 1 << 3)
    public static let voicemail = INCallRecordTypeOptions(rawValue: 1 << 4)
    public static let ringing = INCallRecordTypeOptions(rawValue: 1 << 5)
    public static let inProgress = INCallRecordTypeOptions(rawValue: 1 << 6)
    public static let onHold = INCallRecordTypeOptions(rawValue: 1 << 7)
}
