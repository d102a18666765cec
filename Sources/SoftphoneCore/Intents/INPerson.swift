/// A person, as Intents' `INPerson`.
public final class INPerson: NSObject {
    /// How to reach them.
    public let personHandle: INPersonHandle?
    #if SOFTPHONE_FOUNDATION
    /// Their name in parts, when the person was made with them.
    public let nameComponents: PersonNameComponents?
    #endif
    /// Their name as shown: the display name given, else the name components, else the handle's
    /// value, else empty, as Apple's header says.
    public let displayName: String
    /// Their picture.
    public let image: INImage?
    /// Their entry in the Contacts store.
    public let contactIdentifier: String?
    /// The app's own identifier for them.
    public let customIdentifier: String?
    /// Whether this is the person using the phone.
    public let isMe: Bool
    /// Their other handles.
    public let aliases: [INPersonHandle]?
    /// How they relate to the person using the phone.
    public let relationship: INPersonRelationship?
    /// Where the app suggests them from.
    public let suggestionType: INPersonSuggestionType

    /// The person the phone's Recents entry names.
    init(personHandle: INPersonHandle, displayName: String) {
        self.personHandle = personHandle
        #if SOFTPHONE_FOUNDATION
        nameComponents = nil
        #endif
        self.displayName = displayName
        image = nil
        contactIdentifier = nil
        customIdentifier = nil
        isMe = false
        aliases = nil
        relationship = nil
        suggestionType = .none
    }

    #if SOFTPHONE_FOUNDATION
    /// A person as app code makes one. Only with Foundation: `PersonNameComponents` is its type,
    /// which the build without it has no stand-in for.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?
    ) {
        self.init(
            personHandle, nameComponents, displayName, image, contactIdentifier, customIdentifier,
            isMe: false, aliases: nil, relationship: nil, suggestionType: .none)
    }

    /// iOS 11: the person using the phone, or not.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isMe: Bool
    ) {
        self.init(
            personHandle, nameComponents, displayName, image, contactIdentifier, customIdentifier,
            isMe: isMe, aliases: nil, relationship: nil, suggestionType: .none)
    }

    /// iOS 15: the person using the phone or not, and where the app suggests them from.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isMe: Bool, suggestionType: INPersonSuggestionType
    ) {
        self.init(
            personHandle, nameComponents, displayName, image, contactIdentifier, customIdentifier,
            isMe: isMe, aliases: nil, relationship: nil, suggestionType: suggestionType)
    }

    /// iOS 11: with their other handles.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, aliases: [INPersonHandle]?, suggestionType: INPersonSuggestionType
    ) {
        self.init(
            personHandle, nameComponents, displayName, image, contactIdentifier, customIdentifier,
            isMe: false, aliases: aliases, relationship: nil, suggestionType: suggestionType)
    }

    /// iOS 14: with how they relate to the person using the phone.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, relationship: INPersonRelationship?
    ) {
        self.init(
            personHandle, nameComponents, displayName, image, contactIdentifier, customIdentifier,
            isMe: false, aliases: nil, relationship: relationship, suggestionType: .none)
    }

    /// Every initializer's fields; the display name falls back as `displayName` says.
    private init(
        _ personHandle: INPersonHandle, _ nameComponents: PersonNameComponents?, _ displayName: String?, _ image: INImage?,
        _ contactIdentifier: String?, _ customIdentifier: String?, isMe: Bool, aliases: [INPersonHandle]?,
        relationship: INPersonRelationship?, suggestionType: INPersonSuggestionType
    ) {
        self.personHandle = personHandle
        self.nameComponents = nameComponents
        self.displayName = displayName ?? nameComponents.flatMap(Self.formatted) ?? personHandle.value ?? ""
        self.image = image
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
        self.isMe = isMe
        self.aliases = aliases
        self.relationship = relationship
        self.suggestionType = suggestionType
    }

    /// The name components as one name: given then family name, or else the nickname. Linux's
    /// Foundation has no `PersonNameComponentsFormatter` to ask.
    private static func formatted(_ name: PersonNameComponents) -> String? {
        let full = [name.givenName, name.familyName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return full.isEmpty ? name.nickname : full
    }
    #endif
}

/// Where an app suggests a person from, as Intents' `INPersonSuggestionType`, with Apple's raw values.
public enum INPersonSuggestionType: Int, Sendable {
    case none = 0
    case socialProfile = 1
    case instantMessageAddress = 2
}

/// How a person relates to the one using the phone, as Intents' `INPersonRelationship` (Apple
/// does not publish the raw values: these are the names).
public struct INPersonRelationship: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let father = INPersonRelationship("father")
    public static let mother = INPersonRelationship("mother")
    public static let parent = INPersonRelationship("parent")
    public static let brother = INPersonRelationship("brother")
    public static let sister = INPersonRelationship("sister")
    public static let child = INPersonRelationship("child")
    public static let friend = INPersonRelationship("friend")
    public static let spouse = INPersonRelationship("spouse")
    public static let partner = INPersonRelationship("partner")
    public static let assistant = INPersonRelationship("assistant")
    public static let manager = INPersonRelationship("manager")
    public static let son = INPersonRelationship("son")
    public static let daughter = INPersonRelationship("daughter")
}
