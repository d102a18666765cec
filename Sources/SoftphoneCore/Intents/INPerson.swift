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
    }

    #if SOFTPHONE_FOUNDATION
    /// A person as app code makes one. Only with Foundation: `PersonNameComponents` is its type,
    /// which the build without it has no stand-in for.
    public init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?
    ) {
        self.personHandle = personHandle
        self.nameComponents = nameComponents
        self.displayName = displayName ?? nameComponents.flatMap(Self.formatted) ?? personHandle.value ?? ""
        self.image = image
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
    }

    /// The name components as one name: given then family name, or else the nickname. Linux's
    /// Foundation has no `PersonNameComponentsFormatter` to ask.
    private static func formatted(_ name: PersonNameComponents) -> String? {
        let full = [name.givenName, name.familyName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return full.isEmpty ? name.nickname : full
    }
    #endif
}
