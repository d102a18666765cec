/// The ring/silent switch on the side of the phone.
public enum RingerSwitch: String, Equatable, Hashable, Sendable {
    case ring
    case silent
}
