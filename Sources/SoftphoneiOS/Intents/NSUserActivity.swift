public import Foundation
public import SoftphoneCore

// Swift's Foundation on Linux has no `NSUserActivity`; this is the part a call app uses: a call
// started from Recents reaches the app as an activity holding an `INStartCallIntent` (iOS rule 48).

/// An activity the system hands the app, as Foundation's `NSUserActivity`.
public final class NSUserActivity: NSObject {
    public let activityType: String
    public let interaction: INInteraction?

    public init(activityType: String) {
        self.activityType = activityType
        interaction = nil
        super.init()
    }

    init(_ activity: SoftphoneCore.NSUserActivity) {
        activityType = activity.activityType
        interaction = activity.interaction.map(INInteraction.init)
        super.init()
    }
}

/// An intent and its response, as the Intents framework's `INInteraction`.
public final class INInteraction: NSObject {
    public let intent: INIntent

    init(_ interaction: SoftphoneCore.INInteraction) {
        intent = INStartCallIntent(interaction.intent)
        super.init()
    }
}

/// A request Siri or the system makes of an app, as `INIntent`.
open class INIntent: NSObject {}

/// Call someone, as `INStartCallIntent`: what Recents' call-back sends the app.
public final class INStartCallIntent: INIntent {
    public typealias CallCapability = SoftphoneCore.INStartCallIntent.CallCapability
    public let contacts: [INPerson]?
    public let callCapability: CallCapability

    init(_ intent: SoftphoneCore.INStartCallIntent) {
        contacts = intent.contacts?.map(INPerson.init)
        callCapability = intent.callCapability
        super.init()
    }
}

/// A person, as `INPerson`.
public final class INPerson: NSObject {
    public let personHandle: INPersonHandle?
    public let displayName: String

    init(_ person: SoftphoneCore.INPerson) {
        personHandle = person.personHandle.map(INPersonHandle.init)
        displayName = person.displayName
        super.init()
    }
}

/// How to reach a person, as `INPersonHandle`.
public final class INPersonHandle: NSObject {
    public typealias HandleType = SoftphoneCore.INPersonHandle.HandleType
    public let value: String?
    public let type: HandleType

    init(_ handle: SoftphoneCore.INPersonHandle) {
        value = handle.value
        type = handle.type
        super.init()
    }
}
