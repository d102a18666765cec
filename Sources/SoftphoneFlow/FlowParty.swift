/// One column of the ladder: who says or hears something in a VoIP call's flow on iOS.
/// The order is the columns' order, left to right: from the developer's server, through Apple's
/// push service and frameworks, to the app, the system's call screen and the person holding it.
public enum FlowParty: Int, CaseIterable, Comparable, Sendable {
    /// The developer's server: it sends pushes and hears the app's requests.
    case server
    /// Apple Push Notification service.
    case apns
    /// PushKit on the phone: it hands VoIP pushes and tokens to the app.
    case pushKit
    /// The app.
    case app
    /// CallKit: the provider's actions and the calls it reports.
    case callKit
    /// The system's call screen, lock screen, ringer and motor.
    case phoneUI
    /// The person holding the phone.
    case person
    /// The app's notification-service extension, a column only when one runs.
    case `extension`

    public static func < (a: FlowParty, b: FlowParty) -> Bool { a.rawValue < b.rawValue }

    /// The column's heading.
    public var name: String {
        switch self {
        case .server: "Server"
        case .apns: "APNs"
        case .pushKit: "PushKit"
        case .app: "App"
        case .callKit: "CallKit"
        case .phoneUI: "Phone UI"
        case .person: "Person"
        case .extension: "Extension"
        }
    }

    /// The heading where columns are narrow (40 columns of terminal): at most 4 characters.
    public var shortName: String {
        switch self {
        case .server: "Srv"
        case .apns: "APNs"
        case .pushKit: "PK"
        case .app: "App"
        case .callKit: "CK"
        case .phoneUI: "UI"
        case .person: "Pers"
        case .extension: "Ext"
        }
    }
}
