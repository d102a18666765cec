import SoftphoneCore

/// The event stream's names and fields for the notification system: notifications, the service
/// extension, sounds, vibration and the device log (docs/events.md).
extension EventStream {
    /// The event's name in the stream, e.g. `notification.delivered`.
    static func name(of event: NotificationEvent) -> String {
        switch event {
        case .delivered: "notification.delivered"
        case .opened: "notification.opened"
        case .extensionStarted: "extension.started"
        case .extensionExpired: "extension.expired"
        case .extensionFinished: "extension.finished"
        case .soundPlayed: "sound.played"
        case .soundStopped: "sound.stopped"
        case .vibrated: "device.vibrated"
        case .log: "app.log"
        }
    }

    /// The event's own fields, after `t_ms` and `event`.
    static func fields(of event: NotificationEvent) -> [(String, JSON)] {
        switch event {
        case .delivered(let delivery):
            var fields: [(String, JSON)] = [
                ("id", .number(Double(delivery.id))), ("source", .string(delivery.source.rawValue)), ("shown", .bool(delivery.shown)),
                ("title", .string(delivery.title)), ("subtitle", .string(delivery.subtitle)), ("body", .string(delivery.body)),
                ("sound", delivery.sound.map(JSON.string) ?? .null),
            ]
            if let outcome = delivery.extensionOutcome { fields.append(("extension", .string(outcome.rawValue))) }
            if let reason = delivery.reason { fields.append(("reason", .string(reason))) }
            fields.append(("interruption_level", .string(delivery.interruptionLevel.rawValue)))
            if let heard = delivery.soundOutcome {
                fields.append(("sound_outcome", .string(heard.word)))
                if case .silenced(let by) = heard { fields.append(("silenced_by", .string(by))) }
            }
            return fields
        case .opened(let id, let title):
            return [("id", .number(Double(id))), ("title", .string(title))]
        case .extensionStarted(let notification), .extensionExpired(let notification):
            return [("notification", .number(Double(notification)))]
        case .extensionFinished(let notification, let outcome):
            return [("notification", .number(Double(notification))), ("outcome", .string(outcome.rawValue))]
        case .soundPlayed(let sound, let by):
            return [("sound", .string(sound)), ("by", .string(by.rawValue))]
        case .soundStopped(let sound, let why):
            return [("sound", .string(sound)), ("why", .string(why))]
        case .vibrated(let milliseconds, let by):
            return [("ms", .number(Double(milliseconds))), ("by", .string(by.rawValue))]
        case .log(let by, let message):
            return [("by", .string(by.rawValue)), ("message", .string(message))]
        }
    }
}
